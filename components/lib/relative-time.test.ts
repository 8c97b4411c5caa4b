import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

describe("relativeTime", () => {
  const now = Date.parse("2026-11-30T12:00:00Z");
  it("reads at a glance", () => {
    expect(relativeTime("2026-11-30T11:59:50Z", now)).toEqual({ key: "time.justNow" });
    expect(relativeTime("2026-11-30T11:55:00Z", now)).toEqual({ key: "time.minutes", count: 5 });
    expect(relativeTime("2026-11-30T09:00:00Z", now)).toEqual({ key: "time.hours", count: 3 });
    expect(relativeTime("2026-11-28T12:00:00Z", now)).toEqual({ key: "time.days", count: 2 });
    expect(relativeTime("2026-10-01T12:00:00Z", now)).toEqual({ date: "2026-10-01" });
    expect(relativeTime("", now)).toBeNull();
  });
});
