import path from "node:path";
import { loadQueries } from "./data";
import { POOLS, poolSets } from "./pools";

/**
 * Requests a query set repeats from earlier sets. Helpers who write blind sets work alone from the same brief and
 * often land on the same words (a 2–4-word keyword query above all): a request that an earlier set already holds is
 * one the search may have been tuned on, so a round also reports its figures over the requests that are new
 * (`bench:search-paired -- --new-only true`; lib/deferred/search/README.md, "Measuring honestly").
 */

/** A request's text as compared for repeats: trimmed, lower case, each run of white space one space. */
export function requestKey(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}

/**
 * The request texts (requestKey) of every committed query set of the dev pools (bench/lib/pools.ts), read from the
 * repository at `root`, but the sets whose file names are in `skip` (the sets being measured, which have moved
 * there once run).
 */
export function poolRequests(root: string, skip: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  for (const pool of POOLS)
    for (const file of poolSets(root, pool)) {
      if (skip.has(path.basename(file))) continue;
      for (const q of loadQueries(path.join(root, file))) seen.add(requestKey(q.query));
    }
  return seen;
}

/** The places (from 0) of `queries` whose text none of `seen` holds. */
export function newPlaces(queries: readonly { query: string }[], seen: ReadonlySet<string>): number[] {
  const out: number[] = [];
  queries.forEach((q, i) => {
    if (!seen.has(requestKey(q.query))) out.push(i);
  });
  return out;
}
