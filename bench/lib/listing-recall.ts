import type { ToolCatalog } from "@/lib/deferred/catalog";
import { serverLines } from "@/lib/deferred/listing";
import { planPromotion } from "@/lib/deferred/promotion";
import { createToolSearcher } from "@/lib/deferred/search";
import { baseName } from "./catalog-tools";
import type { BenchQuery } from "./data";
import { K } from "./metrics";

export interface RecallRow {
  label: string;
  /** Queries with an expected tool among the top K. */
  hits: number;
  n: number;
  /** Tools loaded per search, for the rows about promotion. */
  loaded?: number;
}

const hit = (names: readonly string[], expected: readonly string[]) =>
  names.slice(0, K).some((n) => expected.includes(baseName(n)));

function safe(fn: () => string[]): string[] {
  try {
    return fn();
  } catch {
    return [];
  }
}

/**
 * Recall@5 for what the model can reach under each listing. tool_search itself does not read the
 * listing, so a keyword search finds the same in every mode ("found"); the cut by relative score
 * decides what is loaded ("promoted"). Under the server listing a model may also go through a
 * server: "server-routed" picks the server whose listing line best matches the query (a ranked
 * search over the lines the prompt shows) and searches `server:NAME query`; "server-routed, right
 * server" is the same with the expected tool's own server, an upper bound.
 */
export function listingRecall(
  catalog: ToolCatalog,
  queries: readonly BenchQuery[],
  cuts: readonly number[],
): RecallRow[] {
  const scored = queries.filter((q) => q.expected.length > 0);
  const lines = serverLines(catalog);
  const router = createToolSearcher(lines.map((l) => ({ name: l.name, description: l.summary, parameters: {} })));
  const serverOf = new Map(catalog.entries.map((e) => [baseName(e.name), e.server ?? ""]));
  const found_ = { label: "found by tool_search (names, servers, auto alike)", hits: 0, n: scored.length };
  const routed_ = { label: "servers listing: server-routed", hits: 0, n: scored.length };
  const right_ = { label: "servers listing: server-routed, right server", hits: 0, n: scored.length };
  const loaded = cuts.map((c) => ({
    label: `loaded at once (relative score cut ${c})`,
    hits: 0,
    n: scored.length,
    loaded: 0,
  }));
  const budget = { tokens: null, count: null };
  for (const q of scored) {
    const found = safe(() => catalog.searchScored(q.query, K).map((f) => f.entry.name));
    if (hit(found, q.expected)) found_.hits++;
    cuts.forEach((minRelativeScore, i) => {
      const plan = safe(() =>
        planPromotion(catalog.searchScored(q.query, K), { minRelativeScore, budget }, () => 0).promote.map(
          (e) => e.name,
        ),
      );
      const row = loaded[i]!;
      row.loaded += plan.length / scored.length;
      if (hit(plan, q.expected)) row.hits++;
    });
    // Exact-name queries need no routing; the rest go through the server the model would pick.
    const exact = /^\s*(select:|\+)/.exec(q.query) !== null;
    const routed = exact ? [] : safe(() => router.search(q.query, 1));
    const viaServer = (server: string | undefined) =>
      exact ? found : server ? safe(() => catalog.searchScored(q.query, K, server).map((f) => f.entry.name)) : [];
    if (hit(viaServer(routed[0]), q.expected)) routed_.hits++;
    if (hit(viaServer(serverOf.get(q.expected[0] as string)), q.expected)) right_.hits++;
  }
  return [found_, ...loaded, routed_, right_];
}
