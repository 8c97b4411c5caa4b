import { MAX_REQUEST_LENGTH, requestTooLong } from "./query-modes";
import { SearchQueryError } from "./types";

/**
 * Several phrasings in one search. A model that is not sure of the catalog's words can ask for them all at
 * once, either as `queries: [...]` in tool_search's input or inside one query string as `a | b`.
 *
 * The rule for `|`: only a bar with whitespace on BOTH sides, outside any `(...)` or `[...]`, separates
 * alternatives. A bar touching a word on either side is regex alternation, as before: `refund|dispute` and
 * `create_(pull|merge)_request` stay one pattern, while `refund a charge | dispute a payment` is two
 * searches. Each alternative is then read on its own (a select:, a +term, a pattern or words).
 */
export const MAX_ALTERNATIVES = 5;

const isSpace = (c: string | undefined) => c !== undefined && c.trim() === "";

/** Split one query string at its top-level ` | ` separators; a query without one is returned whole. */
export function splitAlternatives(query: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "(" || c === "[") depth++;
    else if ((c === ")" || c === "]") && depth > 0) depth--;
    else if (c === "|" && depth === 0 && isSpace(query[i - 1]) && isSpace(query[i + 1])) {
      parts.push(query.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(query.slice(start));
  const kept = parts.map((p) => p.trim()).filter((p) => p.length > 0);
  return kept.length > 0 ? kept : [query];
}

/**
 * Every alternative of a search, from its query string and an optional list, in order, without repeats.
 * Refuses (SearchQueryError) more than MAX_ALTERNATIVES or any alternative over MAX_REQUEST_LENGTH, before any
 * search runs.
 */
export function collectAlternatives(query: string, more: readonly string[] = []): string[] {
  const all: string[] = [];
  // An empty entry of `queries` is no phrasing at all: left out, as a repeated one is (an empty `query` is refused).
  for (const q of [query, ...more.filter((m) => typeof m !== "string" || m.trim() !== "")]) {
    if (typeof q !== "string") throw new SearchQueryError("tool_search queries must be strings");
    if (q.length > MAX_REQUEST_LENGTH) throw requestTooLong(q.length);
    for (const alt of splitAlternatives(q)) if (!all.includes(alt)) all.push(alt);
  }
  if (all.length > MAX_ALTERNATIVES)
    throw new SearchQueryError(
      `tool_search got ${all.length} alternative queries; at most ${MAX_ALTERNATIVES} are searched in one call.`,
    );
  return all;
}

export interface ScoredName {
  name: string;
  /** The mode's score, or null where it ranks without one (select:, +term, patterns). */
  score: number | null;
}

/**
 * Fuse the results of several alternatives, best first, at most `limit`. Each result gets its share of its
 * own list's best score (1 for the best; by rank, 1 / (rank + 1), where a list has no scores), so lists on
 * different scales compare; a tool keeps its best share, then the sum of its shares breaks ties (a tool two
 * phrasings agree on goes first), then its name. The fused score is that best share when every list was
 * scored, else null, so a relative cut on it (promotion) means what it means for one query.
 */
export function fuseAlternatives(lists: ReadonlyArray<readonly ScoredName[]>, limit: number): ScoredName[] {
  if (lists.length === 1) return lists[0]!.slice(0, limit);
  const best = new Map<string, number>();
  const sum = new Map<string, number>();
  let allScored = true;
  for (const list of lists) {
    const top = list[0]?.score ?? null;
    list.forEach((r, rank) => {
      let share: number;
      if (r.score !== null && top !== null && top > 0) share = r.score / top;
      else {
        allScored = false;
        share = 1 / (rank + 1);
      }
      best.set(r.name, Math.max(best.get(r.name) ?? 0, share));
      sum.set(r.name, (sum.get(r.name) ?? 0) + share);
    });
  }
  return [...best]
    .sort(([a, x], [b, y]) => y - x || (sum.get(b) ?? 0) - (sum.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([name, share]) => ({ name, score: allScored ? share : null }));
}
