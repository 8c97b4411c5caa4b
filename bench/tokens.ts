/**
 * Tokens (o200k_base) of what the first and later model calls bind, with every catalog tool bound vs
 * deferred, per listing mode, after 1, 3 and 10 promotions, and over a 30-turn scripted session with and
 * without the promoted budget; then Recall@5 per listing mode on the dev set.
 *   npm run -s bench:tokens -- [--catalog FILE] [--queries FILE] [--sizes 574,2000,10000] [--budgets 8000,4000]
 * Larger catalogs repeat the shared one as bench:search does (copies `name_r<k>`, same servers). Deferred =
 * the <available-deferred-tools> section + the tool_search definition + the non-deferred built-ins. Figures only.
 */
import path from "node:path";
import type { ToolCatalog } from "@/lib/deferred/catalog";
import { buildListing, type ListingSetting } from "@/lib/deferred/listing";
import { createToolSearchTool } from "@/lib/deferred/tool-search";
import { toolDefinitionTokens } from "@/lib/tokens";
import { builtinTools } from "@/lib/tools/builtins";
import type { ToolContext } from "@/lib/tools/context";
import { toOpenAIDefinition } from "@/lib/tools/openai-def";
import { SANDBOX_LIMIT_DEFAULTS } from "@/lib/config/app-config";
import { parseArgs } from "./lib/args";
import { benchCatalog } from "./lib/catalog-tools";
import { type BenchQuery, DEFAULT_CATALOG, DEFAULT_QUERIES, loadCatalog, loadQueries } from "./lib/data";
import { listingRecall } from "./lib/listing-recall";
import { pct, table } from "./lib/report";
import { runSession, type SessionPolicy } from "./lib/session";

const LISTING_MAX = 1500; // tool_search.listing_max_tokens default
const CUT = 0.7; // tool_search.min_relative_score default
const TURNS = 30;
/** Only the built-ins' definitions are counted here; their sandbox is never touched. */
const BENCH_TOOL_CONTEXT: ToolContext = {
  sandbox: { root: "unused", mode: "off", network: false, limits: SANDBOX_LIMIT_DEFAULTS },
};

/** 30 varied requests from the dev set (natural, keyword and paraphrase styles, spread over the file). */
function sessionQueries(queries: readonly BenchQuery[]): string[] {
  const pool = queries.filter((q) => ["natural", "keyword", "paraphrase"].includes(q.style));
  const step = Math.max(1, Math.floor(pool.length / TURNS));
  return pool
    .filter((_, i) => i % step === 0)
    .slice(0, TURNS)
    .map((q) => q.query);
}

