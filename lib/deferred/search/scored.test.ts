import { describe, expect, it } from "vitest";
import { bestOf, heapPush, heapReplaceMin, kthLargest } from "./scored";

/** A seeded stream of numbers in [0, 1): the same cases on every run. */
function stream(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe("kthLargest", () => {
  it("is the k-th value of a descending sort, for every k, with and without ties", () => {
    const next = stream(7);
    for (const [count, levels] of [
      [1, 0],
      [2, 0],
      [9, 3],
      [50, 0],
      [200, 5],
      [513, 0],
      [1000, 2],
    ] as const) {
      const values = Float64Array.from({ length: count + 3 }, () =>
        levels > 0 ? Math.floor(next() * levels) : next() * 100 - 50,
      );
      const sorted = [...values.subarray(0, count)].sort((a, b) => b - a);
      const work = new Float64Array(count);
      for (let k = 1; k <= count; k++) expect(kthLargest(values, count, k, work)).toBe(sorted[k - 1]);
    }
  });

  it("reads only the first `count` values and leaves them in their order", () => {
    const values = Float64Array.from([3, 9, 1, 7, 100, 200]);
    const before = values.slice();
    expect(kthLargest(values, 4, 1, new Float64Array(4))).toBe(9);
    expect(kthLargest(values, 4, 4, new Float64Array(4))).toBe(1);
    expect(values).toEqual(before);
  });

  it("refuses a k outside 1 … count, naming both", () => {
    const values = Float64Array.from([1, 2, 3]);
    expect(() => kthLargest(values, 3, 0, new Float64Array(3))).toThrow("k 0 outside 1 … 3");
    expect(() => kthLargest(values, 3, 4, new Float64Array(3))).toThrow("k 4 outside 1 … 3");
  });
});

describe("bestOf", () => {
  it("keeps the best by score, ties by index, without sorting the rest", () => {
    const score = Float64Array.from([0.5, 2, 2, 0.1, 3]);
    expect(bestOf([0, 1, 2, 3, 4], score, 3)).toEqual([
      { index: 4, score: 3 },
      { index: 1, score: 2 },
      { index: 2, score: 2 },
    ]);
    expect(bestOf([2, 1], score, 1)).toEqual([{ index: 1, score: 2 }]);
  });
});

describe("heapPush and heapReplaceMin", () => {
  it("keep the best k of a stream, the least of them first", () => {
    const next = stream(11);
    for (const k of [1, 2, 5, 50]) {
      const values = Array.from({ length: 400 }, () => Math.floor(next() * 60));
      const score = new Float64Array(k);
      const index = new Int32Array(k);
      let size = 0;
      values.forEach((v, i) => {
        if (size < k) heapPush(score, index, size++, v, i);
        else if (v > score[0]!) heapReplaceMin(score, index, size, v, i);
      });
      const best = [...values].sort((a, b) => b - a).slice(0, k);
      expect([...score].sort((a, b) => b - a)).toEqual(best);
      expect(score[0]).toBe(best[k - 1]);
      // Each kept index holds its score.
      for (let h = 0; h < k; h++) expect(values[index[h]!]).toBe(score[h]);
    }
  });
});
