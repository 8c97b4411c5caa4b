/**
 * Tool-search quality and speed: `npm run -s bench:search -- [--catalog FILE [--servers FILE]] [--queries FILE]...
 * [--json OUT] [--engines minisearch,orama,flexsearch,wink] [--quiet true] [--ablate false] [--compound false]
 * [--clause-variants true] [--rounds N] [--cold-runs N]`. `--queries` may be given several times; `--servers` names
 * the catalog's servers file (bench/catalogs/*.servers.json), so each tool also carries its server's description.
 * For each query set: the top 5 per query (unless --quiet), Recall@5 and MRR@5 overall and per style for Fawn's
 * searcher and the design's regex searcher (reference column), ours per server of the expected tools (weakest first,
 * and how many misses still found the server), ours' misses per style by where the first 5 went (the expected server
 * first, later, or not at all: readable on a blind set without its queries), and the same with each search
 * technique switched off alone (ablation), and multi-step statements built from the set with clause search off and
 * on (--compound false skips them; --clause-variants true adds the clause-search settings that were measured).
 * Then, once: the first search after a cold start resource by resource (time, RSS, disk), and with the first
 * 10,000-tool build after it also in --cold-runs fresh processes (5 unless told; 0 skips them); latency per call
 * and index build time on the catalog and on it replicated to 10,000 tools (the multi-step statements with the
 * default search, where clause search is off, and with it switched on), the first pattern search after a build,
 * and the 10,000-tool build run a slice at a time as the app runs it (the longest the event loop waits, in this
 * process and, for the first build after a start, in the fresh processes), and what the index cache holds after
 * 8 different 10,000-tool catalogs, against the targets. Figures, not assertions.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import {
  createToolSearcher,
  DEFAULT_SLICE_MS,
  MAX_QUERY_LENGTH,
  type SearchDoc,
  type ToolSearcher,
} from "@/lib/deferred/search";
import { DEFAULT_RANKER } from "@/lib/deferred/search/ranker-config";
import { DEFAULT_TECHNIQUES } from "@/lib/deferred/search/techniques";
import { type ParsedQuery, parseQuery } from "@/lib/deferred/search/query-modes";
import { LexicalSearcher } from "@/lib/deferred/search/searcher";
import { createReferenceSearcher } from "./lib/reference";
import { ablationTable } from "./lib/ablation";
import { missesByStyle, scoreByServer } from "./lib/by-server";
import { clauseVariantsTable, compoundStatements, compoundTable, stepFigures, stepTable } from "./lib/compound";
import { parseFlags } from "./lib/args";
import { benchCatalog } from "./lib/catalog-tools";
import { listingRecall } from "./lib/listing-recall";
import {
  DEFAULT_CATALOG,
  DEFAULT_QUERIES,
  loadCatalog,
  loadQueries,
  loadServerDescriptions,
  replicate,
  toSearchDocs,
} from "./lib/data";
import { ENGINE_FACTORIES } from "./lib/engines";
import { namedByStyle } from "./lib/named";
import { worstCaseQuery } from "./lib/hostile";
import { K, percentile, reciprocalRank, runAll, scoreByStyle, timeCallsBest, timeOnce } from "./lib/metrics";
import { ms, pct, qualityTable, table } from "./lib/report";
import { coldStart, indexCacheMemory, patternIndexMemory, searcherMemory } from "./lib/resources";
import { type BackgroundBuild, measureBackgroundBuild } from "./lib/background-build";
import {
  backgroundBuildsInFreshProcesses,
  backgroundFigures,
  type ColdFigure,
  coldStartsInFreshProcesses,
} from "./lib/cold-processes";

type Factory = (docs: SearchDoc[]) => ToolSearcher;
const REPLICATED = 10_000;
/** Catalogs of REPLICATED tools searched one after another for the index cache's memory. */
const CACHE_CATALOGS = 8;

// Clause search is off by default (DEFAULT_TECHNIQUES); users may switch it on (tool_search.techniques).
const withClauses: Factory = (docs) =>
  new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques: { ...DEFAULT_TECHNIQUES, clauses: true } });

