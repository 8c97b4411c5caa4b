import { describe, expect, it } from "vitest";
import { DEFAULT_RANKER } from "@/lib/deferred/search/ranker";
import { get, KNOBS, set } from "./knobs";

describe("the tuner's knobs", () => {
  it("each name a number of the default settings, within the knob's range", () => {
    for (const knob of KNOBS) {
      const value = get(DEFAULT_RANKER, knob.path);
      expect(value, knob.path.join(".")).toBeGreaterThanOrEqual(knob.min);
      expect(value, knob.path.join(".")).toBeLessThanOrEqual(knob.max);
      if (knob.whole) expect(Number.isInteger(value), knob.path.join(".")).toBe(true);
    }
    expect(KNOBS.some((k) => k.path.join(".") === "actions.window")).toBe(true);
  });

  it("refuse a path that names no number, and set a copy", () => {
    expect(() => get(DEFAULT_RANKER, ["actions", "depth"])).toThrow(/knob actions\.depth: the settings hold no number/);
    const moved = set(DEFAULT_RANKER, ["actions", "window"], 12);
    expect(get(moved, ["actions", "window"])).toBe(12);
    expect(get(DEFAULT_RANKER, ["actions", "window"])).toBe(5);
  });
});
