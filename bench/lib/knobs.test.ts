import { describe, expect, it } from "vitest";
import { DEFAULT_RANKER } from "@/lib/deferred/search/ranker-config";
import { get, KNOBS, knobRange, set } from "./knobs";

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

  it("name a range of knobs by number, and refuse a range that names none", () => {
    expect(knobRange(undefined)).toBe(KNOBS);
    expect(knobRange("0:2").map((k) => k.path.join("."))).toEqual(["bm25.fields.name.weight", "bm25.fields.name.b"]);
    expect(knobRange(`${KNOBS.length - 1}:`)).toEqual([KNOBS[KNOBS.length - 1]]);
    expect(knobRange(":3")).toHaveLength(3);
    expect(() => knobRange("5:5")).toThrow(/names no knobs/);
    expect(() => knobRange(`0:${KNOBS.length + 1}`)).toThrow(/names no knobs/);
    expect(() => knobRange("a-b")).toThrow(/is not FROM:TO/);
  });
});