/** A query as the searcher reads it, or null when it refuses it. */
function parsedOrNull(q: string): ParsedQuery | null {
  try {
    return parseQuery(q);
  } catch {
    return null;
  }
}

/** One search of `q` for timing: a refused query is timed too. */
const searchOnce = (searcher: ToolSearcher) => (q: string) => {
  try {
    searcher.search(q, K);
  } catch {
    /* refused queries are timed too */
  }
};

const mb = (x: number | null) => (x === null ? "—" : x.toFixed(1));

async function main(): Promise<void> {
  const started = performance.now();
  const { flags: args, lists } = parseFlags(
    process.argv.slice(2),
    [
      "catalog",
      "servers",
      "queries",
      "json",
      "engines",
      "quiet",
      "rounds",
      "ablate",
      "compound",
      "clause-variants",
      "cold-runs",
    ],
    ["queries"],
  );
  const catalogFile = path.resolve(args.catalog ?? DEFAULT_CATALOG);
  const entries = loadCatalog(catalogFile);
  // With --servers, each tool also carries its server's description (a catalog's servers file, bench/catalogs/).
  const docs = toSearchDocs(
    entries,
    args.servers === undefined ? undefined : loadServerDescriptions(path.resolve(args.servers), entries),
  );
  const sets = (lists.queries ?? [DEFAULT_QUERIES]).map((f) => ({
    file: path.resolve(f),
    queries: loadQueries(path.resolve(f)),
  }));
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

  console.log(`catalog ${catalogFile}: ${docs.length} tools`);
  // Cold start first, before anything else in this process has loaded a resource.
  const texts = sets.flatMap((s) => s.queries.map((q) => q.query));
  // The cold start searches the first request the searcher accepts (one it refuses would build no index).
  const coldQuery = texts.find((q) => parsedOrNull(q) !== null) ?? "search";
  const cold = coldStart(docs, coldQuery);
  // The first 10,000-tool build right after the cold start, before the quality runs and timing rounds have warmed
  // the code up: what a process that starts on a large catalog pays. (The timing table's builds come later.)
  const largeDocs = replicate(docs, REPLICATED);
  const coldBuildStart = performance.now();
  createToolSearcher(largeDocs);
  const coldLargeBuildMs = performance.now() - coldBuildStart;
  const built = searchers.map((s) => ({ ...s, searcher: s.make(docs) }));
  // The catalog as tool_search sees it, for what an answer names beyond its results.
  const catalog = benchCatalog(entries);

  const serverOf = new Map(docs.map((d) => [d.name, d.server ?? ""]));
  const reports = sets.map(({ file, queries }) => {
    console.log(`\n=== queries ${file}: ${queries.length}\n`);
    const results = built.map((s) => runAll(s.searcher, queries));
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
    const steps = stepFigures(docs, queries);
    if (steps) {
      console.log(
        `Requests labelled per step (${steps.off.n}): steps whose tool is among ours' ${K} results, with clause search off and on (the default is ${DEFAULT_TECHNIQUES.clauses ? "on" : "off"})`,
      );
      console.log(stepTable(steps));
      console.log("");
    }
    const byServer = scoreByServer(queries, results[0]!, serverOf);
    const misses = missesByStyle(queries, results[0]!, serverOf, K);
    console.log(
      `Recall@${K} and MRR@${K} of ours per server of the expected tools, weakest first; "tool first" counts the misses whose first result is another tool of that server (the server found, not the tool)`,
    );
    console.log(
      table(
        ["server", "n", "R@5 %", "MRR@5", "misses", "tool first"],
        byServer.map((s) => [
          s.server,
          String(s.n),
          pct(s.hits / s.n),
          s.mrr.toFixed(3),
          String(s.n - s.hits),
          String(s.missedOnServer),
        ]),
      ),
    );
    console.log("");
    console.log(
      `Ours' misses by style, by where the first ${K} results went: a tool of an expected tool's server first (the server found, not the tool), that server later in them, or no tool of it`,
    );
    console.log(
      table(
        ["style", "misses", "server first", "server later", "server missed"],
        misses.map((m) => [
          m.style,
          String(m.misses),
          String(m.serverFirst),
          String(m.serverLater),
          String(m.serverMissed),
        ]),
      ),
    );
    console.log("");
    console.log(
      "What the model is shown: an expected tool loaded (R@5), or named among the closest tools of a weak answer",
    );
    console.log(
      table(
        ["style", "n", "loaded %", "loaded or named %", "weak answers %"],
        [...namedByStyle(catalog, queries)].map(([style, f]) => [
          style,
          String(f.n),
          pct(f.loaded / f.n),
          pct(f.named / f.n),
          pct(f.weakAnswers / f.n),
        ]),
      ),
    );
    console.log("");
    console.log(
      `Recall@${K} per listing mode: what tool_search finds (it does not read the listing), what the default cut loads, and the server-routed path a model may take under the servers listing`,
    );
    console.log(
      table(
        ["what the model reaches", "Recall@5 %", "loaded per search"],
        listingRecall(catalog, queries, [0.7]).map((r) => [
          r.label,
          pct(r.hits / Math.max(1, r.n)),
          r.loaded === undefined ? "" : r.loaded.toFixed(2),
        ]),
      ),
    );
    console.log("");
    if (args.ablate !== "false") {
      console.log(
        `Ablation: each technique of ours switched alone (MRR@${K} overall; queries found in the top ${K} that the default misses, and the reverse; Recall@${K} % per style)`,
      );
      console.log(ablationTable(docs, queries));
      console.log("");
    }
    if (args.compound !== "false") {
      console.log(
        `Multi-step statements: 2 or 3 of the set's word queries joined at clause boundaries, each step keeping its expected tools; found = among the ${K} results`,
      );
      console.log(compoundTable(docs, queries));
      console.log("");
    }
    if (args["clause-variants"] === "true") {
      console.log("Clause search settings, one change from the default at a time (steps: of the statements above)");
      console.log(clauseVariantsTable(docs, queries));
      console.log("");
    }
    const all = scores[0]!.scores[0]!;
    console.log(`ours on ${path.basename(file)}: Recall@${K} ${pct(all.recall)} %, MRR@${K} ${all.mrr.toFixed(3)}`);
    return {
      queries: file,
      quality: Object.fromEntries(scores.map((s) => [s.label, s.scores])),
      byServer,
      missesByStyle: misses,
      ...(steps ? { steps } : {}),
      perQuery: queries.map((q, i) => ({
        ...q,
        results: Object.fromEntries(built.map((s, j) => [s.label, results[j]![i]])),
      })),
    };
  });

  const timing: Array<Record<string, string | number>> = [];
  // Long statements with clause boundaries: the longest queries, and with clause search on its worst case.
  const statements = sets.flatMap((s) => [2, 3].flatMap((n) => compoundStatements(s.queries, n).map((c) => c.text)));
  const firstPatternQuery = texts.find((q) => parsedOrNull(q)?.mode === "regex");
  for (const size of [docs.length, REPLICATED]) {
    const set = size === docs.length ? docs : replicate(docs, size);
    const runs: Array<{ label: string; make: Factory; texts: string[] }> = [
      ...searchers.map((s) => ({ ...s, texts })),
      ...(statements.length > 0
        ? [
            { label: "ours, multi-step", make: createToolSearcher, texts: statements },
            // The same statements with clause search switched on: what the option costs.
            { label: "ours, multi-step, clauses on", make: withClauses, texts: statements },
          ]
        : []),
    ];
    for (const s of runs) {
      // Built three times: the first build in a process includes V8 warming up on the arrays (a cold-start cost,
      // also in the cold-start figure); the best of three is what building an index costs. Both are printed.
      const builds: number[] = [];
      // Each built searcher's first pass over the texts (its word caches empty), as a p95: one pass is one noisy
      // sample (a busy core or a collection moves it by a third), so the median of the three is printed.
      const firstPasses: number[] = [];
      const build1 = () => {
        const t0 = performance.now();
        const built = s.make(set);
        builds.push(performance.now() - t0);
        return built;
      };
      const recordFirstPass = (built: ToolSearcher) =>
        firstPasses.push(percentile(timeOnce(searchOnce(built), s.texts), 95));
      recordFirstPass(build1());
      recordFirstPass(build1());
      const searcher = build1();
      const build = Math.min(...builds);
      // A pattern search reads a substring index that the first one builds (searcher.ts): time that first one.
      let firstPattern: number | null = null;
      if (s.label === "ours" && firstPatternQuery) {
        const t0 = performance.now();
        try {
          searcher.search(firstPatternQuery, K);
        } catch {
          /* timed all the same */
        }
        firstPattern = performance.now() - t0;
      }
      const {
        all: times,
        best,
        first,
      } = timeCallsBest(
        searchOnce(searcher),
        s.texts,
        size === docs.length ? rounds : Math.max(1, Math.ceil(rounds / 2)),
      );
      timing.push({
        searcher: s.label,
        tools: set.length,
        build_ms: build,
        first_build_ms: builds[0]!,
        ...(firstPattern === null ? {} : { first_pattern_ms: firstPattern }),
        median_ms: percentile(times, 50),
        p95_ms: percentile(times, 95),
        p95_best_ms: percentile(best, 95),
        p95_first_pass_ms: percentile(
          [...firstPasses, percentile(first, 95)].sort((a, b) => a - b),
          50,
        ),
        max_ms: times[times.length - 1]!,
      });
    }
  }
  const worstCase = new Map<number, number>();
  const hostile = worstCaseQuery();
  for (const n of [docs.length, REPLICATED]) {
    // Each sample on a fresh searcher: a searcher keeps what each word costs (word caches), so the same query
    // timed again on one searcher would read them and say nothing about the worst case.
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      const searcher = createToolSearcher(n === docs.length ? docs : largeDocs);
      searcher.search(coldQuery, K);
      const t0 = performance.now();
      searcher.search(hostile, K);
      samples.push(performance.now() - t0);
    }
    worstCase.set(
      n,
      percentile(
        samples.sort((a, b) => a - b),
        50,
      ),
    );
  }
  // The same two cold figures in fresh processes: this process gives one sample of each.
  const coldRuns = Number(args["cold-runs"] ?? 5);
  const fresh = coldRuns > 0 ? coldStartsInFreshProcesses(catalogFile, coldQuery, REPLICATED, coldRuns) : null;
  // A median and its range, as the fresh processes' figures are printed.
  const range = (f: ColdFigure) => `${ms(f.median)} ms (${ms(f.min)}–${ms(f.max)})`;
  const inFresh = (f: ColdFigure | undefined) => (f ? `; median of ${coldRuns} fresh processes ${range(f)}` : "");
  // The index built a slice at a time, as the app builds it (ToolCatalog.warm): how long the event loop waits at
  // most. In this process (its resources loaded) three times; the first build after a start, whose resources
  // load inside it, in fresh processes.
  const background: BackgroundBuild[] = [];
  for (let i = 0; i < 3; i++) background.push(await measureBackgroundBuild(largeDocs));
  const backgroundHere = backgroundFigures(background);
  const backgroundFresh = coldRuns > 0 ? backgroundBuildsInFreshProcesses(catalogFile, REPLICATED, coldRuns) : null;
  const held = searcherMemory(replicate(docs, REPLICATED), coldQuery, statements);
  const cacheMb = indexCacheMemory(entries, REPLICATED, CACHE_CATALOGS);
  const patternMb = patternIndexMemory(replicate(docs, REPLICATED));
  const ours = (tools: number, label = "ours") => timing.find((t) => t.searcher === label && t.tools === tools);
  const p95 = (tools: number, label?: string) => {
    const t = ours(tools, label);
    return t ? `${ms(t.p95_ms as number)} ms (best of rounds ${ms(t.p95_best_ms as number)})` : "—";
  };
  const firstPass = (tools: number, label: string) => {
    const t = ours(tools, label);
    return t ? `${ms(t.p95_first_pass_ms as number)} ms` : "—";
  };
  console.log("\nResources: the first search after a cold start, in the order a fresh process loads them");
  console.log(
    table(
      ["resource", "load ms", "RSS added MB", "disk MB"],
      [...cold.parts, cold.total, ...cold.optional].map((r) => [r.resource, ms(r.ms), mb(r.rssMb), mb(r.diskMb)]),
    ),
  );
  console.log("\nTargets (ours)");
  console.log(
    table(
      ["figure", "measured", "target"],
      [
        [
          "first search after cold start (resources + index + search): this process",
          `${ms(cold.total.ms)} ms${inFresh(fresh?.firstSearch)}`,
          "≤ 1000 ms",
        ],
        [`p95 per search, ${docs.length} tools`, p95(docs.length), "≤ 1 ms (574 tools)"],
        [`p95 per search, ${REPLICATED} tools`, p95(REPLICATED), "≤ 5 ms"],
        [
          `p95 per multi-step statement, ${docs.length} tools`,
          p95(docs.length, "ours, multi-step"),
          "≤ 1 ms (574 tools)",
        ],
        [`p95 per multi-step statement, ${REPLICATED} tools`, p95(REPLICATED, "ours, multi-step"), "≤ 5 ms"],
        [
          `the same, first pass of a fresh searcher (its word caches empty; median of 3 searchers), ${docs.length} tools`,
          firstPass(docs.length, "ours, multi-step"),
          "≤ 1 ms (574 tools)",
        ],
        [
          `the same, first pass of a fresh searcher (its word caches empty; median of 3 searchers), ${REPLICATED} tools`,
          firstPass(REPLICATED, "ours, multi-step"),
          "≤ 5 ms",
        ],
        [
          `p95 per multi-step statement with clause search switched on (an option), ${docs.length} tools`,
          p95(docs.length, "ours, multi-step, clauses on"),
          "≤ 1 ms (574 tools)",
        ],
        [
          `p95 per multi-step statement with clause search switched on (an option), ${REPLICATED} tools`,
          p95(REPLICATED, "ours, multi-step, clauses on"),
          "≤ 5 ms",
        ],
        [
          `index build, ${REPLICATED} tools (best of 3 in the timing rounds; first of those 3)`,
          `${ms(ours(REPLICATED)!.build_ms as number)} ms (${ms(ours(REPLICATED)!.first_build_ms as number)})`,
          "≤ 500 ms",
        ],
        [
          `index build, ${REPLICATED} tools, first after the cold start: this process`,
          `${ms(coldLargeBuildMs)} ms${inFresh(fresh?.largeBuild)}`,
          "≤ 500 ms",
        ],
        [
          `index build in the background (slices of ${DEFAULT_SLICE_MS} ms, as the app builds it), then its pattern index, ${REPLICATED} tools: the longest the event loop waits, median of 3 in this process${backgroundFresh ? `; the first build after a start (its resources load in it), median of ${coldRuns} fresh processes` : ""}`,
          `${range(backgroundHere.longestPause)}${backgroundFresh ? `; ${range(backgroundFresh.longestPause)}` : ""}`,
          "—",
        ],
        [
          `the same index builds' own time (their slices summed)`,
          `${range(backgroundHere.busy)}${backgroundFresh ? `; ${range(backgroundFresh.busy)}` : ""}`,
          "—",
        ],
        [
          `the pattern index built after each of them in slices (ToolCatalog.warmPatterns): its own time; its longest slice`,
          `${range(backgroundHere.patternBusy)}; ${range(backgroundHere.patternLongestSlice)}${backgroundFresh ? ` (fresh processes: ${range(backgroundFresh.patternBusy)}; ${range(backgroundFresh.patternLongestSlice)})` : ""}`,
          "—",
        ],
        ...[docs.length, REPLICATED].map((n) => [
          `worst case: a ${MAX_QUERY_LENGTH}-character query of the words with the most learned sources, ${n} tools (median of 5, each on a fresh searcher)`,
          `${ms(worstCase.get(n)!)} ms`,
          "— (bounded by the query cap)",
        ]),
        ...[docs.length, REPLICATED].map((n) => [
          `first pattern search after a build, ${n} tools (builds the substring index; once per searcher)`,
          ours(n)?.first_pattern_ms === undefined ? "—" : `${ms(ours(n)!.first_pattern_ms as number)} ms`,
          "— (moved out of the build)",
        ]),
        [
          "RSS added by any one resource (largest above)",
          `${mb(Math.max(...[...cold.parts, ...cold.optional].map((p) => p.rssMb)))} MB`,
          "≤ 150 MB",
        ],
        [
          `memory a ${REPLICATED}-tool searcher holds (heap + buffers${held.afterGc ? " after GC" : ", no GC exposed"}): after one search; after every multi-step statement (its word caches in use); with its pattern index built too (as the app's warm-up builds it)`,
          `${mb(held.builtMb)} MB; ${mb(held.usedMb)} MB; ${mb(held.withPatternsMb)} MB`,
          "—",
        ],
        [
          `memory a ${REPLICATED}-tool pattern index holds when every tool has a few words of its own (the catalog above repeats its words)`,
          `${mb(patternMb)} MB`,
          "—",
        ],
        [
          `memory the index cache holds after ${CACHE_CATALOGS} different ${REPLICATED}-tool catalogs, each searched once (a catalog that keeps changing)`,
          `${mb(cacheMb)} MB`,
          "—",
        ],
        ["bench wall time", `${ms(performance.now() - started)} ms`, "—"],
        // Timings on a shared machine mean little under load: say what the load was.
        ["load average (1 min) / cores", `${loadavg()[0]!.toFixed(1)} / ${cpus().length}`, "—"],
      ],
    ),
  );
  console.log("");
  console.log(
    `Latency per search call (${texts.length} queries of all sets; multi-step: ${statements.length} statements) and index build (Node ${process.version})`,
  );
  console.log(
    table(
      [
        "searcher",
        "tools",
        "build ms (best of 3)",
        "first build ms",
        "median ms",
        "p95 ms",
        "p95 best of rounds ms",
        "p95 first pass ms (median of 3 searchers)",
        "max ms",
      ],
      timing.map((t) => [
        String(t.searcher),
        String(t.tools),
        ms(t.build_ms as number),
        ms(t.first_build_ms as number),
        ms(t.median_ms as number),
        ms(t.p95_ms as number),
        ms(t.p95_best_ms as number),
        ms(t.p95_first_pass_ms as number),
        ms(t.max_ms as number),
      ]),
    ),
  );

  if (args.json) {
    const out = {
      catalog: catalogFile,
      // The first set at the top level too, as before several sets were allowed.
      queries: reports[0]!.queries,
      quality: reports[0]!.quality,
      perQuery: reports[0]!.perQuery,
      sets: reports,
      coldStart: cold,
      coldLargeBuildMs,
      indexCacheMb: cacheMb,
      patternIndexMb: patternMb,
      ...(fresh ? { coldInFreshProcesses: { runs: coldRuns, ...fresh } } : {}),
      backgroundBuild: {
        sliceMs: DEFAULT_SLICE_MS,
        inThisProcess: background,
        ...(backgroundFresh ? { firstInFreshProcesses: { runs: coldRuns, ...backgroundFresh } } : {}),
      },
      timing,
    };
    writeFileSync(path.resolve(args.json), JSON.stringify(out, null, 2));
    console.log(`\nwrote ${path.resolve(args.json)}`);
  }
}

try {
  await main();
} catch (e) {
  console.error(`bench:search: ${(e as Error).message}`);
  process.exit(1);
}
