import { describe, expect, it } from "vitest";
import { FEATURE_COUNT, parseRerankModel, RERANK_FEATURES } from "./rerank";
import { DEFAULT_RERANK_LEARN, learnReranker, type RerankList } from "./rerank-learn";

/** A generator for the test's lists (not the learner's). */
function uniform(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/**
 * Lists of 10 candidates whose right one is the one holding most of the request (matchShare), placed anywhere, every
 * other feature noise: what a reranker must learn is to read that one feature.
 */
function lists(count: number, seed: number): RerankList[] {
  const next = uniform(seed);
  const match = RERANK_FEATURES.indexOf("matchShare");
  return Array.from({ length: count }, () => {
    const n = 10;
    const features = new Float64Array(n * FEATURE_COUNT);
    for (let i = 0; i < features.length; i++) features[i] = next();
    const right = Math.floor(next() * n);
    for (let r = 0; r < n; r++) features[r * FEATURE_COUNT + match] = r === right ? 0.9 + 0.1 * next() : 0.8 * next();
    const labels = new Uint8Array(n);
    labels[right] = 1;
    return { features, labels };
  });
}

const small = { ...DEFAULT_RERANK_LEARN, epochs: 8, batch: 16 };

describe("learnReranker", () => {
  it("learns to put first the candidate the deciding feature marks, on lists it never saw", () => {
    const model = parseRerankModel(JSON.stringify(learnReranker(lists(300, 1), small)), "learned");
    const held = lists(200, 2);
    let first = 0;
    for (const l of held) {
      const scores = model.score(l.features);
      const best = scores.indexOf(Math.max(...scores));
      if (l.labels[best] === 1) first++;
    }
    expect(first / held.length).toBeGreaterThan(0.95);
  });

  it("gives the same table for the same lists, and another for another seed", () => {
    const data = lists(60, 3);
    const a = learnReranker(data, small);
    expect(learnReranker(data, small)).toEqual(a);
    expect(learnReranker(data, { ...small, seed: 2 })).not.toEqual(a);
    expect(a.features).toEqual([...RERANK_FEATURES]);
    expect(a.hidden).toHaveLength(small.hidden);
  });

  it("refuses lists that teach nothing: none right, or a single candidate", () => {
    const none = lists(5, 4).map((l) => ({ ...l, labels: new Uint8Array(l.labels.length) }));
    const single = [{ features: new Float64Array(FEATURE_COUNT), labels: Uint8Array.of(1) }];
    expect(() => learnReranker([...none, ...single], small)).toThrow(/no list has a right candidate/);
  });

  it("keeps a constant feature's scale at 1, so the file stays valid", () => {
    const data = lists(40, 5);
    for (const l of data) for (let r = 0; r < l.labels.length; r++) l.features[r * FEATURE_COUNT] = 0.5;
    const t = learnReranker(data, small);
    expect(t.scale[0]).toBe(1);
    expect(t.mean[0]).toBeCloseTo(0.5);
  });
});
