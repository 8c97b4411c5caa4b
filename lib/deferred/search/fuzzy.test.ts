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
    const vocab = ["status", "statistics", "repository"].sort();
    expect(typoMatches(vocab, "stauts", 3)).toEqual(["status"]);
    expect(typoMatches(vocab, "repostiroy", 3)).toEqual(["repository"]);
    expect(typoMatches(vocab, "sta", 3)).toEqual([]);
  });
  it("reads only the run of the sorted vocabulary that starts like the word, and finds what a full scan finds", () => {
    const vocab = ["rest", "repo", "repos", "report", "reports", "retry", "ssh", "state", "stats", "\uffffx", "zone"];
    vocab.sort();
    const scan = (word: string) => {
      const limit = word.length >= 8 ? 2 : 1;
      return vocab
        .filter((t) => t[0] === word[0] && editDistance(word, t, limit) <= limit)
        .sort((a, b) => editDistance(word, a, 2) - editDistance(word, b, 2) || (a < b ? -1 : 1));
    };
    for (const word of ["repot", "reprots", "stats", "sttae", "\uffffxy", "zona", "aaaa"])
      expect(typoMatches(vocab, word, 10)).toEqual(word.length < 4 ? [] : scan(word));
  });
});
