import type { ActionModel, ActionUse } from "./actions";
import { byScoreThenName, type Scored } from "./scored";
import type { Near } from "./word-vectors";

/*
 * What the ranking's stages do to a ranking once it is made: fuse another list into it, or reorder its first places
 * (each place keeps the score it had, so the cuts that read scores read them as before), and keep its best few.
 */

/**
 * Ranked results fused with the tools nearest the request by learned vectors (word-vectors.ts): each of the
 * nearest gains `weight` × the best result's score × where its cosine lies between the last one's (0) and the
 * nearest's (1); in the ranking's own units, so the cuts that read scores read these as before. A ranking with
 * nothing in it stays empty: the vectors reorder and complete a ranking, they do not answer a query no word of
 * which matched (that one gets the closest names instead).
 */
export function fuseVectors(
  ranked: readonly Scored[],
  near: readonly Near[],
  weight: number,
  nameOf: (index: number) => string,
  limit: number,
): Scored[] {
  const best = ranked[0]?.score ?? 0;
  if (best <= 0 || near.length === 0) return ranked.slice(0, limit);
  const top = near[0]!.score;
  const last = near[near.length - 1]!.score;
  const span = top - last;
  const lift = weight * best;
  return addLifts(ranked, near, (n) => (span > 0 ? (lift * (n.score - last)) / span : lift), nameOf, limit);
}

/**
 * The action classifier's say in a ranking (`actions`): the first `use.window` results are reordered by their
 * score plus `use.weight` × the best score × how much likelier than usual the request makes their description's
 * action word (ActionModel.lift, ±1), ties kept in their order; they then carry the scores of their new ranks, so
 * the ranking's scores still fall as it goes. With `serverOf`, the first result's server's tools among the first
 * `use.siblings` join the window's reorder and may take any place in it but the first (the window's own best once
 * lifted keeps that); every other tool past the window keeps its order after it. Without, nothing enters or leaves
 * the window.
 */
export function reorderByAction(
  ranked: readonly Scored[],
  model: ActionModel,
  p: Float64Array,
  classOf: (index: number) => number,
  use: ActionUse,
  serverOf?: (index: number) => string,
): Scored[] {
  const n = Math.min(use.window, ranked.length);
  const best = ranked[0]?.score ?? 0;
  if (n < 2 || best <= 0) return ranked.slice();
  const lift = use.weight * best;
  // Highest lifted score first.
  const key = (s: Scored) => -(s.score + lift * model.lift(p, classOf(s.index), use.clip));
  const reach = Math.min(use.siblings, ranked.length);
  if (!serverOf || reach <= n) return reorderFirst(ranked, n, key);
  // The first result's server's tools past the window join it; the others past it keep their order after it.
  const server = serverOf(ranked[0]!.index);
  const joining: Scored[] = [];
  const after: Scored[] = [];
  for (let i = n; i < ranked.length; i++) {
    const s = ranked[i]!;
    (i < reach && serverOf(s.index) === server ? joining : after).push(s);
  }
  if (joining.length === 0) return reorderFirst(ranked, n, key);
  const window = ranked.slice(0, n);
  // The window, then the tools that joined, sorted (ties in that order). The first place goes to the window's own
  // best; a tool that joined may take any other.
  const sorted = sortedBy([...window, ...joining], key);
  const first = sorted.find((s) => window.includes(s))!;
  // Every place keeps the score it had, whoever takes it.
  return placed([first, ...sorted.filter((s) => s !== first), ...after], ranked);
}

/**
 * The first `scores.length` results of `ranked` ordered by those scores, highest first (ties in their order); they
 * then carry the scores of their new ranks, and nothing enters or leaves them. What the reranker does with its scores.
 */
export function reorderByScores(ranked: readonly Scored[], scores: Float64Array): Scored[] {
  const n = Math.min(scores.length, ranked.length);
  if (n < 2) return ranked.slice();
  const scoreOf = new Map<Scored, number>();
  for (let r = 0; r < n; r++) scoreOf.set(ranked[r]!, scores[r]!);
  return reorderFirst(ranked, n, (s) => -scoreOf.get(s)!);
}

/**
 * The first `window` results of `ranked` ordered as `by` ranks them (one `by` does not hold after every one it does,
 * ties kept in their order); they then carry the scores of their new ranks, and nothing enters or leaves the window.
 */
export function reorderBy(ranked: readonly Scored[], by: readonly Scored[], window: number): Scored[] {
  const n = Math.min(window, ranked.length);
  if (n < 2) return ranked.slice();
  const place = new Map<number, number>();
  for (let i = 0; i < by.length; i++) place.set(by[i]!.index, i);
  return reorderFirst(ranked, n, (s) => place.get(s.index) ?? by.length);
}

/**
 * The first `n` of `ranked` sorted by `key` (lowest first, ties in their order), each then carrying the score of
 * its new rank; the rest as they were. What reorderByAction() and reorderBy() share.
 */
function reorderFirst(ranked: readonly Scored[], n: number, key: (s: Scored) => number): Scored[] {
  return [...placed(sortedBy(ranked.slice(0, n), key), ranked), ...ranked.slice(n)];
}

/** `items` sorted by `key` (lowest first, each key worked out once), ties in their order. */
function sortedBy(items: readonly Scored[], key: (s: Scored) => number): Scored[] {
  return items
    .map((s, rank) => ({ s, rank, key: key(s) }))
    .sort((a, b) => a.key - b.key || a.rank - b.rank)
    .map((o) => o.s);
}

/** `order`, each taking the score `ranked` has at its place. */
function placed(order: readonly Scored[], ranked: readonly Scored[]): Scored[] {
  return order.map((s, rank) => ({ ...s, score: ranked[rank]!.score }));
}

/**
 * A ranking fused with another list over the same tools: each tool of `other` gains `liftOf` it (one it was not
 * ranked in starts from 0), and the best `limit` are kept. What the translation language model's fusion and the
 * word vectors' share.
 */
export function addLifts<T extends { index: number }>(
  ranked: readonly Scored[],
  other: readonly T[],
  liftOf: (item: T) => number,
  nameOf: (index: number) => string,
  limit: number,
): Scored[] {
  const fused = new Map<number, number>();
  for (const s of ranked) fused.set(s.index, s.score);
  for (const o of other) fused.set(o.index, (fused.get(o.index) ?? 0) + liftOf(o));
  return topK(
    [...fused].map(([index, score]) => ({ index, name: nameOf(index), score })),
    limit,
  );
}

/** Partial selection: sorting thousands of hits to keep five is the slow part at 10,000 tools. */
export function topK(items: Scored[], k: number): Scored[] {
  if (k <= 0) return [];
  if (items.length <= k * 4) return items.sort(byScoreThenName).slice(0, k);
  const kept: Scored[] = [];
  for (const it of items) {
    if (kept.length < k) {
      kept.push(it);
      if (kept.length === k) kept.sort(byScoreThenName);
    } else if (byScoreThenName(it, kept[k - 1]!) < 0) {
      let j = k - 1;
      while (j > 0 && byScoreThenName(it, kept[j - 1]!) < 0) j--;
      kept.splice(j, 0, it);
      kept.pop();
    }
  }
  return kept.length < k ? kept.sort(byScoreThenName) : kept;
}
