/**
 * The dev pools, request by request (bench/lib/pools.ts): every committed query set over its own catalog.
 *
 * - `npm run -s bench:search-pools -- --out FILE [--config JSON] [--switch TECHNIQUE]... [--pool LABEL]
 *   [--descriptions true]` runs the search (the defaults, or with settings put in by path,
 *   `--config '{"servers":{"depth":100}}'`, and techniques switched as bench:tune-search switches them; with
 *   `--descriptions true` each tool also carries its server's description, from the pool's servers file) and writes
 *   one JSON line per request: its pool, set, place, style, the first expected tool's rank in the first 10 and the
 *   expected tools' server. Prints Recall@5 and MRR@5 per pool and style, then each pool's weakest servers (the
 *   servers whose requests it finds least often: where its misses gather).
 * - `npm run -s bench:search-pools -- --before A --after B` compares two such files (main and a candidate's branch,
 *   or two settings): per pool Recall@5 and MRR@5 on each side, requests found and lost (overall, by style and by the
 *   expected tools' server), and ranked higher and lower.
 *
 * It prints no query. Every committed set is a dev set, so these are dev figures; a candidate is asked of new sets
 * with a rule written first (bench/queries/README.md).
 */
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_RANKER } from "@/lib/deferred/search/ranker-config";
import { LexicalSearcher } from "@/lib/deferred/search/searcher";
import { switchedTechniques } from "./lib/ablation";
import { booleanFlag, parseFlags } from "./lib/args";
import {
  comparePools,
  expectedServer,
  overrideConfig,
  POOL_DEPTH,
  POOLS,
  type PoolComparison,
  type PoolLine,
  loadPool,
  rankOf,
  readPoolLines,
  type Tally,
  UNKNOWN_SERVER,
} from "./lib/pools";
import { pct, table } from "./lib/report";
import { formatP, signTestP } from "./lib/stats";

const ROOT = path.resolve(import.meta.dirname, "..");

function parseConfig(text: string | undefined): unknown {
  if (text === undefined) return {};
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`--config: not JSON (${(e as Error).message})`);
  }
}

