import { describe, expect, it } from "vitest";
import { CallClock, formatDuration } from "./call-clock";

describe("CallClock", () => {
  it("measures from first sighting of the call to first sighting of the result", () => {
    const clock = new CallClock();
    clock.observe(["c1"], [], 1000, true);
    clock.observe(["c1"], [], 1500, true);
    expect(clock.elapsed("c1", 1700)).toEqual({ ms: 700, finished: false });
    clock.observe(["c1"], ["c1"], 2250, true);
    clock.observe(["c1"], ["c1"], 9000, true);
    expect(clock.elapsed("c1", 9999)).toEqual({ ms: 1250, finished: true });
  });

  it("reports unknown for calls loaded from a saved thread", () => {
    const clock = new CallClock();
    clock.observe(["old"], ["old"], 1000, false);
    clock.observe(["pending"], [], 1000, false);
    expect(clock.elapsed("old", 5000)).toBeNull();
    expect(clock.elapsed("pending", 5000)).toBeNull();
    expect(clock.elapsed("never-seen", 5000)).toBeNull();
  });

  it("reports unknown for a result whose call was never seen", () => {
    const clock = new CallClock();
    clock.observe([], ["c2"], 1000, true);
    expect(clock.elapsed("c2", 2000)).toBeNull();
  });
});

describe("formatDuration", () => {
  it("picks a unit a person reads at a glance", () => {
    expect(formatDuration(0)).toBe("0 ms");
    expect(formatDuration(312.4)).toBe("312 ms");
    expect(formatDuration(1234)).toBe("1.2 s");
    expect(formatDuration(65_000)).toBe("1m 05s");
  });
});

describe("CallClock, calls that were not watched", () => {
  it("does not report 0 ms for a call whose result arrived together with it", () => {
    const clock = new CallClock();
    clock.observe(["c1"], ["c1"], 5000, true);
    expect(clock.elapsed("c1", 6000)).toBeNull();
  });
});
