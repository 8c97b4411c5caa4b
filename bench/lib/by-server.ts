import type { BenchQuery } from "./data";
import { reciprocalRank } from "./metrics";

/** Quality for the queries whose expected tools live on one server. */
export interface ServerScore {
  server: string;
  /** Queries that expect a tool of this server (a query expecting tools of two servers counts for both). */
  n: number;
  hits: number;
  mrr: number;
  /** Misses whose first result is a tool of this server: the server was found, the tool was not (0 for NO_SERVER). */
  missedOnServer: number;
}

/** A tool without a server (a catalog in MCP's own tools/list shape) is counted under this name. */
export const NO_SERVER = "(no server)";

/**
 * Recall@K and MRR@K per server of the expected tools, weakest Recall first (ties: more queries first, then by
 * name), and for each server how many of its misses still put one of its tools first. Tells someone measuring
 * their own catalog which server's tools the search misses, and whether it misses the server or the tool.
 * Queries with no expected names are left out.
 */
export function scoreByServer(
  queries: readonly BenchQuery[],
  results: readonly string[][],
  serverOf: ReadonlyMap<string, string>,
): ServerScore[] {
  const byServer = new Map<string, ServerScore>();
  const server = (name: string) => serverOf.get(name) || NO_SERVER;
  queries.forEach((q, i) => {
    if (q.expected.length === 0) return;
    const rr = reciprocalRank(results[i]!, q.expected);
    const first = results[i]![0];
    for (const s of new Set(q.expected.map(server))) {
      const score = byServer.get(s) ?? { server: s, n: 0, hits: 0, mrr: 0, missedOnServer: 0 };
      byServer.set(s, score);
      score.n++;
      score.mrr += rr;
      if (rr > 0) score.hits++;
      else if (s !== NO_SERVER && first !== undefined && server(first) === s) score.missedOnServer++;
    }
  });
  return [...byServer.values()]
    .map((s) => ({ ...s, mrr: s.mrr / s.n }))
    .sort((a, b) => a.hits / a.n - b.hits / b.n || b.n - a.n || (a.server < b.server ? -1 : 1));
}

/** Where a style's misses went: to the right server (its tool first, or another in the first K), or elsewhere. */
export interface MissesOfStyle {
  style: string;
  misses: number;
  /** The first result is a tool of an expected tool's server: the server found, the tool not. */
  serverFirst: number;
  /** An expected tool's server among the first K results, but not first. */
  serverLater: number;
  /** No tool of an expected tool's server among the first K results. */
  serverMissed: number;
}

/**
 * The misses of each style ("all" first), by where the search went instead: a figure that can be read on a blind
 * set without reading its queries, and that says whether a style's misses are of servers or of tools within one.
 * Queries with no expected names, or whose expected tools have no server, are left out.
 */
export function missesByStyle(
  queries: readonly BenchQuery[],
  results: readonly string[][],
  serverOf: ReadonlyMap<string, string>,
  k: number,
): MissesOfStyle[] {
  const out = new Map<string, MissesOfStyle>([
    ["all", { style: "all", misses: 0, serverFirst: 0, serverLater: 0, serverMissed: 0 }],
  ]);
  queries.forEach((q, i) => {
    const servers = new Set(q.expected.map((name) => serverOf.get(name)).filter((s) => s));
    const top = results[i]!.slice(0, k);
    if (servers.size === 0 || top.some((name) => q.expected.includes(name))) return;
    const on = (name: string | undefined) => name !== undefined && servers.has(serverOf.get(name));
    const where = on(top[0]) ? "serverFirst" : top.some(on) ? "serverLater" : "serverMissed";
    for (const key of ["all", q.style]) {
      const m = out.get(key) ?? { style: key, misses: 0, serverFirst: 0, serverLater: 0, serverMissed: 0 };
      m.misses++;
      m[where]++;
      out.set(key, m);
    }
  });
  return [...out.values()];
}
