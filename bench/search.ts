/**
 * Tool-search quality and speed: `npm run -s bench:search -- [--catalog FILE] [--queries FILE] [--json OUT]
 * [--engines minisearch,orama,flexsearch,wink] [--quiet true]`. Prints the top 5 per query, Recall@5 and MRR@5
 * overall and per style for Fawn's searcher and the design's regex searcher (reference column), then latency per
 * call and index build time on the catalog and on it replicated to 10,000 tools. Figures, not assertions.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createToolSearcher, type SearchDoc, type ToolSearcher } from "@/lib/deferred/search";
import { createReferenceSearcher } from "@/lib/deferred/search/reference";
import { parseArgs } from "./lib/args";
import { DEFAULT_CATALOG, DEFAULT_QUERIES, loadCatalog, loadQueries, replicate, toSearchDocs } from "./lib/data";
import { ENGINE_FACTORIES } from "./lib/engines";
import { K, percentile, reciprocalRank, scoreByStyle, timeCalls } from "./lib/metrics";
import { ms, pct, qualityTable, table } from "./lib/report";

type Factory = (docs: SearchDoc[]) => ToolSearcher;
const REPLICATED = 10_000;

function main(): void {
  const args = parseArgs(process.argv.slice(2), ["catalog", "queries", "json", "engines", "quiet", "rounds"]);
  const catalogFile = path.resolve(args.catalog ?? DEFAULT_CATALOG);
  const queriesFile = path.resolve(args.queries ?? DEFAULT_QUERIES);
  const docs = toSearchDocs(loadCatalog(catalogFile));
  const queries = loadQueries(queriesFile);
  const rounds = Number(args.rounds ?? 5);

  const searchers: Array<{ label: string; make: Factory }> = [
    { label: "ours", make: createToolSearcher },
    { label: "ref", make: createReferenceSearcher },
  ];
  for (const name of (args.engines ?? "").split(",").filter(Boolean)) {
    const make = ENGINE_FACTORIES[name];
    if (!make)
      throw new Error(`--engines: unknown engine "${name}" (known: ${Object.keys(ENGINE_FACTORIES).join(", ")})`);
    searchers.push({ label: name, make });
  }

  console.log(`catalog ${catalogFile}: ${docs.length} tools; queries ${queriesFile}: ${queries.length}\n`);
  const built = searchers.map((s) => ({ ...s, searcher: s.make(docs) }));
  const results = built.map((s) =>
    queries.map((q) => {
      try {
        return s.searcher.search(q.query, K);
      } catch (e) {
        return [`!error: ${(e as Error).message}`];
      }
    }),
  );

  if (args.quiet !== "true") {
    queries.forEach((q, i) => {
      console.log(`[${q.style}] ${q.query}    expected: ${q.expected.join(", ")}`);
      built.slice(0, 2).forEach((s, j) => {
        const rr = reciprocalRank(results[j]![i]!, q.expected);
        const mark = rr > 0 ? `hit@${Math.round(1 / rr)}` : "miss ";
        console.log(`  ${s.label.padEnd(4)} ${mark}  ${results[j]![i]!.join(", ")}`);
      });
    });
    console.log("");
  }

  const scores = built.map((s, j) => ({ label: s.label, scores: scoreByStyle(queries, results[j]!) }));
  const unscored = queries.filter((q) => q.expected.length === 0).length;
  if (unscored > 0) console.log(`${unscored} queries have no expected names: shown above, not scored`);
  console.log(`Recall@${K} (%) and MRR@${K}, ours vs reference (the design's regex searcher)`);
  console.log(qualityTable(scores));
  console.log("");

  const timing: Array<Record<string, string | number>> = [];
  const texts = queries.map((q) => q.query);
  for (const size of [docs.length, REPLICATED]) {
    const set = size === docs.length ? docs : replicate(docs, size);
    for (const s of searchers) {
      const t0 = performance.now();
      const searcher = s.make(set);
      const build = performance.now() - t0;
      const times = timeCalls(
        (q) => {
          try {
            searcher.search(q, K);
          } catch {
            /* refused queries are timed too */
          }
        },
        texts,
        size === docs.length ? rounds : Math.max(1, Math.ceil(rounds / 2)),
      );
      timing.push({
        searcher: s.label,
        tools: set.length,
        build_ms: build,
        median_ms: percentile(times, 50),
        p95_ms: percentile(times, 95),
        max_ms: times[times.length - 1]!,
      });
    }
  }
  console.log("Latency per search call and index build (Node " + process.version + ")");
  console.log(
    table(
      ["searcher", "tools", "build ms", "median ms", "p95 ms", "max ms"],
      timing.map((t) => [
        String(t.searcher),
        String(t.tools),
        ms(t.build_ms as number),
        ms(t.median_ms as number),
        ms(t.p95_ms as number),
        ms(t.max_ms as number),
      ]),
    ),
  );

  if (args.json) {
    const out = {
      catalog: catalogFile,
      queries: queriesFile,
      quality: Object.fromEntries(scores.map((s) => [s.label, s.scores])),
      timing,
      perQuery: queries.map((q, i) => ({
        ...q,
        results: Object.fromEntries(built.map((s, j) => [s.label, results[j]![i]])),
      })),
    };
    writeFileSync(path.resolve(args.json), JSON.stringify(out, null, 2));
    console.log(`\nwrote ${path.resolve(args.json)}`);
  }
  const all = scores[0]!.scores[0]!;
  console.log(`\nours: Recall@${K} ${pct(all.recall)} %, MRR@${K} ${all.mrr.toFixed(3)}`);
}

try {
  main();
} catch (e) {
  console.error(`bench:search: ${(e as Error).message}`);
  process.exit(1);
}
