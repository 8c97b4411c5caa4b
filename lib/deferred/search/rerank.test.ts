import { describe, expect, it } from "vitest";
import { TOOLS } from "@/test/fixtures/search-tools";
import { TextRanker } from "./ranker";
import { DEFAULT_RANKER } from "./ranker-config";
import { reorderByScores } from "./reorder";
import {
  type CandidateFacts,
  FEATURE_COUNT,
  getReranker,
  parseRerankModel,
  RERANK_FEATURES,
  type RerankTable,
  rerankFeatures,
} from "./rerank";
import type { Scored } from "./scored";

const at = (row: Float64Array, r: number, name: (typeof RERANK_FEATURES)[number]) =>
  row[r * FEATURE_COUNT + RERANK_FEATURES.indexOf(name)];

const scored = (pairs: [number, number][]): Scored[] =>
  pairs.map(([index, score]) => ({ index, name: `tool${index}`, score }));

/** Tools 0–2 on server 0 (3 tools), 3 on server 1 (1 tool), 4 on no server. */
const facts: CandidateFacts = {
  matchShare: (i) => [1, 0.5, 0, 0.25, 0][i]!,
  serverOf: (i) => [0, 0, 0, 1, -1][i]!,
  serverSize: (s) => [3, 1][s]!,
  serverShare: (i, shares) => (i < 3 ? shares[0]! : i === 3 ? shares[1]! : 0),
  nameWords: (i) => i + 1,
  actionLift: (i, p) => p[i % 2]!,
};

/** A table of zeros but where it says, over every feature. */
function table(over: Partial<RerankTable> = {}): RerankTable {
  const zeros = () => RERANK_FEATURES.map(() => 0);
  return {
    features: [...RERANK_FEATURES],
    mean: zeros(),
    scale: RERANK_FEATURES.map(() => 1),
    linear: zeros(),
    hidden: [],
    bias: [],
    out: [],
    ...over,
  };
}

