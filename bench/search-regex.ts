/**
 * The regex engine question (issue 13): Fawn's own linear-time matcher (lib/deferred/search/regex/) against
 * re2js (a pure-JS port of RE2, linear by construction) on hostile inputs and on the dev set's patterns over
 * the catalog. `npm run -s bench:search-regex [-- --catalog FILE --queries FILE]`. Figures, not assertions.
 */
import path from "node:path";
import { RE2JS } from "re2js";
import { SafeRegex } from "@/lib/deferred/search/regex/match";
import { parseArgs } from "./lib/args";
import { DEFAULT_CATALOG, DEFAULT_QUERIES, loadCatalog, loadQueries } from "./lib/data";
import { ms, table } from "./lib/report";

const long = "a".repeat(100_000);
const HOSTILE: Array<[string, string]> = [
  ["(a+)+$", `${long}!`],
  ["(a|aa)*b", long],
  ["(a*)*b", long],
  [".*.*.*.*x", long],
  ["(x+x+)+y", "x".repeat(50_000)],
  ["(\\w+\\s?)*!$", "word ".repeat(20_000)],
  ["(\\w+\\s?)*!$", `${"word ".repeat(20_000)}!`],
  ["(a{1,100}){1,100}b", "a".repeat(10_000)],
  ["([a-z]+)*[0-9]", "abcdefghij".repeat(10_000)],
];

type Engine = { label: string; compile: (p: string) => (text: string) => boolean };
const ENGINES: Engine[] = [
  {
    label: "in-repo",
    // The searcher's budget is 4 M steps per search; here each call gets it alone.
    compile: (p) => {
      const re = new SafeRegex(p);
      return (t) => re.test(t, { left: 4_000_000 });
    },
  },
  {
    label: "re2js",
    compile: (p) => {
      const re = RE2JS.compile(p, RE2JS.CASE_INSENSITIVE);
      return (t) => re.matcher(t).find();
    },
  },
];

function time(f: () => unknown): [number, unknown] {
  const t0 = performance.now();
  let out: unknown;
  try {
    out = f();
  } catch (e) {
    out = `error: ${(e as Error).message.slice(0, 40)}`;
  }
  return [performance.now() - t0, out];
}

function main(): void {
  const args = parseArgs(process.argv.slice(2), ["catalog", "queries"]);
  const catalog = loadCatalog(path.resolve(args.catalog ?? DEFAULT_CATALOG));
  const patterns = loadQueries(path.resolve(args.queries ?? DEFAULT_QUERIES))
    .filter((q) => q.style === "regex")
    .map((q) => q.query);
  const texts = catalog.map((t) => `${t.name} ${t.description.slice(0, 2000)}`.toLowerCase());

  console.log("Hostile patterns (one call each, compile + match; answer in brackets)");
  const rows = HOSTILE.map(([p, text]) => [
    p,
    String(text.length),
    ...ENGINES.map((e) => {
      const [t, out] = time(() => e.compile(p)(text));
      return `${ms(t)} ms [${out}]`;
    }),
  ]);
  console.log(table(["pattern", "text chars", ...ENGINES.map((e) => e.label)], rows));

  console.log(`\n${patterns.length} dev regex queries over ${texts.length} tool texts (median of 5 runs per pattern)`);
  const speed = patterns.map((p) => [
    p,
    ...ENGINES.map((e) => {
      const runs: number[] = [];
      let hits = 0;
      for (let r = 0; r < 5; r++) {
        const [t] = time(() => {
          const m = e.compile(p);
          hits = texts.filter(m).length;
        });
        runs.push(t);
      }
      runs.sort((a, b) => a - b);
      return `${ms(runs[2]!)} ms (${hits} hits)`;
    }),
  ]);
  console.log(table(["pattern", ...ENGINES.map((e) => e.label)], speed));
}

try {
  main();
} catch (e) {
  console.error(`bench:search-regex: ${(e as Error).message}`);
  process.exit(1);
}
