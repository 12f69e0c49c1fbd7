import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { conferences } from "~/db/schema";
import { countingD1 } from "~/server/d1-counter";
import { getBoardPage } from "../../app/features/board/board.server";
import { getConferenceDetail, upcomingConference } from "../../app/features/conferences/conference.server";
import { batchPrepared } from "~/db/prepared.server";
import { createConference, db, isoDaysFromToday, storeFile } from "./fixtures";

describe("queries built once per isolate (decision 024)", () => {
  it("return exactly what the query builder returns, dates and all", async () => {
    const made = await createConference({ title: "Prepared Equality", venue: "<p>The venue</p>" });
    const detail = await getConferenceDetail({ db: db() }, made.id);
    const [row] = await db().select().from(conferences).where(eq(conferences.id, made.id));
    expect(detail).toMatchObject({ id: row!.id, title: "Prepared Equality", startDate: row!.startDate, updatedAt: row!.updatedAt });
    expect(detail!.updatedAt).toBeInstanceOf(Date);
    expect(detail!.sections.map((s) => s.key)).toContain("venue");
  });

  it("take each call's own values, one after another and at the same time", async () => {
    const a = await createConference({ title: "Prepared A" });
    const b = await createConference({ title: "Prepared B" });
    await storeFile({ kind: "conference_file", bytes: "%PDF-1.4 a", originalName: "a.pdf", contentType: "application/pdf", conferenceId: a.id });
    expect((await getConferenceDetail({ db: db() }, a.id))!.title).toBe("Prepared A");
    expect((await getConferenceDetail({ db: db() }, b.id))!.title).toBe("Prepared B");
    const [first, second, none] = await Promise.all([getConferenceDetail({ db: db() }, b.id), getConferenceDetail({ db: db() }, a.id), getConferenceDetail({ db: db() }, 987654)]);
    expect(first!.title).toBe("Prepared B");
    expect(first!.materials).toEqual([]);
    expect(second!.title).toBe("Prepared A");
    expect(second!.materials.map((f) => f.originalName)).toEqual(["a.pdf"]);
    expect(none).toBeNull();
  });

  it("run a page's queries in one counted D1 round trip", async () => {
    await createConference({ startDate: isoDaysFromToday(5), endDate: isoDaysFromToday(7) });
    const { db: counted, counter } = countingD1(env.DB);
    const [upcoming] = await batchPrepared(createDb(counted), [upcomingConference({ today: isoDaysFromToday(0) })]);
    expect(upcoming.length).toBe(1);
    expect(counter.roundTrips).toBe(1);
    await getBoardPage({ db: createDb(counted) }, null);
    expect(counter.roundTrips).toBe(2);
  });

  it("bind a value as a value, never as SQL", async () => {
    const board = await getBoardPage({ db: db() }, "2024-2025' or 1=1 --");
    expect(board.year).toBeNull();
  });
});
