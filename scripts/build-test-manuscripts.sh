#!/usr/bin/env bash
# Rebuilds the project's own test manuscripts (tests/fixtures/manuscripts) from their sources:
# layouts the dev set lacks (b*.pdf, with ground truth in b*.json) and the failure cases
# (a scan without text, an encrypted PDF). Needs Debian's texlive-latex-recommended, lmodern
# qpdf and libreoffice-writer-nogui; the documents are committed, so tests and CI do not need them.
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
node "$scripts/build-test-docx.mjs"
# A Word manuscript made by LibreOffice (HTML → .docx → .pdf), in a layout the dev set lacks.
lo=$(mktemp -d)
cp b6-word-symbols.html "$lo/"
(cd "$lo" && soffice --headless --convert-to 'docx:MS Word 2007 XML' b6-word-symbols.html >/dev/null && soffice --headless --convert-to pdf b6-word-symbols.docx >/dev/null)
cp "$lo/b6-word-symbols.docx" ../b6.docx
cp "$lo/b6-word-symbols.pdf" ../b6.pdf
rm -rf "$lo"
# b7.docx (generated above, with real footnotes) printed to PDF by LibreOffice.
pdfdir=$(mktemp -d)
cp ../b7.docx "$pdfdir/" && (cd "$pdfdir" && soffice --headless --convert-to pdf b7.docx >/dev/null) && cp "$pdfdir/b7.pdf" ../b7.pdf
rm -rf "$pdfdir"
echo "Test manuscripts rebuilt."
