import { describe, expect, it } from "vitest";
import type { BenchQuery } from "./data";
import { flipsByStyle, hitFlips, rankShifts, reciprocalRank } from "./metrics";

const q = (expected: string[]): BenchQuery => ({ query: "x", expected, style: "natural" });

describe("hitFlips", () => {
  it("counts the queries a variant finds in the top 5 that the baseline misses, and the reverse", () => {
    const queries = [q(["a"]), q(["b"]), q(["c", "d"]), q(["e"]), q([])];
    const baseline = [["a"], ["x", "y", "z", "w", "v", "b"], ["d"], ["q"], ["a"]];
    const variant = [["x"], ["b"], ["c"], ["q"], []];
    // a: lost; b: found only past the top 5 before, now first (gained); c/d: found either way; e: missed either way;
    // the last has no expected names and counts for neither.
    expect(hitFlips(queries, baseline, variant)).toEqual({ gained: 1, lost: 1 });
    expect(hitFlips(queries, baseline, baseline)).toEqual({ gained: 0, lost: 0 });
  });

  it("reads a hit as reciprocalRank does: in the top 5 only", () => {
    expect(reciprocalRank(["x", "y", "z", "w", "v", "b"], ["b"])).toBe(0);
    expect(reciprocalRank(["x", "b"], ["b"])).toBe(0.5);
  });
});

describe("rankShifts", () => {
  it("counts queries whose first expected name moved up or down within the top 5, and those found by one side only", () => {
    const queries = [q(["a"]), q(["b"]), q(["c"]), q(["d"]), q(["e"]), q([])];
    const baseline = [["x", "a"], ["b", "x"], ["c"], ["x", "y", "z", "w", "v", "d"], ["e"], ["a"]];
    const variant = [["a", "x"], ["x", "b"], ["c"], ["d"], ["x", "y", "z", "w", "v"], []];
    // a: rank 2 → 1 (higher); b: 1 → 2 (lower); c: same; d: past the top 5 → 1 (higher, gained); e: 1 → gone
    // (lower, lost); the last has no expected names and counts for nothing.
    expect(rankShifts(queries, baseline, variant)).toEqual({ higher: 2, lower: 2, gained: 1, lost: 1 });
    expect(rankShifts(queries, baseline, baseline)).toEqual({ higher: 0, lower: 0, gained: 0, lost: 0 });
  });
});

describe("flipsByStyle", () => {
  it("counts, per style in the order met, what each side finds in the top 5 and what only one side finds", () => {
    const s = (expected: string[], style: string): BenchQuery => ({ query: "x", expected, style });
    const queries = [s(["a"], "task"), s(["b"], "paraphrase"), s(["c"], "task"), s(["d"], "paraphrase"), s([], "task")];
    const baseline = [["a"], ["x"], ["c"], ["d"], ["a"]];
    const variant = [["x"], ["b"], ["c"], ["d"], []];
    // task: a lost, c found by both; paraphrase: b gained, d found by both; the last counts for nothing.
    expect(flipsByStyle(queries, baseline, variant)).toEqual([
      { style: "task", n: 2, before: 2, after: 1, gained: 0, lost: 1 },
      { style: "paraphrase", n: 2, before: 1, after: 2, gained: 1, lost: 0 },
    ]);
  });
});
