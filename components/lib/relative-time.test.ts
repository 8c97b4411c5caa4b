import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

describe("relativeTime", () => {
  const now = Date.parse("2026-11-30T12:00:00Z");
  it("reads at a glance", () => {
    expect(relativeTime("2026-11-30T11:59:50Z", now)).toBe("just now");
    expect(relativeTime("2026-11-30T11:55:00Z", now)).toBe("5 min ago");
    expect(relativeTime("2026-11-30T09:00:00Z", now)).toBe("3 h ago");
    expect(relativeTime("2026-11-28T12:00:00Z", now)).toBe("2 d ago");
    expect(relativeTime("2026-10-01T12:00:00Z", now)).toBe("2026-10-01");
    expect(relativeTime("", now)).toBe("");
  });
});
