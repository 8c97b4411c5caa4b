import type { ToolSearcher } from "@/lib/deferred/search";
import type { BenchQuery } from "./data";

export const K = 5;

/** Each query's top K; a refused query gives one `!error: …` entry (never a tool name, so it scores as a miss). */
export function runAll(searcher: ToolSearcher, queries: readonly BenchQuery[]): string[][] {
  return queries.map((q) => {
    try {
      return searcher.search(q.query, K);
    } catch (e) {
      return [`!error: ${(e as Error).message}`];
    }
  });
}

/** Reciprocal rank of the first expected name in the top K, 0 when none is there. */
export function reciprocalRank(results: readonly string[], expected: readonly string[]): number {
  const want = new Set(expected);
  const i = results.slice(0, K).findIndex((n) => want.has(n));
  return i < 0 ? 0 : 1 / (i + 1);
}

export interface StyleScore {
  style: string;
  n: number;
  recall: number;
  mrr: number;
}

/**
 * Recall@K (any expected name in the top K) and MRR@K, overall ("all") then per style in first-seen order.
 * Queries with no expected names cannot hit or miss and are left out.
 */
export function scoreByStyle(queries: readonly BenchQuery[], results: readonly string[][]): StyleScore[] {
  const groups = new Map<string, number[]>();
  groups.set("all", []);
  queries.forEach((q, i) => {
    if (q.expected.length === 0) return;
    const rr = reciprocalRank(results[i]!, q.expected);
    groups.get("all")!.push(rr);
    if (!groups.has(q.style)) groups.set(q.style, []);
    groups.get(q.style)!.push(rr);
  });
  return [...groups].map(([style, rrs]) => ({
    style,
    n: rrs.length,
    recall: rrs.filter((r) => r > 0).length / Math.max(1, rrs.length),
    mrr: rrs.reduce((a, b) => a + b, 0) / Math.max(1, rrs.length),
  }));
}

/**
 * Queries one setting finds in the top K and another does not: `gained` (the variant finds them, the baseline
 * not) and `lost` (the reverse). Net change is gained − lost; how many queries flip at all says how much a new
 * query set of a given size can tell the two apart (bench/queries/README.md, "How strong a rule is"). Queries with
 * no expected names cannot hit or miss and are left out.
 */
export function hitFlips(
  queries: readonly BenchQuery[],
  baseline: readonly string[][],
  variant: readonly string[][],
): { gained: number; lost: number } {
  let gained = 0;
  let lost = 0;
  for (const f of flipsByStyle(queries, baseline, variant)) {
    gained += f.gained;
    lost += f.lost;
  }
  return { gained, lost };
}

/** One style's requests found in the top K by a baseline and a variant, and by one side only. */
export interface StyleFlips {
  style: string;
  n: number;
  before: number;
  after: number;
  gained: number;
  lost: number;
}

/**
 * Per style, in the order styles first appear: how many requests each side finds in the top K, and how many only the
 * variant (gained) or only the baseline (lost) finds (hitFlips sums these). Queries with no expected names are
 * left out.
 */
export function flipsByStyle(
  queries: readonly BenchQuery[],
  baseline: readonly string[][],
  variant: readonly string[][],
): StyleFlips[] {
  const byStyle = new Map<string, StyleFlips>();
  queries.forEach((q, i) => {
    if (q.expected.length === 0) return;
    let row = byStyle.get(q.style);
    if (!row) {
      row = { style: q.style, n: 0, before: 0, after: 0, gained: 0, lost: 0 };
      byStyle.set(q.style, row);
    }
    const before = reciprocalRank(baseline[i]!, q.expected) > 0;
    const after = reciprocalRank(variant[i]!, q.expected) > 0;
    row.n++;
    if (before) row.before++;
    if (after) row.after++;
    if (after && !before) row.gained++;
    if (before && !after) row.lost++;
  });
  return [...byStyle.values()];
}

/**
 * How a variant moves each query's first expected name against a baseline, within the top K: `higher` and
 * `lower` count queries whose reciprocal rank rose or fell (a query found by one side only counts too), `gained`
 * and `lost` those found in the top K by one side only (as hitFlips). Queries with no expected names are left out.
 */
export function rankShifts(
  queries: readonly BenchQuery[],
  baseline: readonly string[][],
  variant: readonly string[][],
): { higher: number; lower: number; gained: number; lost: number } {
  let higher = 0;
  let lower = 0;
  queries.forEach((q, i) => {
    if (q.expected.length === 0) return;
    const before = reciprocalRank(baseline[i]!, q.expected);
    const after = reciprocalRank(variant[i]!, q.expected);
    if (after > before) higher++;
    if (after < before) lower++;
  });
  return { higher, lower, ...hitFlips(queries, baseline, variant) };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** Time each call separately over several rounds (after a warm-up round); returns sorted per-call ms. */
export function timeCalls(fn: (q: string) => unknown, queries: readonly string[], rounds: number): number[] {
  return timeCallsBest(fn, queries, rounds).all;
}

/** Each query timed once, in order (sorted): on a fresh searcher, its first sight of each query. */
export function timeOnce(fn: (q: string) => unknown, queries: readonly string[]): number[] {
  return queries
    .map((q) => {
      const t = performance.now();
      fn(q);
      return performance.now() - t;
    })
    .sort((a, b) => a - b);
}

/**
 * The same, also keeping each query's fastest round (`best`, sorted): on a machine shared with other work, a
 * slow sample is often someone else's, and the best of several rounds says what the search itself costs. `first`
 * (sorted) is the warm-up pass before the rounds: a fresh searcher's first sight of each query, its caches empty.
 */
export function timeCallsBest(
  fn: (q: string) => unknown,
  queries: readonly string[],
  rounds: number,
): { all: number[]; best: number[]; first: number[] } {
  const first = timeOnce(fn, queries);
  const all: number[] = [];
  const best = queries.map(() => Infinity);
  for (let r = 0; r < rounds; r++) {
    queries.forEach((q, i) => {
      const t = performance.now();
      fn(q);
      const d = performance.now() - t;
      all.push(d);
      if (d < best[i]!) best[i] = d;
    });
  }
  return {
    all: all.sort((a, b) => a - b),
    best: best.sort((a, b) => a - b),
    first,
  };
}
