/**
 * What one search technique costs in latency, measured so that machine noise cancels:
 * `npm run -s bench:search-ab -- --technique NAME [--catalog FILE] [--queries FILE]... [--sizes 574,10000] [--rounds 5]`.
 * Both settings (the technique as by default, and switched the other way) search the same statements in the
 * same process, alternating which goes first, for single queries and for the multi-step statements built from
 * the sets (as bench:search builds them). Prints median, p95 and mean per setting and catalog size, and each
 * setting's index build (best and median of the rounds, built alternately). A
 * `bench:search` run times one setting at a time, so its p95 moves with whatever else the machine is doing.
 */
import path from "node:path";
import { createToolSearcher, type ToolSearcher } from "@/lib/deferred/search";
import { DEFAULT_TECHNIQUES, type SearchTechniques } from "@/lib/deferred/search/techniques";
import { parseFlags } from "./lib/args";
import { compoundStatements } from "./lib/compound";
import { DEFAULT_CATALOG, DEFAULT_QUERIES, loadCatalog, loadQueries, replicate, toSearchDocs } from "./lib/data";
import { percentile } from "./lib/metrics";
import { ms, table } from "./lib/report";

function main(): void {
  const { flags, lists } = parseFlags(
    process.argv.slice(2),
    ["technique", "catalog", "queries", "sizes", "rounds"],
    ["queries"],
  );
  const technique = flags.technique as keyof SearchTechniques | undefined;
  if (!technique || !(technique in DEFAULT_TECHNIQUES))
    throw new Error(`--technique: one of ${Object.keys(DEFAULT_TECHNIQUES).join(", ")}`);
  const docs = toSearchDocs(loadCatalog(path.resolve(flags.catalog ?? DEFAULT_CATALOG)));
  const queries = (lists.queries ?? [DEFAULT_QUERIES]).flatMap((f) => loadQueries(path.resolve(f)));
  const sizes = (flags.sizes ?? `${docs.length},10000`).split(",").map(Number);
  const rounds = Number(flags.rounds ?? 5);
  const single = queries.map((q) => q.query);
  const multi = [2, 3].flatMap((steps) => compoundStatements(queries, steps).map((s) => s.text));
  const byDefault = DEFAULT_TECHNIQUES[technique];
  const label = (on: boolean) => `${technique} ${on ? "on" : "off"}${on === byDefault ? " (default)" : ""}`;

  const rows: string[][] = [];
  const buildRows: string[][] = [];
  for (const size of sizes) {
    const catalog = size > docs.length ? replicate(docs, size) : docs;
    // Builds first, alternating which setting goes first by round; the last build of each is searched below.
    const builds = [[], []] as number[][];
    const built: ToolSearcher[] = [];
    for (let r = 0; r < rounds; r++)
      for (let k = 0; k < 2; k++) {
        const i = (k + r) % 2;
        const started = performance.now();
        built[i] = createToolSearcher(catalog, { [technique]: i === 0 ? byDefault : !byDefault });
        builds[i]!.push(performance.now() - started);
      }
    const settings = [byDefault, !byDefault].map((on, i) => ({ on, searcher: built[i]! }));
    settings.forEach((s, i) => {
      buildRows.push([
        String(catalog.length),
        label(s.on),
        ms(Math.min(...builds[i]!)),
        ms(
          percentile(
            [...builds[i]!].sort((a, b) => a - b),
            50,
          ),
        ),
      ]);
    });
    for (const [kind, texts] of [
      ["single", single],
      ["multi-step", multi],
    ] as const) {
      const times = settings.map(() => [] as number[]);
      for (const t of texts.slice(0, 50)) for (const s of settings) s.searcher.search(t, 5);
      for (let r = 0; r < rounds; r++)
        for (const text of texts)
          for (let k = 0; k < settings.length; k++) {
            const i = (k + r) % settings.length;
            const started = performance.now();
            settings[i]!.searcher.search(text, 5);
            times[i]!.push(performance.now() - started);
          }
      settings.forEach((s, i) => {
        const sorted = times[i]!.sort((a, b) => a - b);
        const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
        rows.push([
          String(catalog.length),
          `${kind} (${texts.length})`,
          label(s.on),
          ms(percentile(sorted, 50)),
          ms(percentile(sorted, 95)),
          ms(mean),
        ]);
      });
    }
  }
  console.log(`${rounds} rounds, both settings searching each text in turn (the order alternating by round)`);
  console.log(table(["tools", "texts", "setting", "median ms", "p95 ms", "mean ms"], rows));
  console.log(`\nIndex build, ${rounds} builds per setting, alternating`);
  console.log(table(["tools", "setting", "best ms", "median ms"], buildRows));
}

main();
