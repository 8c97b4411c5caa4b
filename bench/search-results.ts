/**
 * Every result the tool search gives, for checking that a change to its speed changed no answer:
 * `npm run -s bench:search-results -- [--catalog FILE] [--queries FILE]... --json OUT` writes, per query set,
 * each query's top 5 (names and scores) under several searchers: the default, each technique switched alone
 * (as the ablation does), clause search on over the set's multi-step statements, and the default over the
 * catalog replicated to 10,000 tools. `npm run -s bench:search-results -- --compare A.json --to B.json` then says
 * whether two such files (or two `bench:search --json` files) hold the same names in the same order for every
 * query of every set and searcher, and how far any score moved; it exits 1 when a name or an order differs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SearchDoc } from "@/lib/deferred/search";
import { DEFAULT_RANKER } from "@/lib/deferred/search/ranker-config";
import { DEFAULT_TECHNIQUES, type SearchTechniques } from "@/lib/deferred/search/techniques";
import { LexicalSearcher } from "@/lib/deferred/search/searcher";
import { parseFlags } from "./lib/args";
import { compoundStatements } from "./lib/compound";
import { DEFAULT_CATALOG, DEFAULT_QUERIES, loadCatalog, loadQueries, replicate, toSearchDocs } from "./lib/data";
import { K } from "./lib/metrics";

interface Entry {
  query: string;
  style: string;
  results: Record<string, string[]>;
  scores?: Record<string, Array<number | null>>;
}
interface ResultsFile {
  sets: Array<{ queries: string; perQuery: Entry[] }>;
}

type Variant = { label: string; techniques: SearchTechniques; tools?: number; statements?: boolean };

function variants(): Variant[] {
  const names = Object.keys(DEFAULT_TECHNIQUES) as Array<keyof SearchTechniques>;
  return [
    { label: "default", techniques: DEFAULT_TECHNIQUES, statements: true },
    ...names.map((n) => ({
      label: `${n} ${DEFAULT_TECHNIQUES[n] ? "off" : "on"}`,
      techniques: { ...DEFAULT_TECHNIQUES, [n]: !DEFAULT_TECHNIQUES[n] },
      statements: n === "clauses",
    })),
    { label: "default, 10000 tools", techniques: DEFAULT_TECHNIQUES, tools: 10_000, statements: true },
  ];
}

function dump(docs: SearchDoc[], files: string[]): ResultsFile {
  const all = variants().map((v) => ({
    ...v,
    searcher: new LexicalSearcher(v.tools ? replicate(docs, v.tools) : docs, {
      ...DEFAULT_RANKER,
      techniques: v.techniques,
    }),
  }));
  return {
    sets: files.map((file) => {
      const queries = loadQueries(file);
      const statements = [2, 3].flatMap((n) =>
        compoundStatements(queries, n).map((s) => ({ query: s.text, style: `multi-step ${n}` })),
      );
      const perQuery: Entry[] = [...queries, ...statements].map((q) => ({
        query: q.query,
        style: q.style,
        results: {},
        scores: {},
      }));
      for (const v of all) {
        perQuery.forEach((e, i) => {
          if (i >= queries.length && !v.statements) return;
          let found: Array<{ name: string; score: number | null }>;
          try {
            found = v.searcher.searchScored(e.query, K);
          } catch (err) {
            found = [{ name: `!error: ${(err as Error).message}`, score: null }];
          }
          e.results[v.label] = found.map((f) => f.name);
          e.scores![v.label] = found.map((f) => f.score);
        });
      }
      return { queries: file, perQuery };
    }),
  };
}

/** Names and order must be equal; scores are reported by their largest relative change. */
function compare(a: ResultsFile, b: ResultsFile): number {
  let compared = 0;
  let differ = 0;
  let maxScoreChange = 0;
  const shown: string[] = [];
  if (a.sets.length !== b.sets.length) throw new Error(`the files hold ${a.sets.length} and ${b.sets.length} sets`);
  a.sets.forEach((sa, s) => {
    const sb = b.sets[s]!;
    if (path.basename(sa.queries) !== path.basename(sb.queries) || sa.perQuery.length !== sb.perQuery.length)
      throw new Error(`set ${s}: ${sa.queries} (${sa.perQuery.length}) vs ${sb.queries} (${sb.perQuery.length})`);
    sa.perQuery.forEach((qa, i) => {
      const qb = sb.perQuery[i]!;
      if (qa.query !== qb.query) throw new Error(`set ${s} entry ${i}: the queries differ`);
      const labels = new Set([...Object.keys(qa.results), ...Object.keys(qb.results)]);
      for (const label of labels) {
        compared++;
        const ra = qa.results[label];
        const rb = qb.results[label];
        if (JSON.stringify(ra) !== JSON.stringify(rb)) {
          differ++;
          if (shown.length < 20)
            shown.push(
              `${path.basename(sa.queries)} [${label}] ${JSON.stringify(qa.query)}\n  A ${ra?.join(", ")}\n  B ${rb?.join(", ")}`,
            );
          continue;
        }
        const xa = qa.scores?.[label] ?? [];
        const xb = qb.scores?.[label] ?? [];
        xa.forEach((x, j) => {
          const y = xb[j];
          if (typeof x === "number" && typeof y === "number" && x !== y)
            maxScoreChange = Math.max(maxScoreChange, Math.abs(x - y) / Math.max(Math.abs(x), 1e-12));
        });
      }
    });
  });
  for (const s of shown) console.log(s);
  console.log(
    `${compared} result lists compared (${a.sets.length} sets): ${differ} differ; largest relative score change ${maxScoreChange.toExponential(2)}`,
  );
  return differ;
}

function main(): void {
  const { flags, lists } = parseFlags(
    process.argv.slice(2),
    ["catalog", "queries", "json", "compare", "to"],
    ["queries"],
  );
  if (flags.compare || flags.to) {
    if (!flags.compare || !flags.to) throw new Error("--compare A.json --to B.json: two files");
    const [a, b] = [flags.compare, flags.to].map(
      (f) => JSON.parse(readFileSync(path.resolve(f), "utf8")) as ResultsFile,
    );
    process.exit(compare(a!, b!) === 0 ? 0 : 1);
  }
  if (!flags.json) throw new Error("--json OUT is required");
  const docs = toSearchDocs(loadCatalog(path.resolve(flags.catalog ?? DEFAULT_CATALOG)));
  const files = (lists.queries ?? [DEFAULT_QUERIES]).map((f) => path.resolve(f));
  writeFileSync(path.resolve(flags.json), JSON.stringify(dump(docs, files)));
  console.log(`wrote ${path.resolve(flags.json)}`);
}

try {
  main();
} catch (e) {
  console.error(`bench:search-results: ${(e as Error).message}`);
  process.exit(1);
}
