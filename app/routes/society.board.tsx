import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { ErrorState } from "~/components/error-state";
import { CheckIcon, HourglassIcon } from "~/components/icons";
import { ButtonLink } from "~/components/ui/button";
import { TableWrap } from "~/components/ui/table-wrap";
import { BOARD_SECTION_COLUMNS, BOARD_SECTION_TITLES, boardPeriods, displayMemberName, isBoardPeriod, type MemberColumn } from "~/features/board/board";
import { rootData, seo } from "~/lib/seo";
import { type BoardPage, getBoardPage } from "~/features/board/board.server";
import { loads } from "~/server/answers.server";
import { notFound } from "~/server/errors.server";

export const loader = loads("Failed to load board data. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  const requested = new URL(request.url).searchParams.get("period");
  const periods = boardPeriods(new Date().getUTCFullYear());
  if (requested !== null && (!isBoardPeriod(requested) || !periods.includes(requested))) {
    throw notFound(`There is no board period "${requested.slice(0, 20)}". Periods run from ${periods.at(-1)} to ${periods[0]}.`);
  }
  const board = await getBoardPage(context, requested);
  return { periods, board, selected: requested ?? board.year?.period ?? periods[0]! };
});

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo(rootData(matches), {
    title: data?.selected ? `Board of Directors ${data.selected}` : "Board of Directors",
    description: "The society's board of directors, trustees, committees and administration, by period, and its past presidents.",
    path: "/society/board",
  });

export default function BoardRoute() {
  const { periods, board, selected } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-head">
        <div className="container">
          <p className="eyebrow">Governance</p>
          <h1>Board of Directors</h1>
          <p>The people who lead the society, period by period, and the presidents who led it before.</p>
        </div>
      </div>
      <div className="container">
          <div className="board-layout">
            <nav className="period-nav" aria-label="Board periods" id="periods">
              <h2 className="visually-hidden">Periods</h2>
              <ul>
                {periods.map((p) => {
                  const has = p in board.periodsWithData;
                  return (
                    <li key={p}>
                      <Link to={`?period=${p}`} aria-current={p === selected ? "page" : undefined} preventScrollReset>
                        <span>{board.periodsWithData[p] || p}</span>
                        {has ? (
                          <span className="marker-data" title="Board data available">
                            <CheckIcon className="marker-icon" />
                            <span className="visually-hidden">(board data available)</span>
                          </span>
                        ) : (
                          <span className="marker-empty" title="Not yet available">
                            <HourglassIcon className="marker-icon" />
                            <span className="visually-hidden">(not yet available)</span>
                          </span>
                        )}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <div>
              <p className="narrow-only">
                <a href="#periods">Choose another period</a>
              </p>
              <BoardYear year={board.year} selected={selected} />
              <PastPresidents presidents={board.pastPresidents} />
            </div>
          </div>
      </div>
    </>
  );
}

type Year = BoardPage["year"];
type Member = NonNullable<Year>["directors"][number];

function Name({ name }: { name: string }) {
  const shown = displayMemberName(name);
  return shown === name ? <>{name}</> : <span className="tba">{shown}</span>;
}

function MemberTable({ caption, members, columns }: { caption: string; members: Member[]; columns: readonly MemberColumn[] }) {
  if (members.length === 0) return null;
  const headings = { position: "Position", name: "Name", term: "Term", affiliation: "Affiliation" };
  return (
    <TableWrap label={caption}>
      <table className="data">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {headings[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.map((m, i) => (
            <tr key={`${m.name}-${i}`}>
              {columns.map((c) => (
                <td key={c}>{c === "name" ? <Name name={m.name} /> : (m[c] ?? "")}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function BoardYear({ year, selected }: { year: Year; selected: string }) {
  if (!year) {
    return (
      <section className="empty section" aria-labelledby="period-title">
        <h2 id="period-title">{selected}</h2>
        <p>The board for this period has not been published yet.</p>
      </section>
    );
  }
  return (
    <section className="section" aria-labelledby="period-title">
      <h2 id="period-title">Period {year.period}</h2>
      {year.sponsoringInstitution ? (
        <p>
          <strong>Sponsoring institution:</strong> {year.sponsoringInstitution}
        </p>
      ) : null}
      <MemberTable caption={BOARD_SECTION_TITLES.directors} members={year.directors} columns={BOARD_SECTION_COLUMNS.directors} />
      <MemberTable caption={`${BOARD_SECTION_TITLES.trustees} (founding members and past presidents)`} members={year.trustees} columns={BOARD_SECTION_COLUMNS.trustees} />
      <MemberTable caption={BOARD_SECTION_TITLES.executive} members={year.executive} columns={BOARD_SECTION_COLUMNS.executive} />
      <MemberTable caption={BOARD_SECTION_TITLES.nominating} members={year.nominating} columns={BOARD_SECTION_COLUMNS.nominating} />
      <MemberTable caption={BOARD_SECTION_TITLES.administration} members={year.administration} columns={BOARD_SECTION_COLUMNS.administration} />
    </section>
  );
}

function PastPresidents({ presidents }: { presidents: NonNullable<BoardPage>["pastPresidents"] }) {
  if (presidents.length === 0) return null;
  return (
    <section aria-labelledby="presidents-title">
      <h2 id="presidents-title">Past Presidents</h2>
      <TableWrap label="Past Presidents">
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Years</th>
              <th scope="col">Name</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {presidents.map((p) => {
              const deceased = (p.note ?? "").trim().toLowerCase() === "deceased";
              return (
                <tr key={p.id}>
                  <td>{p.years}</td>
                  <td>
                    {p.name}
                    {deceased ? (
                      <>
                        {" "}
                        <span className="dagger" aria-hidden="true">
                          †
                        </span>
                      </>
                    ) : null}
                  </td>
                  <td>{p.note}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      <p className="muted">
        <span aria-hidden="true">†</span> Deceased
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorState
      title={notFound ? "Board Period Not Found" : "Error"}
      message={notFound && typeof error.data === "string" ? error.data : "Failed to load board data. Please try again later."}
    >
      <ButtonLink to="/society/board">Show the current board</ButtonLink>
    </ErrorState>
  );
}
