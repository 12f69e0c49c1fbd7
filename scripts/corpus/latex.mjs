/**
 * LaTeX layouts of the generated corpus: the classes finance, economics and accounting
 * manuscripts are written in, each printing title, authors, affiliations, e-mails, abstract and
 * keywords its own way. A layout returns the .tex source and what the document shows (the
 * ground truth: a blind copy shows no author; a layout that marks no corresponding author marks none).
 */
import { affiliationGroups } from "./data.mjs";

const esc = (s) => s.replace(/\\/g, "\\textbackslash{}").replace(/([&%$#_{}])/g, "\\$1").replace(/~/g, "\\textasciitilde{}").replace(/’/g, "'");
const name = (a) => `${a.firstName} ${a.lastName}`;
const place = (a) => [a.department, a.institution, a.city, a.country].filter(Boolean).map(esc).join(", ");
const PREAMBLE = "\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n\\usepackage{lmodern}\n\\usepackage{url}\n";

/** Body text after the front matter: a section or two, so the title page looks like a manuscript's (never the abstract's sentences again, which would blur what the abstract is). */
function body(doc) {
  const p = doc.paper;
  return `\\section{Introduction}
${esc(p.intro)} The remainder of the paper is organised as follows. Section~2 describes the data, Section~3 the empirical strategy, and Section~4 presents the results.

\\section{Data}
We combine several sources described in detail below. Summary statistics are reported in Table~1. All continuous variables are winsorised at the 1st and 99th percentiles to limit the influence of outliers.
`;
}

const keywordLine = (doc, label = "Keywords") => `\\noindent\\textbf{${label}:} ${doc.paper.keywords.map(esc).join("; ")}\\\\
\\noindent\\textbf{JEL classification:} ${doc.paper.jel.join(", ")}`;

/** Pages that come before the title page in some submissions. */
export function frontPages(doc, kind) {
  const p = doc.paper;
  const first = doc.authors[0];
  if (kind === "cover-letter") {
    return `\\thispagestyle{empty}
\\noindent ${first ? esc(first.city) : "Submitted"}, 15 March 2025\\\\[2em]
\\noindent To the Editor\\\\
Multinational Finance Journal\\\\[2em]
\\noindent Dear Editor,\\\\[1em]
Please find enclosed our manuscript entitled \\textquotedblleft{}${esc(p.title)}\\textquotedblright{}, which we submit for consideration for publication. The paper has not been published and is not under review elsewhere. All authors have approved the submission and declare no conflict of interest.\\\\[1em]
We look forward to hearing from you.\\\\[2em]
\\noindent Sincerely,\\\\[1em]
${first ? esc(name(first)) : "The authors"}\\\\
${first ? esc(first.institution) : ""}
\\newpage
`;
  }
  if (kind === "highlights") {
    return `\\thispagestyle{empty}
\\noindent\\textbf{\\large Highlights}
\\begin{itemize}
\\item We study ${esc(p.title.split(":")[0].toLowerCase())}.
\\item We use a new data set and a quasi-natural experiment.
\\item Effects are larger for smaller and more opaque firms.
\\item The results inform the design of regulation.
\\end{itemize}
\\newpage
`;
  }
  if (kind === "working-paper-cover") {
    return `\\thispagestyle{empty}
\\begin{center}
{\\Large\\textsc{Working Paper Series}}\\\\[1em]
No.~${(p.title.length * 37) % 900 + 100} / 2025\\\\[6em]
{\\huge ${esc(p.title)}}\\\\[4em]
\\end{center}
\\vfill
\\noindent\\small Disclaimer: This paper should not be reported as representing the views of the institution. The views expressed are those of the authors and do not necessarily reflect those of the institution or its board. Working papers describe research in progress by the authors and are published to elicit comments and to further debate.
\\newpage
`;
  }
  return "";
}

/**
 * The layouts. Each: (doc) => { tex, shows } where `shows` says what the ground truth holds:
 * `corresponding` whether the corresponding author is marked.
 */
export const LATEX_LAYOUTS = {
  "article-thanks": (doc) => {
    const authors = doc.authors.map((a, i) => `${esc(name(a))}\\thanks{${place(a)}. E-mail: \\texttt{${esc(a.email)}}.${i === doc.corresponding ? " Corresponding author." : ""}}`).join(" \\and ");
    return {
      tex: `\\documentclass[12pt]{article}\n${PREAMBLE}\\title{${esc(doc.paper.title)}}\n\\author{${authors}}\n\\date{\\today}\n\\begin{document}\n${doc.front}\\maketitle\n\\begin{abstract}\n${esc(doc.paper.abstract)}\n\\end{abstract}\n${keywordLine(doc)}\n\\newpage\n${body(doc)}\\end{document}\n`,
      corresponding: true,
    };
  },
  "article-tabular": (doc) => {
    const authors = doc.authors.map((a) => `\\begin{tabular}{c}${esc(name(a))}\\\\ \\small ${esc(a.institution)}\\\\ \\small ${esc(a.city)}, ${esc(a.country)}\\\\ \\small\\texttt{${esc(a.email)}}\\end{tabular}`).join(" \\and ");
    return {
      tex: `\\documentclass[11pt]{article}\n${PREAMBLE}\\title{${esc(doc.paper.title)}}\n\\author{${authors}}\n\\date{}\n\\begin{document}\n${doc.front}\\maketitle\n\\begin{abstract}\n${esc(doc.paper.abstract)}\n\\end{abstract}\n${keywordLine(doc)}\n${body(doc)}\\end{document}\n`,
      corresponding: false,
      departments: false,
    };
  },
  "article-blocks": (doc) => {
    const blocks = doc.authors
      .map((a, i) => `{\\large ${esc(name(a))}${i === doc.corresponding ? "$^{*}$" : ""}}\\\\\n{\\itshape ${esc([a.department, a.institution].filter(Boolean).join(", "))}}\\\\\n{\\itshape ${esc(a.city)}, ${esc(a.country)}}\\\\\n\\texttt{${esc(a.email)}}\\\\[1em]`)
      .join("\n");
    return {
      tex: `\\documentclass[12pt]{article}\n${PREAMBLE}\\usepackage[margin=1in]{geometry}\n\\begin{document}\n${doc.front}\\begin{center}\n{\\LARGE\\bfseries ${esc(doc.paper.title)}}\\\\[2em]\n${blocks}\n\\end{center}\n${doc.authors.length ? `{\\small $^{*}$Corresponding author.}\\\\[1em]\n` : ""}\\noindent\\textbf{Abstract}\\\\\n${esc(doc.paper.abstract)}\\\\[1em]\n${keywordLine(doc)}\n\\newpage\n${body(doc)}\\end{document}\n`,
      corresponding: true,
    };
  },
  "article-caps-unlabelled": (doc) => {
    const names = doc.authors.map((a) => esc(name(a)));
    const line = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
    const { index, groups } = affiliationGroups(doc.authors);
    const marked = doc.authors.map((a, i) => `${esc(name(a))}$^{${index[i] + 1}}$`);
    const authorLine = groups.length > 1 ? (marked.length > 1 ? `${marked.slice(0, -1).join(", ")} and ${marked.at(-1)}` : marked[0]) : line;
    const affs = groups.map((a, g) => `${groups.length > 1 ? `$^{${g + 1}}$` : ""}${place(a)}`).join("\\\\\n");
    return {
      tex: `\\documentclass[11pt]{article}\n${PREAMBLE}\\usepackage[margin=1.1in]{geometry}\n\\begin{document}\n${doc.front}\\begin{center}\n{\\Large\\bfseries ${esc(doc.paper.title).toUpperCase()}}\\\\[1.5em]\n${doc.authors.length ? `${authorLine}\\\\[0.8em]\n{\\small ${affs}}\\\\[0.5em]\n{\\small ${doc.authors.map((a) => `\\texttt{${esc(a.email)}}`).join(", ")}}\n` : ""}\\end{center}\n\\vspace{1em}\n\\begin{quote}\\small\n${esc(doc.paper.abstract)}\n\\end{quote}\n${keywordLine(doc, "Key words")}\n\\newpage\n${body(doc)}\\end{document}\n`,
      corresponding: false,
      titleCaps: true,
    };
  },
  authblk: (doc) => {
    const { index, groups } = affiliationGroups(doc.authors);
    const authors = doc.authors.map((a, i) => `\\author[${index[i] + 1}${i === doc.corresponding ? ",*" : ""}]{${esc(name(a))}}`).join("\n");
    const affs = groups.map((a, g) => `\\affil[${g + 1}]{${place(a)}}`).join("\n");
    const emails = doc.authors.map((a) => `\\texttt{${esc(a.email)}}`).join(", ");
    return {
      tex: `\\documentclass[12pt]{article}\n${PREAMBLE}\\usepackage{authblk}\n\\title{${esc(doc.paper.title)}}\n${authors}\n${affs}\n${doc.authors.length ? "\\affil[*]{Corresponding author}\n" : ""}\\date{}\n\\begin{document}\n${doc.front}\\maketitle\n${doc.authors.length ? `\\begin{center}\\small E-mail addresses: ${emails}\\end{center}\n` : ""}\\begin{abstract}\n${esc(doc.paper.abstract)}\n\\end{abstract}\n${keywordLine(doc)}\n${body(doc)}\\end{document}\n`,
      corresponding: true,
    };
  },
  elsarticle: (doc, option = "preprint") => {
    const { index, groups } = affiliationGroups(doc.authors);
    const authors = doc.authors
      .map((a, i) => `\\author[aff${index[i] + 1}]{${esc(name(a))}${i === doc.corresponding ? "\\corref{cor1}" : ""}}\n\\ead{${esc(a.email)}}`)
      .join("\n");
    const affs = groups
      .map((a, g) => `\\affiliation[aff${g + 1}]{${a.department ? `organization={${esc(a.department)}, ${esc(a.institution)}},` : `organization={${esc(a.institution)}},`}\n  city={${esc(a.city)}},\n  country={${esc(a.country)}}}`)
      .join("\n");
    const columns = option === "5p" ? ",twocolumn" : "";
    return {
      tex: `\\documentclass[${option}${columns},12pt]{elsarticle}\n${PREAMBLE}\\begin{document}\n${doc.front}\\begin{frontmatter}\n\\title{${esc(doc.paper.title)}}\n${authors}\n${doc.authors.length ? "\\cortext[cor1]{Corresponding author}\n" : ""}${affs}\n\\begin{abstract}\n${esc(doc.paper.abstract)}\n\\end{abstract}\n\\begin{keyword}\n${doc.paper.keywords.map(esc).join(" \\sep ")}\n\\JEL ${doc.paper.jel.join(" \\sep ")}\n\\end{keyword}\n\\end{frontmatter}\n${body(doc)}\\end{document}\n`,
      corresponding: true,
    };
  },
  amsart: (doc) => {
    const authors = doc.authors.map((a) => `\\author{${esc(name(a))}}\n\\address{${place(a)}}\n\\email{${esc(a.email)}}`).join("\n");
    return {
      tex: `\\documentclass[11pt]{amsart}\n${PREAMBLE}\\begin{document}\n${doc.front}\\title{${esc(doc.paper.title)}}\n${authors}\n\\keywords{${doc.paper.keywords.map(esc).join(", ")}}\n\\subjclass{${doc.paper.jel.join(", ")}}\n\\begin{abstract}\n${esc(doc.paper.abstract)}\n\\end{abstract}\n\\maketitle\n${body(doc)}\\end{document}\n`,
      corresponding: false,
      namesCaps: true,
    };
  },
  "ieee-conference": (doc) => {
    const authors = doc.authors
      .map((a) => `\\IEEEauthorblockN{${esc(name(a))}}\n\\IEEEauthorblockA{${a.department ? `\\textit{${esc(a.department)}} \\\\\n` : ""}\\textit{${esc(a.institution)}}\\\\\n${esc(a.city)}, ${esc(a.country)} \\\\\n${esc(a.email)}}`)
      .join("\n\\and\n");
    return {
      tex: `\\documentclass[conference]{IEEEtran}\n${PREAMBLE}\\begin{document}\n${doc.front}\\title{${esc(doc.paper.title)}}\n\\author{${authors}}\n\\maketitle\n\\begin{abstract}\n${esc(doc.paper.abstract)}\n\\end{abstract}\n\\begin{IEEEkeywords}\n${doc.paper.keywords.map(esc).join(", ")}\n\\end{IEEEkeywords}\n${body(doc)}\\end{document}\n`,
      corresponding: false,
    };
  },
  "ieee-journal": (doc) => {
    const names = doc.authors.map((a) => esc(name(a)));
    const line = names.length > 1 ? `${names.slice(0, -1).join(", ")}${names.length > 2 ? "," : ""} and ${names.at(-1)}` : (names[0] ?? "");
    const thanks = doc.authors.map((a) => `${esc(name(a))} is with the ${place(a)} (e-mail: ${esc(a.email)}).`).join(" ");
    return {
      tex: `\\documentclass[journal]{IEEEtran}\n${PREAMBLE}\\begin{document}\n${doc.front}\\title{${esc(doc.paper.title)}}\n\\author{${line}${doc.authors.length ? `\\thanks{${thanks}}` : ""}}\n\\maketitle\n\\begin{abstract}\n${esc(doc.paper.abstract)}\n\\end{abstract}\n\\begin{IEEEkeywords}\n${doc.paper.keywords.map(esc).join(", ")}\n\\end{IEEEkeywords}\n${body(doc)}\\end{document}\n`,
      corresponding: false,
    };
  },
  llncs: (doc) => {
    const { index, groups } = affiliationGroups(doc.authors);
    const authors = doc.authors.map((a, i) => `${esc(name(a))}\\inst{${index[i] + 1}}`).join(" \\and ");
    const institutes = groups
      .map((a, g) => {
        const emails = doc.authors.filter((_, i) => index[i] === g).map((x) => esc(x.email));
        return `${esc([a.department, a.institution].filter(Boolean).join(", "))}, ${esc(a.city)}, ${esc(a.country)}\\\\\n\\email{${emails.join(", ")}}`;
      })
      .join(" \\and\n");
    return {
      tex: `\\documentclass{llncs}\n${PREAMBLE}\\begin{document}\n${doc.front}\\title{${esc(doc.paper.title)}}\n\\author{${authors}}\n\\institute{${institutes}}\n\\maketitle\n\\begin{abstract}\n${esc(doc.paper.abstract)}\n\\keywords{${doc.paper.keywords.map(esc).join(" \\and ")}}\n\\end{abstract}\n${body(doc)}\\end{document}\n`,
      corresponding: false,
    };
  },
  revtex: (doc) => {
    const authors = doc.authors.map((a) => `\\author{${esc(name(a))}}\n\\email{${esc(a.email)}}\n\\affiliation{${place(a)}}`).join("\n");
    return {
      tex: `\\documentclass[preprint,nofootinbib]{revtex4-2}\n${PREAMBLE}\\begin{document}\n${doc.front}\\title{${esc(doc.paper.title)}}\n${authors}\n\\begin{abstract}\n${esc(doc.paper.abstract)}\n\\end{abstract}\n\\keywords{${doc.paper.keywords.map(esc).join(", ")}}\n\\maketitle\n${body(doc)}\\end{document}\n`,
      corresponding: false,
    };
  },
};

/** The elsarticle options the issue names, as layouts of their own. */
const elsarticle = LATEX_LAYOUTS.elsarticle;
delete LATEX_LAYOUTS.elsarticle;
for (const option of ["preprint", "review", "1p", "3p", "5p"]) LATEX_LAYOUTS[`elsarticle-${option}`] = (doc) => elsarticle(doc, option);