function run(
  out: string,
  configText: string | undefined,
  switches: string[],
  only: string | undefined,
  withDescriptions: boolean,
): void {
  if (only !== undefined && !POOLS.some((p) => p.label === only))
    throw new Error(`--pool: no pool "${only}" (pools: ${POOLS.map((p) => p.label).join(", ")})`);
  const config = overrideConfig(
    { ...DEFAULT_RANKER, techniques: switchedTechniques(switches) },
    parseConfig(configText),
  );
  const lines: PoolLine[] = [];
  for (const pool of POOLS) {
    if (only !== undefined && pool.label !== only) continue;
    const { docs, sets } = loadPool(ROOT, pool, withDescriptions);
    const searcher = new LexicalSearcher(docs, config);
    const serverOf = new Map(docs.map((d) => [d.name, d.server ?? UNKNOWN_SERVER]));
    for (const set of sets) {
      set.queries.forEach((q, i) => {
        if (q.expected.length === 0) return;
        const rank = rankOf(searcher.search(q.query, POOL_DEPTH), q.expected);
        const server = expectedServer(q.expected, serverOf);
        lines.push({ pool: pool.label, set: path.basename(set.file), i, style: q.style, rank, server });
      });
    }
  }
  fs.writeFileSync(out, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  // The lines compared with themselves: each pool's and style's figures.
  const pools = comparePools(lines, lines);
  const rows = pools.flatMap((p) =>
    [p, ...p.styles].map((s) => [
      p.pool,
      s.style,
      String(s.n),
      String(s.hits[0]),
      pct(s.hits[0] / s.n),
      s.mrr[0].toFixed(4),
    ]),
  );
  console.log(table(["pool", "style", "n", "found", "Recall@5 %", "MRR@5"], rows));
  console.log(`\nweakest servers per pool (at least ${WEAK_SERVER_MIN} requests expect their tools; Recall@5)`);
  console.log(table(["pool", "server", "n", "found", "Recall@5 %", "MRR@5"], weakestServers(pools)));
  console.log(`\n${lines.length} requests written to ${out}`);
}

/** Servers with fewer requests than this are left out of the weakest servers' table (too few to rank). */
const WEAK_SERVER_MIN = 20;
/** How many servers each pool lists. */
const WEAK_SERVERS_SHOWN = 5;

/** Each pool's servers whose requests it finds least often, as table rows. */
function weakestServers(pools: readonly PoolComparison[]): string[][] {
  return pools.flatMap((p) =>
    p.servers
      .filter((s) => s.n >= WEAK_SERVER_MIN)
      .sort((a, b) => a.hits[0] / a.n - b.hits[0] / b.n || b.n - a.n || (a.server < b.server ? -1 : 1))
      .slice(0, WEAK_SERVERS_SHOWN)
      .map((s) => [p.pool, s.server, String(s.n), String(s.hits[0]), pct(s.hits[0] / s.n), s.mrr[0].toFixed(4)]),
  );
}

function compare(before: string, after: string): void {
  const result = comparePools(readPoolLines(before), readPoolLines(after));
  console.log(`${before} → ${after}, request for request (no query shown)\n`);
  console.log(
    table(
      [
        "pool",
        "n",
        "found before → after",
        "MRR@5",
        "found",
        "lost",
        "ranked higher",
        "ranked lower",
        "p found/lost",
        "p higher/lower",
      ],
      result.map((p) => [
        p.pool,
        String(p.n),
        `${p.hits[0]} → ${p.hits[1]} (${p.hits[1] - p.hits[0] >= 0 ? "+" : ""}${p.hits[1] - p.hits[0]})`,
        `${p.mrr[0].toFixed(4)} → ${p.mrr[1].toFixed(4)}`,
        String(p.found),
        String(p.lost),
        String(p.higher),
        String(p.lower),
        formatP(signTestP(p.found, p.lost)),
        formatP(signTestP(p.higher, p.lower)),
      ]),
    ),
  );
  console.log("\nby style");
  console.log(
    table(
      ["pool", "style", ...TALLY_HEADS],
      result.flatMap((p) => p.styles.map((s) => [p.pool, s.style, ...tallyCells(s)])),
    ),
  );
  // Which servers' requests a candidate moves, most lost first: a change that helps one kind of product and hurts
  // another shows here before a blind rule does.
  const moved = result.flatMap((p) =>
    p.servers.filter((s) => s.found + s.lost > 0).map((s) => ({ pool: p.pool, ...s })),
  );
  if (moved.length === 0) return;
  moved.sort((x, y) => x.found - x.lost - (y.found - y.lost) || x.pool.localeCompare(y.pool));
  console.log("\nby the expected tools' server (servers with a request found or lost; most lost first)");
  console.log(
    table(
      ["pool", "server", ...TALLY_HEADS],
      moved.map((s) => [s.pool, s.server, ...tallyCells(s)]),
    ),
  );
}

/** The columns of a group's figures in a comparison (a style's, a server's). */
const TALLY_HEADS = ["n", "found before → after", "MRR@5", "found", "lost"];

function tallyCells(s: Tally): string[] {
  return [
    String(s.n),
    `${s.hits[0]} → ${s.hits[1]}`,
    `${s.mrr[0].toFixed(4)} → ${s.mrr[1].toFixed(4)}`,
    `+${s.found}`,
    `-${s.lost}`,
  ];
}

function main(): void {
  const { flags, lists } = parseFlags(
    process.argv.slice(2),
    ["out", "config", "switch", "pool", "before", "after", "descriptions"],
    ["switch"],
  );
  if (flags.before !== undefined || flags.after !== undefined) {
    if (flags.before === undefined || flags.after === undefined)
      throw new Error("--before and --after go together (two bench:search-pools files)");
    if (
      flags.out !== undefined ||
      flags.config !== undefined ||
      flags.switch !== undefined ||
      flags.pool !== undefined ||
      flags.descriptions !== undefined
    )
      throw new Error(
        "--before/--after compare two files; --out, --config, --switch, --pool and --descriptions run the search",
      );
    compare(flags.before, flags.after);
    return;
  }
  if (flags.out === undefined) throw new Error("--out FILE (a run) or --before A --after B (a comparison)");
  run(flags.out, flags.config, lists.switch ?? [], flags.pool, booleanFlag(flags, "descriptions"));
}

try {
  main();
} catch (e) {
  console.error(`bench:search-pools: ${(e as Error).message}`);
  process.exit(2);
}