function sizeReport(
  catalog: ToolCatalog,
  queries: readonly BenchQuery[],
  budgets: number[],
  moreServers: ToolCatalog | null,
): string {
  const names = [...catalog.names];
  const perTool = names.map((n) => catalog.tokens(n));
  // The built-ins bound on every call under default conditions (no subagents, no vision).
  const builtinDefs = builtinTools({ supportsVision: false, toolContext: BENCH_TOOL_CONTEXT }).map(toOpenAIDefinition);
  const builtin = builtinDefs.reduce((n, d) => n + toolDefinitionTokens(d), 0);
  const base = builtin + toolDefinitionTokens(toOpenAIDefinition(createToolSearchTool(catalog, 5)));
  const full = perTool.reduce((a, b) => a + b, 0) + builtin;
  const listing = (setting: ListingSetting) => buildListing(catalog, { setting, maxTokens: LISTING_MAX });
  const modes = { names: listing("names"), servers: listing("servers"), auto: listing("auto") };
  const auto = modes.auto;
  const row = (label: string, bound: number, tools: number, section: number) => [
    label,
    String(bound),
    String(tools),
    String(section),
    String(tools + section),
    `${((100 * (tools + section)) / full).toFixed(2)} %`,
  ];
  const bound0 = builtinDefs.length + 1;
  const rows = [row(`no deferral: ${names.length} tools + built-ins`, names.length + builtinDefs.length, full, 0)];
  rows.push(row("first call, listing: names", bound0, base, modes.names.tokens));
  rows.push(
    row(
      `first call, listing: servers${modes.servers.omitted ? ` (${modes.servers.omitted} left out)` : ""}`,
      bound0,
      base,
      modes.servers.tokens,
    ),
  );
  rows.push(row(`first call, listing: auto → ${auto.mode}`, bound0, base, auto.tokens));
  if (moreServers) {
    const wide = buildListing(moreServers, { setting: "auto", maxTokens: LISTING_MAX });
    const label = `… copies on new servers (${moreServers.servers().length}), auto → ${wide.mode}`;
    rows.push(row(`${label}${wide.omitted ? `, ${wide.omitted} left out` : ""}`, bound0, base, wide.tokens));
  }
  for (const n of [1, 3, 10]) {
    const promoted = perTool.slice(0, n).reduce((a, b) => a + b, 0);
    rows.push(row(`auto, after ${n} promotion${n > 1 ? "s" : ""}`, bound0 + n, base + promoted, auto.tokens));
  }
  const policies: SessionPolicy[] = [
    { label: "all results promoted, no budget (before)", minRelativeScore: 0, budget: { tokens: null, count: null } },
    { label: `relevance cut ${CUT}, no budget`, minRelativeScore: CUT, budget: { tokens: null, count: null } },
    ...budgets.map((b) => ({
      label: `cut ${CUT} + budget ${b}`,
      minRelativeScore: CUT,
      budget: { tokens: b, count: null },
    })),
  ];
  const turns = sessionQueries(queries);
  const sessionRows = policies.map((p) => {
    const s = runSession(catalog, turns, p);
    const last = s.perTurn.at(-1) ?? 0;
    const peak = Math.max(0, ...s.perTurn);
    const mean = Math.round(s.perTurn.reduce((a, b) => a + b, 0) / Math.max(1, s.perTurn.length));
    return [
      p.label,
      String(s.promotedAtEnd),
      String(s.demoted),
      String(base + last + auto.tokens),
      String(base + peak + auto.tokens),
      String(base + mean + auto.tokens),
    ];
  });
  return [
    `${names.length} tools on ${catalog.servers().length} servers (o200k_base, definitions as compact JSON)`,
    "",
    table(["model call", "tools bound", "tool tokens", "listing", "total", "of full"], rows),
    "",
    `${turns.length}-turn scripted session (listing auto → ${auto.mode}; each turn one search, then the best match is called):`,
    table(
      ["policy", "promoted at end", "demoted", `turn ${turns.length} total`, "peak total", "mean total"],
      sessionRows,
    ),
  ].join("\n");
}

function main(): void {
  const args = parseArgs(process.argv.slice(2), ["catalog", "queries", "sizes", "budgets"]);
  const file = path.resolve(args.catalog ?? DEFAULT_CATALOG);
  const entries = loadCatalog(file);
  const queries = loadQueries(path.resolve(args.queries ?? DEFAULT_QUERIES));
  const sizes = (args.sizes ?? `${entries.length},2000,10000`).split(",").map(Number);
  const budgets = (args.budgets ?? "8000,4000").split(",").map(Number);
  for (const [flag, list] of [
    ["--sizes", sizes],
    ["--budgets", budgets],
  ] as const)
    if (list.some((x) => !Number.isInteger(x) || x <= 0))
      throw new Error(`${flag}: positive integers, comma-separated`);
  console.log(`catalog ${file}: ${entries.length} tools\n`);
  let recallCatalog: ToolCatalog | null = null;
  for (const size of sizes) {
    const catalog = benchCatalog(entries, size);
    if (size === entries.length) recallCatalog = catalog;
    const moreServers = size > entries.length ? benchCatalog(entries, size, true) : null;
    console.log(`${sizeReport(catalog, queries, budgets, moreServers)}\n`);
  }
  const catalog = recallCatalog ?? benchCatalog(entries);
  const rows = listingRecall(catalog, queries, [0, 0.5, CUT, 0.9]);
  console.log(`Recall@5 on ${rows[0]?.n} dev queries, ${catalog.names.size} tools:`);
  console.log(
    table(
      ["what the model reaches", "hits", "Recall@5 %", "loaded per search"],
      rows.map((r) => [
        r.label,
        String(r.hits),
        pct(r.hits / Math.max(1, r.n)),
        r.loaded === undefined ? "" : r.loaded.toFixed(2),
      ]),
    ),
  );
}

try {
  main();
} catch (e) {
  console.error(`bench:tokens: ${(e as Error).message}`);
  process.exit(1);
}
