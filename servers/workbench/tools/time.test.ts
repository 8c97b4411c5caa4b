import { describe, expect, it } from "vitest";
import { addMonths, currentTime, dateAdd, dateDiff, parseDate } from "./time";

describe("parseDate", () => {
  it("reads dates, date-times and offsets; no offset means UTC", () => {
    expect(parseDate("2026-03-14", "d")).toEqual({ date: new Date("2026-03-14T00:00:00Z"), dateOnly: true });
    expect(parseDate("2026-03-14T09:30", "d").date.toISOString()).toBe("2026-03-14T09:30:00.000Z");
    expect(parseDate("2026-03-14T09:30:00+0100", "d").date.toISOString()).toBe("2026-03-14T08:30:00.000Z");
  });
  it("rejects impossible and non-ISO dates, naming the argument", () => {
    expect(() => parseDate("2026-02-30", "start")).toThrow(
      "Invalid argument 'start': '2026-02-30' is not a real calendar date",
    );
    expect(() => parseDate("14/03/2026", "end")).toThrow("Invalid argument 'end'");
  });
});

describe("currentTime", () => {
  const now = new Date("2026-07-01T12:00:00Z");
  it("renders in an IANA zone with its offset", () => {
    expect(currentTime(now, "Asia/Kolkata")).toMatchObject({
      timezone: "Asia/Kolkata",
      date: "2026-07-01",
      time: "17:30:00",
      weekday: "Wednesday",
      utc_offset: "+05:30",
      iso: "2026-07-01T17:30:00+05:30",
      utc: "2026-07-01T12:00:00.000Z",
    });
    expect(currentTime(now, "UTC").utc_offset).toBe("+00:00");
    expect(currentTime(now, "America/New_York").time).toBe("08:00:00");
  });
  it("names a bad timezone", () => {
    expect(() => currentTime(now, "Mars/Olympus")).toThrow(
      "Invalid argument 'timezone': unknown IANA time zone 'Mars/Olympus'",
    );
  });
});

describe("dateDiff", () => {
  it("gives calendar parts, totals and weekdays", () => {
    const d = dateDiff("2026-01-31", "2026-03-01");
    expect(d.calendar).toEqual({ years: 0, months: 1, days: 1, hours: 0, minutes: 0, seconds: 0 });
    expect(d.total.days).toBe(29);
    expect(dateDiff("2026-03-02", "2026-03-09").weekdays).toBe(5); // Monday to Monday
    expect(dateDiff("2026-03-07", "2026-03-09").weekdays).toBe(0); // a weekend
    // Month arithmetic clamps (as date_add does), so Feb 29 + 26 years lands on Feb 28.
    expect(dateDiff("2000-02-29", "2026-02-28").calendar).toMatchObject({ years: 26, months: 0, days: 0 });
    expect(dateDiff("2000-03-01", "2026-02-28").calendar).toMatchObject({ years: 25, months: 11, days: 27 });
  });
  it("handles end before start", () => {
    const d = dateDiff("2026-01-02T12:00:00Z", "2026-01-01");
    expect(d.direction).toBe("end is before start");
    expect(d.total.hours).toBe(-36);
    expect(d.calendar).toMatchObject({ days: 1, hours: 12 });
  });
});

describe("dateAdd / addMonths", () => {
  it("clamps month ends and keeps date-only output", () => {
    expect(dateAdd("2026-01-31", 1, "months")).toEqual({ date: "2026-02-28", weekday: "Saturday" });
    expect(dateAdd("2024-02-29", 1, "years").date).toBe("2025-02-28");
    expect(dateAdd("2026-03-14", -90, "days").date).toBe("2025-12-14");
    expect(dateAdd("2026-03-14", 2, "weeks").date).toBe("2026-03-28");
    expect(dateAdd("2026-03-14", 36, "hours").date).toBe("2026-03-15T12:00:00.000Z");
    expect(addMonths(new Date("2026-12-15T00:00:00Z"), 1).toISOString()).toBe("2027-01-15T00:00:00.000Z");
    expect(addMonths(new Date("2026-01-15T00:00:00Z"), -13).toISOString()).toBe("2024-12-15T00:00:00.000Z");
  });
  it("names a fractional amount", () => {
    expect(() => dateAdd("2026-01-01", 1.5, "days")).toThrow("Invalid argument 'amount'");
  });
});
