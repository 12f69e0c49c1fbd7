import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { PageHead } from "~/components/page-head";
import { LinkTabs } from "~/components/ui/link-tabs";
import { TableWrap } from "~/components/ui/table-wrap";
import { rootData, seo } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import { loads } from "~/server/answers.server";

export const JOURNAL_TABS = [
  { id: "aims", title: "Aims & Scope" },
  { id: "editorial-board", title: "Editorial Board" },
  { id: "open-access", title: "Open Access" },
  { id: "ethics", title: "Publication Ethics" },
  { id: "submission", title: "Manuscript Submission" },
  { id: "guide", title: "Guide for Authors" },
] as const;
type TabId = (typeof JOURNAL_TABS)[number]["id"];

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request }: LoaderFunctionArgs) => {
  const asked = new URL(request.url).searchParams.get("tab");
  const tab = JOURNAL_TABS.find((t) => t.id === asked)?.id ?? "aims";
  return { tab };
});

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const tab = JOURNAL_TABS.find((t) => t.id === data?.tab) ?? JOURNAL_TABS[0];
  return seo(rootData(matches), {
    title: tab.id === "aims" ? "Multinational Finance Journal" : `${tab.title} | Multinational Finance Journal`,
    description: "A peer-reviewed, open-access quarterly in finance and accounting, published since 1997: aims, editorial board, ethics and the guide for authors.",
    path: tab.id === "aims" ? "/journal" : `/journal?tab=${tab.id}`,
  });
};

const EDITORS = [
  { role: "Editor-in-Chief", name: "Prof. Helena Marlowe", affiliation: "University of Northbridge" },
  { role: "Co-Editor", name: "Prof. Tomás Ibarra", affiliation: "Universidad del Litoral" },
  { role: "Associate Editor", name: "Dr. Anneli Virtanen", affiliation: "Baltic School of Economics" },
  { role: "Associate Editor", name: "Prof. Kwame Osei-Bonsu", affiliation: "Coastal Institute of Finance" },
  { role: "Associate Editor", name: "Dr. Mei-Ling Hsu", affiliation: "Eastern Harbour University" },
  { role: "Associate Editor", name: "Prof. Dimitra Kallergi", affiliation: "Aegean Business School" },
  { role: "Administrative Manager", name: "Ms. Clara Westwood", affiliation: "Society Office" },
];

export default function JournalRoute() {
  const { tab } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const manager = root?.config.managerEmail ?? "";
  const panels: Record<TabId, ReactNode> = {
    aims: (
      <>
        <h2>Aims &amp; Scope</h2>
        <ul className="facts">
          <li>
            <strong>Quarterly</strong> four issues a year
          </li>
          <li>
            <strong>Since 1997</strong> continuous publication
          </li>
          <li>
            <strong>Peer reviewed</strong> double-blind review
          </li>
          <li>
            <strong>Open access</strong> free to read, CC BY-NC 4.0
          </li>
        </ul>
        <p>
          The Multinational Finance Journal publishes original research in finance and accounting, with an emphasis on
          questions that cross national borders: international capital markets, corporate finance and governance in
          multinational firms, financial institutions and regulation, asset pricing and investments, derivatives and
          risk management, quantitative methods, and financial reporting.
        </p>
        <p>
          Theoretical, empirical and policy-oriented papers are welcome. The journal values careful identification,
          transparent data and clear writing over technique for its own sake.
        </p>
      </>
    ),
    "editorial-board": (
      <>
        <h2>Editorial Board</h2>
        <TableWrap label="Editorial Board">
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Role</th>
                <th scope="col">Name</th>
                <th scope="col">Affiliation</th>
              </tr>
            </thead>
            <tbody>
              {EDITORS.map((e) => (
                <tr key={e.name}>
                  <td>{e.role}</td>
                  <td>{e.name}</td>
                  <td>{e.affiliation}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </>
    ),
    "open-access": (
      <>
        <h2>Open Access</h2>
        <p>
          Every article is free to read and download from the day it is published. Articles are licensed under the
          Creative Commons Attribution-NonCommercial 4.0 International licence (CC BY-NC 4.0): anyone may share and adapt
          them for non-commercial purposes, with credit to the authors and the journal.
        </p>
        <p>
          After acceptance, authors assign copyright to the publisher, which publishes the article under that licence.
        </p>
      </>
    ),
    ethics: (
      <>
        <h2>Publication Ethics</h2>
        <ul>
          <li>Submissions must be original, not published elsewhere and not under review at another journal.</li>
          <li>Authors disclose funding and any conflict of interest, and make data available to referees on request.</li>
          <li>Referees treat manuscripts as confidential and declare any conflict of interest with the authors.</li>
          <li>
            Authorship cannot change after online publication: agree on the list of authors and its order before the
            final version is accepted.
          </li>
          <li>Plagiarism, duplicate publication and fabricated data lead to rejection or retraction.</li>
        </ul>
      </>
    ),
    submission: (
      <>
        <h2>Manuscript Submission</h2>
        <p>
          Submissions to the journal are made by e-mail to the administrative manager,{" "}
          <a href={`mailto:${manager}`}>{manager}</a>. Please attach the manuscript as a PDF or Word file together with
          a blind copy without the authors' names.
        </p>
        <h3>Submission fee</h3>
        <ul>
          <li>A submission or re-submission fee of EUR 50.00 applies to members and non-members alike.</li>
          <li>The fee is paid in full before editorial review begins.</li>
          <li>No re-submission fee is charged after a conditional acceptance with minor revisions.</li>
          <li>
            A desk rejection, usually within three weeks, does not refund the fee of 50 euros.
          </li>
        </ul>
        <p>
          Papers for the society's conference are submitted through your <Link to="/dashboard">dashboard</Link>, not by
          e-mail.
        </p>
      </>
    ),
    guide: (
      <>
        <h2>Guide for Authors</h2>
        <ul>
          <li>Manuscripts are written in English only.</li>
          <li>The abstract has at most 150 words.</li>
          <li>Give 4 to 6 keywords and the JEL classification codes.</li>
          <li>Set the text double-spaced in 11-point Times New Roman, with numbered pages.</li>
          <li>Put tables and figures at the end of the manuscript, each on its own page, numbered and titled.</li>
          <li>List references alphabetically by author; cite them in the text by author and year.</li>
          <li>The title page gives each author's affiliation and e-mail and names the corresponding author.</li>
        </ul>
      </>
    ),
  };
  return (
    <>
      <PageHead eyebrow="Peer reviewed · Open access · Since 1997" title="Multinational Finance Journal">
        A quarterly journal of research in finance and accounting.
      </PageHead>
      <div className="container">
        <LinkTabs label="Journal information" tabs={JOURNAL_TABS} current={tab} hrefFor={(id) => (id === "aims" ? "/journal" : `/journal?tab=${id}`)}>
          {panels[tab]}
        </LinkTabs>
        <p className="muted space-above-lg">
          <Link to="/login">Log in</Link> or <Link to="/register">register</Link> to submit to the conference. Questions
          about the journal: <a href={`mailto:${manager}`}>contact the administrative manager</a>.
        </p>
      </div>
    </>
  );
}
