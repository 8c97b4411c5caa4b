import { describe, expect, it } from "vitest";
import { editDistance, prefixMatches, typoMatches } from "./fuzzy";

describe("fuzzy", () => {
  it("computes edit distance with adjacent swaps, capped", () => {
    expect(editDistance("status", "stauts", 2)).toBe(1);
    expect(editDistance("kitten", "sitting", 3)).toBe(3);
    expect(editDistance("abc", "abcdefgh", 2)).toBe(3);
  });
  it("finds prefix matches in a sorted vocabulary, shortest first", () => {
    const vocab = ["geocod", "geocoding", "geometry", "get"].sort();
    expect(prefixMatches(vocab, "geoc", 5)).toEqual(["geocod", "geocoding"]);
    expect(prefixMatches(vocab, "geocod", 5)).toEqual(["geocoding"]);
  });
  it("tolerates one typo in short words and two in long ones, never in very short ones", () => {
    const vocab = ["status", "statistics", "repository"];
    expect(typoMatches(vocab, "stauts", 3)).toEqual(["status"]);
    expect(typoMatches(vocab, "repostiroy", 3)).toEqual(["repository"]);
    expect(typoMatches(vocab, "sta", 3)).toEqual([]);
  });
});
