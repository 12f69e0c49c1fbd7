import { describe, expect, it } from "vitest";
import { deadlinePassed, formatDeadline, parseUtcDateTime, utcDateTimeInput } from "./deadline";

describe("submission deadlines in UTC", () => {
  it("reads the console's date and time as UTC and writes it back the same", () => {
    const at = parseUtcDateTime("2027-03-15T23:59");
    expect(at).toBe(Date.UTC(2027, 2, 15, 23, 59));
    expect(utcDateTimeInput(at!)).toBe("2027-03-15T23:59");
    expect(formatDeadline(at!)).toBe("15 March 2027, 23:59 UTC");
  });

  it("names no instant for what is no date and time", () => {
    for (const v of ["", "2027-02-30T10:00", "2027-03-15T24:00", "2027-03-15 10:00", "2027-03-15T10:60", "tomorrow"]) expect(parseUtcDateTime(v)).toBeNull();
  });

  it("has passed at the deadline itself, not before; no deadline never passes", () => {
    const at = Date.UTC(2027, 2, 15, 23, 59);
    expect(deadlinePassed(at, at - 1)).toBe(false);
    expect(deadlinePassed(at, at)).toBe(true);
    expect(deadlinePassed(null, at)).toBe(false);
  });
});
