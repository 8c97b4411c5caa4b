import { describe, expect, it } from "vitest";
import { DEFAULT_NEIGHBOUR_USE, NameNeighbours } from "./name-neighbours";
import { DEFAULT_RANKER } from "./ranker-config";
import { NO_TECHNIQUES } from "./techniques";
import { LexicalSearcher } from "./searcher";
import type { SearchDoc } from "./types";
import { getWordVectors } from "./word-vectors";

// Name words as the index holds them (stemmed): what a catalog of these tools' names would give.
const NAME_WORDS = ["creat", "delet", "list", "remov", "branch", "tear"];

describe("NameNeighbours (the shipped learned vectors)", () => {
  const neighbours = (words = NAME_WORDS, use = DEFAULT_NEIGHBOUR_USE) =>
    new NameNeighbours(words, getWordVectors(), use);

  it("gives a typed word the name words nearest it, nearest first, each at weight × cosine", () => {
    const found = neighbours().of("ditch");
    expect(found.map((e) => e.terms[0])).toEqual(expect.arrayContaining(["delet", "remov"]));
    expect(found[0]!.terms).toEqual(["delet"]);
    for (let i = 1; i < found.length; i++) expect(found[i]!.weight).toBeLessThanOrEqual(found[i - 1]!.weight);
    for (const e of found) {
      expect(e.weight).toBeGreaterThanOrEqual(DEFAULT_NEIGHBOUR_USE.weight * DEFAULT_NEIGHBOUR_USE.minCosine);
      expect(e.weight).toBeLessThanOrEqual(DEFAULT_NEIGHBOUR_USE.weight);
    }
    // Creating is not what "ditch" asks for.
    expect(found.map((e) => e.terms[0])).not.toContain("creat");
  });

  it("never gives the word itself, and nothing for a word without a vector", () => {
    expect(
      neighbours()
        .of("tear")
        .map((e) => e.terms[0]),
    ).not.toContain("tear");
    expect(neighbours().of("qqzzxv")).toEqual([]);
  });

  it("keeps at most k, none under the minimum cosine, and none at weight 0", () => {
    expect(neighbours(NAME_WORDS, { ...DEFAULT_NEIGHBOUR_USE, k: 1 }).of("ditch")).toHaveLength(1);
    expect(neighbours(NAME_WORDS, { ...DEFAULT_NEIGHBOUR_USE, minCosine: 0.99 }).of("ditch")).toEqual([]);
    expect(neighbours(NAME_WORDS, { ...DEFAULT_NEIGHBOUR_USE, weight: 0 }).of("ditch")).toEqual([]);
  });

  it("does not depend on the order the catalog gives its name words in, and leaves out words without a vector", () => {
    const forward = neighbours(["qqzzxv", ...NAME_WORDS]);
    expect(forward.size).toBe(NAME_WORDS.length);
    expect(neighbours([...NAME_WORDS].reverse()).of("scrap")).toEqual(forward.of("scrap"));
  });
});

describe("the `neighbours` switch in a search", () => {
  const docs: SearchDoc[] = [
    { name: "create_branch", description: "Create a branch in a repository.", parameters: {} },
    { name: "delete_branch", description: "Delete a branch from a repository.", parameters: {} },
    { name: "list_branches", description: "List the branches of a repository.", parameters: {} },
  ];
  // Every other technique off, so what moves is this one's doing.
  const only = (neighbours: boolean) =>
    new LexicalSearcher(docs, {
      ...DEFAULT_RANKER,
      techniques: { ...NO_TECHNIQUES, neighbours },
    });

  it("finds a tool named in other words than the request's, which the words alone tie", () => {
    expect(only(true).search("ditch the stale branch", 1)).toEqual(["delete_branch"]);
    expect(only(false).search("ditch the stale branch", 1)).not.toEqual(["delete_branch"]);
  });

  it("leaves a request in the tools' own words ranked by them", () => {
    expect(only(true).search("create a branch", 1)).toEqual(["create_branch"]);
  });
});
