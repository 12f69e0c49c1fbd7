#!/usr/bin/env bash
# Rebuilds the project's own test manuscripts (tests/fixtures/manuscripts) from their sources:
# layouts the dev set lacks (b*.pdf, with ground truth in b*.json) and the failure cases
# (a scan without text, an encrypted PDF). Needs Debian's texlive-latex-recommended, lmodern
# and qpdf; the PDFs are committed, so tests and CI do not need them.
set -euo pipefail
scripts="$(cd "$(dirname "$0")" && pwd)"
cd "$scripts/../tests/fixtures/manuscripts/src"
out=$(mktemp -d)
for tex in b1-and-texttt b2-affil-letters b3-single-nolabel b5-thirty-pages scanned; do
  pdflatex -interaction=nonstopmode -halt-on-error -output-directory "$out" "$tex.tex" >/dev/null
done
cp "$out/b1-and-texttt.pdf" ../b1.pdf
cp "$out/b2-affil-letters.pdf" ../b2.pdf
cp "$out/b3-single-nolabel.pdf" ../b3.pdf
cp "$out/b5-thirty-pages.pdf" ../b5.pdf
cp "$out/scanned.pdf" ../failing/scanned.pdf
qpdf --encrypt secret-user secret-owner 256 -- ../b1.pdf ../failing/encrypted.pdf
rm -rf "$out"
echo "Test manuscripts rebuilt."
node "$scripts/build-test-docx.mjs"
