import { describe, expect, it } from "vitest";
import { docFields } from "./fields";
import { DEFAULT_RANKER } from "./ranker-config";
import type { Scored } from "./scored";
import { DEFAULT_TECHNIQUES } from "./techniques";
import { LexicalSearcher } from "./searcher";
import { centredCosine, DEFAULT_SIBLING_USE, Siblings } from "./siblings";
import { numberServers } from "./server-numbers";
import { TermTable } from "./term-table";
import { VectorIndex, WordVectors } from "./word-vectors";
import { packVectors } from "./word-vectors-learn";
import { searchDoc } from "../../../test/support/tools";

// Eight numbers a word: `topic` is what one server's tools all share (and weighs most), the colours tell them apart.
const DIM = 8;
const WORDS: Record<string, number[]> = {
  topic: [4, 0, 0, 0, 0, 0, 0, 0],
  red: [0, 1, 0, 0, 0, 0, 0, 0],
  green: [0, 0, 1, 0, 0, 0, 0, 0],
  blue: [0, 0, 0, 1, 0, 0, 0, 0],
  other: [0, 0, 0, 0, 4, 0, 0, 0],
};
const vectors = new WordVectors(
  packVectors({ dim: DIM, words: Object.keys(WORDS), vectors: Float32Array.from(Object.values(WORDS).flat()) }),
);

/** Tools by name (words joined by `_`) and server, with their vectors. */
function siblingsOf(tools: Array<[string, string]>): { siblings: Siblings; at: (name: string) => number } {
  const table = new TermTable();
  const fields = tools.map(([name]) => docFields({ name, description: "", parameters: {} }, table));
  const index = new VectorIndex(fields, table, undefined, vectors);
  return {
    siblings: new Siblings(numberServers(tools.map(([, server]) => server)), index),
    at: (name) => tools.findIndex(([n]) => n === name),
  };
}

const TOOLS: Array<[string, string]> = [
  ["topic_red", "s"],
  ["topic_green", "s"],
  ["topic_blue", "s"],
  ["other_red", "t"],
];

function ranking(at: (name: string) => number, entries: Array<[string, number]>): Scored[] {
  return entries.map(([name, score]) => ({ index: at(name), name, score }));
}

/** Server s's red and green first, another server's tool, then s's blue. */
function ledBySiblings(at: (name: string) => number): Scored[] {
  return ranking(at, [
    ["topic_red", 10],
    ["topic_green", 9.5],
    ["other_red", 9],
    ["topic_blue", 8],
  ]);
}

describe("sibling contrast", () => {
  it("measures cosines with the mean taken out of both sides", () => {
    expect(centredCosine([2, 1], [2, 3], [2, 2])).toBeCloseTo(-1, 9);
    expect(centredCosine([3, 1], [4, 1], [2, 1])).toBeCloseTo(1, 9);
    expect(centredCosine([2, 2], [3, 1], [2, 2])).toBe(0);
  });

  it("lifts the first result's server's tools by what tells them apart, not by what they share", () => {
    const { siblings, at } = siblingsOf(TOOLS);
    const ranked = ledBySiblings(at);
    // Raw cosines with "topic blue" are all near 1 (the topic dominates); centred, blue stands out.
    const out = siblings.lift(ranked, ["topic", "blue"], { weight: 0.5, main: 20 }, 5);
    expect(out.map((s) => s.name)).toEqual(["topic_blue", "topic_red", "topic_green", "other_red"]);
    expect(out[0]!.score).toBeCloseTo(8 + 0.5 * 10, 9);
    // The lowest sibling gains nothing; another server's tool keeps its score.
    expect(out.find((s) => s.name === "other_red")!.score).toBe(9);
    expect(Math.min(...out.filter((s) => s.name !== "topic_blue").map((s) => s.score))).toBe(9);
  });

  it("reads only the first `main` results and keeps the limit", () => {
    const { siblings, at } = siblingsOf(TOOLS);
    const ranked = ledBySiblings(at);
    const out = siblings.lift(ranked, ["topic", "blue"], { weight: 0.5, main: 3 }, 2);
    expect(out.map((s) => s.name)).toEqual(["topic_red", "topic_green"]);
  });

  it("leaves a ranking alone when its first server has one tool, or the words have no vector", () => {
    const { siblings, at } = siblingsOf(TOOLS);
    const ledByOther = ranking(at, [
      ["other_red", 10],
      ["topic_red", 9],
      ["topic_blue", 8],
    ]);
    expect(siblings.lift(ledByOther, ["topic", "blue"], DEFAULT_SIBLING_USE, 5)).toEqual(ledByOther);
    const ranked = ranking(at, [
      ["topic_red", 10],
      ["topic_blue", 8],
    ]);
    expect(siblings.lift(ranked, ["zzqx"], DEFAULT_SIBLING_USE, 5)).toEqual(ranked);
    expect(siblings.lift([], ["topic"], DEFAULT_SIBLING_USE, 5)).toEqual([]);
  });
});

describe("the siblings switch in the ranked search", () => {
  const docs = [
    searchDoc("repo_create", "github", "Create a new repository for the account."),
    searchDoc("repo_delete", "github", "Delete a repository permanently."),
    searchDoc("repo_archive", "github", "Archive a repository so it becomes read-only."),
    searchDoc("issue_create", "github", "Open a new issue in a repository."),
    searchDoc("page_create", "notion", "Create a page in a workspace."),
    searchDoc("page_delete", "notion", "Move a page to the trash."),
  ];

  it("is off by default", () => {
    expect(DEFAULT_TECHNIQUES.siblings).toBe(false);
  });

  it("only reorders the first results: the same tools come back, and queries in other languages are left alone", () => {
    // The learned reranker off on both sides: it orders the first twenty after the siblings are told apart.
    const on = new LexicalSearcher(docs, {
      ...DEFAULT_RANKER,
      techniques: { ...DEFAULT_TECHNIQUES, siblings: true, rerank: false },
      siblings: { weight: 1, main: 20 },
    });
    const off = new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques: { ...DEFAULT_TECHNIQUES, rerank: false } });
    let moved = 0;
    for (const q of ["get rid of the old repository", "freeze the repo so nobody can push", "a fresh page"]) {
      const a = off.search(q, 20);
      const b = on.search(q, 20);
      expect([...b].sort()).toEqual([...a].sort());
      if (b.join() !== a.join()) moved++;
    }
    // Not vacuous: with weight 1 the vectors do move siblings in some of these.
    expect(moved).toBeGreaterThan(0);
    // A request in another language is read by the learned vectors only through its translation (`translated`).
    const untranslated = (siblings: boolean) =>
      new LexicalSearcher(docs, {
        ...DEFAULT_RANKER,
        techniques: { ...DEFAULT_TECHNIQUES, siblings, translated: false },
        siblings: { weight: 1, main: 20 },
      });
    expect(untranslated(true).search("删除仓库", 5)).toEqual(untranslated(false).search("删除仓库", 5));
  });
});
