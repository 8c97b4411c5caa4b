import { describe, expect, it } from "vitest";
import { EMPTY_PROMOTED, mergePromoted, promotedUnder } from "./promoted";

describe("mergePromoted", () => {
  const a = { catalog_hash: "h1", names: ["x", "y"] };
  it("an empty update keeps what is there", () => {
    expect(mergePromoted(a, undefined)).toBe(a);
    expect(mergePromoted(a, null)).toBe(a);
    expect(mergePromoted(a, { catalog_hash: null, names: [] })).toBe(a);
    expect(mergePromoted(a, { catalog_hash: "h1", names: [] })).toBe(a);
  });
  it("same hash gives the ordered union without duplicates", () => {
    expect(mergePromoted(a, { catalog_hash: "h1", names: ["z", "x", "z"] })).toEqual({
      catalog_hash: "h1",
      names: ["x", "y", "z"],
    });
  });
  it("a different hash replaces", () => {
    expect(mergePromoted(a, { catalog_hash: "h2", names: ["q", "q"] })).toEqual({ catalog_hash: "h2", names: ["q"] });
    expect(mergePromoted(a, { catalog_hash: "h2", names: [] })).toEqual({ catalog_hash: "h2", names: [] });
  });
  it("starts from nothing", () => {
    expect(mergePromoted(undefined, { catalog_hash: "h", names: ["a"] })).toEqual({ catalog_hash: "h", names: ["a"] });
    expect(mergePromoted(undefined, undefined)).toEqual(EMPTY_PROMOTED);
  });
});

describe("promotedUnder", () => {
  it("counts promotions only under the current catalog", () => {
    expect(promotedUnder({ catalog_hash: "h1", names: ["x"] }, "h1")).toEqual(["x"]);
    expect(promotedUnder({ catalog_hash: "h1", names: ["x"] }, "h2")).toEqual([]);
    expect(promotedUnder(undefined, "h1")).toEqual([]);
    expect(promotedUnder({ catalog_hash: "h1", names: ["x"] }, null)).toEqual([]);
  });
});