describe("rerankFeatures (what the ranking's stages said of each result)", () => {
  const ranked = scored([
    [2, 10],
    [0, 8],
    [3, 5],
    [4, 2],
  ]);
  const trace = {
    lexical: scored([
      [0, 6],
      [2, 3],
    ]),
    likelihood: [{ index: 3, score: 4 }],
    near: [
      { index: 2, score: 0.8 },
      { index: 4, score: 0.4 },
    ],
    shares: Float64Array.of(0.5, 1),
    named: 1,
    actions: Float64Array.of(0.9, -0.3),
  };
  const rows = rerankFeatures(ranked, trace, facts, { english: true, terms: 3 });

  it("gives one row of every feature per result", () => {
    expect(rows).toHaveLength(4 * FEATURE_COUNT);
  });

  it("reads the result's own place and score", () => {
    expect(at(rows, 1, "score")).toBeCloseTo(0.8);
    expect([0, 1, 2, 3].map((r) => at(rows, r, "rank0"))).toEqual([1, 0, 0, 0]);
    expect(at(rows, 3, "rank3")).toBe(1);
    expect(at(rows, 2, "reciprocalRank")).toBeCloseTo(1 / 3);
  });

  it("reads each stage's ranking as a share of its best and a reciprocal rank, 0 where the result is absent", () => {
    expect(at(rows, 0, "lexical")).toBeCloseTo(0.5);
    expect(at(rows, 0, "lexicalRank")).toBeCloseTo(0.5);
    expect(at(rows, 1, "lexical")).toBe(1);
    expect(at(rows, 2, "lexical")).toBe(0);
    expect(at(rows, 2, "likelihood")).toBe(1);
    expect(at(rows, 0, "likelihood")).toBe(0);
    expect(at(rows, 3, "vector")).toBeCloseTo(0.5);
    expect(at(rows, 3, "vectorRank")).toBeCloseTo(0.5);
    expect(at(rows, 3, "cosine")).toBeCloseTo(0.4);
    expect(at(rows, 1, "bestCosine")).toBeCloseTo(0.8);
    expect(at(rows, 0, "lexicalBest")).toBeCloseTo(Math.log(7));
  });

  it("reads the servers: profile share, the named one, the first result's, the crowd among the results and the size", () => {
    expect(at(rows, 0, "serverShare")).toBe(0.5);
    expect(at(rows, 2, "serverShare")).toBe(1);
    expect([0, 1, 2, 3].map((r) => at(rows, r, "named"))).toEqual([0, 0, 1, 0]);
    expect([0, 1, 2, 3].map((r) => at(rows, r, "topServer"))).toEqual([1, 1, 0, 0]);
    expect(at(rows, 1, "serverCrowd")).toBe(0.5);
    expect(at(rows, 3, "serverCrowd")).toBe(0.25);
    expect(at(rows, 0, "serverSize")).toBeCloseTo(Math.log(3));
    expect(at(rows, 3, "serverSize")).toBe(0);
  });

  it("reads the request's action and words, and the tool's name", () => {
    expect(at(rows, 0, "action")).toBeCloseTo(0.9);
    expect(at(rows, 2, "action")).toBeCloseTo(-0.3);
    expect(at(rows, 1, "matchShare")).toBe(1);
    expect(at(rows, 2, "nameWords")).toBe(4);
    expect(at(rows, 0, "queryTerms")).toBeCloseTo(Math.log(4));
  });

  it("gives the English-only products for English requests, and zeros for others", () => {
    expect(at(rows, 1, "english")).toBe(1);
    expect(at(rows, 1, "englishLexical")).toBe(1);
    expect(at(rows, 0, "englishAction")).toBeCloseTo(0.9);
    const other = rerankFeatures(ranked, trace, facts, { english: false, terms: 3 });
    expect(at(other, 1, "english")).toBe(0);
    expect(at(other, 1, "englishLexical")).toBe(0);
    expect(at(other, 1, "lexical")).toBe(1);
  });

  it("gives zeros for stages that did not run", () => {
    const bare = rerankFeatures(ranked, {}, facts, { english: true, terms: 3 });
    for (const name of ["lexical", "likelihood", "vector", "serverShare", "named", "action"] as const)
      expect(at(bare, 1, name)).toBe(0);
    expect(rerankFeatures([], {}, facts, { english: true, terms: 1 })).toHaveLength(0);
  });
});

describe("RerankModel (the learned scorer)", () => {
  it("scores by its linear part and its tanh units over the standardised features", () => {
    const f = RERANK_FEATURES.indexOf("matchShare");
    const g = RERANK_FEATURES.indexOf("lexical");
    const linear = RERANK_FEATURES.map((_, k) => (k === f ? 2 : 0));
    const unit = RERANK_FEATURES.map((_, k) => (k === g ? 1 : 0));
    const mean = RERANK_FEATURES.map((_, k) => (k === f ? 0.5 : 0));
    const scale = RERANK_FEATURES.map((_, k) => (k === f ? 0.25 : 1));
    const model = parseRerankModel(
      JSON.stringify(table({ linear, mean, scale, hidden: [unit], bias: [0.1], out: [3] })),
      "t.json",
    );
    const rows = new Float64Array(2 * FEATURE_COUNT);
    rows[f] = 1;
    rows[g] = 0.2;
    rows[FEATURE_COUNT + f] = 0.25;
    const scores = model.score(rows);
    expect(scores[0]).toBeCloseTo(2 * 2 + 3 * Math.tanh(0.3));
    expect(scores[1]).toBeCloseTo(2 * -1 + 3 * Math.tanh(0.1));
  });

  it("refuses a file that names other features, or holds the wrong count of numbers, naming the file and field", () => {
    expect(() => parseRerankModel(JSON.stringify(table({ features: ["score"] })), "r.json")).toThrow(
      /r\.json: field "features" is \[score\].*learn:reranker/,
    );
    expect(() => parseRerankModel(JSON.stringify(table({ linear: [1, 2] })), "r.json")).toThrow(
      `r.json: field "linear" has 2 numbers, not ${FEATURE_COUNT}`,
    );
    expect(() => parseRerankModel(JSON.stringify(table({ hidden: [[1]], bias: [0], out: [1] })), "r.json")).toThrow(
      `r.json: field "hidden.0" has 1 numbers`,
    );
    expect(() => parseRerankModel(JSON.stringify(table({ scale: RERANK_FEATURES.map(() => 0) })), "r.json")).toThrow(
      /r\.json: field "scale\.0"/,
    );
    expect(() => parseRerankModel("{", "r.json")).toThrow(/r\.json: not JSON/);
  });

  it("ships a model over this search's features", () => {
    const model = getReranker();
    const scores = model.score(new Float64Array(3 * FEATURE_COUNT));
    expect(scores).toHaveLength(3);
    expect(scores.every(Number.isFinite)).toBe(true);
  });
});

describe("reorderByScores", () => {
  const ranked = scored([
    [0, 9],
    [1, 7],
    [2, 5],
    [3, 1],
  ]);

  it("orders the scored first results by their scores, each place keeping its score, the rest as they were", () => {
    const out = reorderByScores(ranked, Float64Array.of(0, 2, 1));
    expect(out.map((s) => s.index)).toEqual([1, 2, 0, 3]);
    expect(out.map((s) => s.score)).toEqual([9, 7, 5, 1]);
  });

  it("keeps tied results in their order", () => {
    expect(reorderByScores(ranked, Float64Array.of(1, 1, 1, 1)).map((s) => s.index)).toEqual([0, 1, 2, 3]);
  });
});

describe("the rerank technique in a search", () => {
  const off = new TextRanker(TOOLS, { ...DEFAULT_RANKER, techniques: { ...DEFAULT_RANKER.techniques, rerank: false } });
  const on = new TextRanker(TOOLS, DEFAULT_RANKER);
  const requests = ["save my changes to a file", "who opened issues last week", "show the folder contents"];

  it("is on by default", () => {
    expect(DEFAULT_RANKER.techniques.rerank).toBe(true);
  });

  it("reorders the first twenty only: the same tools, each place keeping its score", () => {
    for (const text of requests) {
      const before = off.topFused(text, off.terms(text), 30);
      const after = on.topFused(text, on.terms(text), 30);
      const depth = Math.min(DEFAULT_RANKER.rerank.depth, before.length);
      expect(
        after
          .slice(0, depth)
          .map((s) => s.name)
          .sort(),
      ).toEqual(
        before
          .slice(0, depth)
          .map((s) => s.name)
          .sort(),
      );
      expect(after.map((s) => s.score)).toEqual(before.map((s) => s.score));
      expect(after.slice(depth).map((s) => s.name)).toEqual(before.slice(depth).map((s) => s.name));
    }
  });

  it("moves results: some of these requests' first five come in another order (the shipped model reads them)", () => {
    const firstFive = (r: TextRanker, text: string) =>
      r
        .topFused(text, r.terms(text), 5)
        .map((s) => s.name)
        .join(",");
    expect(requests.filter((text) => firstFive(on, text) !== firstFive(off, text)).length).toBeGreaterThan(0);
  });

  it("answers a short limit with the first of the reordered twenty", () => {
    for (const text of requests)
      expect(on.topFused(text, on.terms(text), 3)).toEqual(on.topFused(text, on.terms(text), 30).slice(0, 3));
  });

  it("gives the reranker's features only with the technique on", () => {
    const text = requests[0]!;
    const { ranked, features } = on.rerankRows(text, on.terms(text), 20);
    expect(features).toHaveLength(Math.min(20, ranked.length) * FEATURE_COUNT);
    expect(() => off.rerankRows(text, off.terms(text), 20)).toThrow(/rerank technique is off/);
  });
});
