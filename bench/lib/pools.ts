import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { SearchDoc } from "@/lib/deferred/search";
import { type BenchQuery, loadCatalog, loadQueries, toSearchDocs, loadServerDescriptions } from "./data";
import { K } from "./metrics";

/**
 * The dev pools: every committed query set, run over its own catalog and read request by request (bench:search-pools,
 * ../search-pools.ts). A candidate's dev figures are the difference between two runs (main and the candidate, or one
 * setting changed); the same numbers bench:tune-search reports pooled, here with which requests moved and in what
 * style. Only ranks are kept, never query text: the file says how a search did, not what was asked.
 */

/** Where a pool's catalog and its query sets are, from the repository's root. */
export interface Pool {
  label: string;
  catalog: string;
  dir: string;
  /** Which files of `dir` are query sets of this catalog. */
  sets: RegExp;
  /** Its servers' descriptions (data.ts, loadServerDescriptions), read when a run asks for them. */
  servers: string;
  /**
   * Whether the learners (learn:reranker, bench:tune-search --pools) read it. A catalog kept out of learning stays a
   * catalog nothing was fitted to, so its pool measures a learned model on tools it never saw; learn:associations
   * --pools still reads it when named.
   */
  learn: boolean;
}

export const POOLS: readonly Pool[] = [
  {
    label: "shared",
    catalog: path.join("..", "shared", "bench", "catalog.json"),
    dir: "bench/queries",
    sets: /\.json$/,
    servers: "bench/catalogs/shared.servers.json",
    learn: true,
  },
  {
    label: "catalog2",
    catalog: "bench/catalogs/catalog2.json",
    dir: "bench/catalogs",
    sets: /^catalog2-.+\.json$/,
    servers: "bench/catalogs/catalog2.servers.json",
    learn: true,
  },
  {
    label: "catalog3",
    catalog: "bench/catalogs/catalog3.json",
    dir: "bench/catalogs",
    sets: /^catalog3-.+\.json$/,
    servers: "bench/catalogs/catalog3.servers.json",
    learn: true,
  },
  {
    label: "catalog4",
    catalog: "bench/catalogs/catalog4.json",
    dir: "bench/catalogs",
    sets: /^catalog4-.+\.json$/,
    servers: "bench/catalogs/catalog4.servers.json",
    // The fourth catalog (forty-first session) is measured on, never learned from.
    learn: false,
  },
];

/** How deep a request's first expected tool is looked for: rank 6 to 10 is a near miss, told apart from none. */
export const POOL_DEPTH = 10;

/** One request's result, one JSON line of a pools file. */
export const PoolLineSchema = z
  .object({
    pool: z.string(),
    set: z.string(),
    /** The request's place in its set, from 0. */
    i: z.number().int().nonnegative(),
    style: z.string(),
    /** Where the first expected tool is, 1 to POOL_DEPTH; 0 when it is not among the first POOL_DEPTH. */
    rank: z.number().int().min(0).max(POOL_DEPTH),
    /** The expected tools' server (SEVERAL_SERVERS when they are on more than one); absent in older files. */
    server: z.string().optional(),
  })
  .strict();
export type PoolLine = z.infer<typeof PoolLineSchema>;

/** A pool's query set files, sorted by name. */
export function poolSets(root: string, pool: Pool): string[] {
  return fs
    .readdirSync(path.join(root, pool.dir))
    .filter((f) => pool.sets.test(f))
    .sort()
    .map((f) => path.join(pool.dir, f));
}

/** A pool read from the repository at `root`: its catalog's tools and each of its sets' requests, by file. */
export function loadPool(
  root: string,
  pool: Pool,
  /** Each tool also carries its server's description (the pool's servers file). */
  withDescriptions = false,
): { docs: SearchDoc[]; sets: Array<{ file: string; queries: BenchQuery[] }> } {
  const catalog = loadCatalog(path.resolve(root, pool.catalog));
  return {
    docs: toSearchDocs(
      catalog,
      withDescriptions ? loadServerDescriptions(path.resolve(root, pool.servers), catalog) : undefined,
    ),
    sets: poolSets(root, pool).map((file) => ({ file, queries: loadQueries(path.join(root, file)) })),
  };
}

/** What a pools line says for a request whose expected tools are on more than one server. */
export const SEVERAL_SERVERS = "(several)";
/** What a comparison groups a request under when neither side names its server (files written before lines had one). */
export const UNKNOWN_SERVER = "(unknown)";

/** The server of a request's expected tools, by `serverOf` (tool name → server); SEVERAL_SERVERS when they differ. */
export function expectedServer(expected: readonly string[], serverOf: ReadonlyMap<string, string>): string {
  const servers = new Set(expected.map((n) => serverOf.get(n) ?? UNKNOWN_SERVER));
  return servers.size === 1 ? [...servers][0]! : SEVERAL_SERVERS;
}

/** The 1-based place of the first expected name in `results`, 0 when none is there. */
export function rankOf(results: readonly string[], expected: readonly string[]): number {
  const want = new Set(expected);
  return results.findIndex((n) => want.has(n)) + 1;
}

/** A pools file's lines, each checked; a bad line is named by its number. */
export function readPoolLines(file: string): PoolLine[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    throw new Error(`${file}: not readable (${(e as Error).message})`);
  }
  return text
    .split("\n")
    .map((line, n) => ({ line: line.trim(), n: n + 1 }))
    .filter((l) => l.line !== "")
    .map(({ line, n }) => {
      let raw: unknown;
      try {
        raw = JSON.parse(line);
      } catch {
        throw new Error(`${file}: line ${n}: not JSON (not a bench:search-pools file?)`);
      }
      const r = PoolLineSchema.safeParse(raw);
      if (!r.success) {
        const issue = r.error.issues[0]!;
        throw new Error(`${file}: line ${n}: field "${issue.path.join(".") || "(line)"}": ${issue.message}`);
      }
      return r.data;
    });
}

/** Whether a pools rank (1-based, 0: not found) is in the first five: a Recall@5 hit. */
export const inTop5 = (rank: number) => rank >= 1 && rank <= K;
/** A pools rank's reciprocal rank for MRR@5 (0 outside the first five). */
export const reciprocalRank5 = (rank: number) => (inTop5(rank) ? 1 / rank : 0);

/**
 * One pool's figures on both sides of a comparison: `hits`, requests with the first expected tool in the first 5,
 * before and after; `mrr`, MRR@5; `found` and `lost`, in the first 5 after only and before only.
 */
export interface PoolComparison extends StyleComparison {
  pool: string;
  /** Requests whose reciprocal rank (within the first 5) rose, and fell. */
  higher: number;
  lower: number;
  /** The same per style, in first-seen order. */
  styles: StyleComparison[];
  /** The same per server of the expected tools, in first-seen order. */
  servers: ServerComparison[];
}

/** A group of requests' figures on both sides of a comparison. */
export interface Tally {
  n: number;
  hits: [number, number];
  mrr: [number, number];
  found: number;
  lost: number;
}

/** One style's figures within a pool, on both sides of a comparison. */
export interface StyleComparison extends Tally {
  style: string;
}

/** The figures of the requests for one server's tools within a pool, on both sides of a comparison. */
export interface ServerComparison extends Tally {
  server: string;
}

/** Adds one request, ranked `b` before and `a` after, to a pool's, a style's or a server's figures. */
function count(into: Tally, b: number, a: number): void {
  into.n++;
  if (inTop5(b)) into.hits[0]++;
  if (inTop5(a)) into.hits[1]++;
  into.mrr[0] += reciprocalRank5(b);
  into.mrr[1] += reciprocalRank5(a);
  if (inTop5(a) && !inTop5(b)) into.found++;
  if (inTop5(b) && !inTop5(a)) into.lost++;
}

const tally = (): Tally => ({ n: 0, hits: [0, 0], mrr: [0, 0], found: 0, lost: 0 });
const means = <T extends Tally>(x: T): T => ({ ...x, mrr: [x.mrr[0] / x.n, x.mrr[1] / x.n] });

/** The entry of `list` that `same` picks, added (`make`) in first-seen order when there is none yet. */
function entry<T>(list: T[], same: (x: T) => boolean, make: () => T): T {
  let x = list.find(same);
  if (!x) {
    x = make();
    list.push(x);
  }
  return x;
}

/**
 * Two runs over the same pools, request by request, per pool. The runs must list the same requests in the same
 * order (the same sets, as committed then): the first line that differs is named.
 */
export function comparePools(before: readonly PoolLine[], after: readonly PoolLine[]): PoolComparison[] {
  if (before.length !== after.length)
    throw new Error(`the runs differ in length: ${before.length} requests before, ${after.length} after`);
  const pools = new Map<string, PoolComparison>();
  before.forEach((b, n) => {
    const a = after[n]!;
    if (a.pool !== b.pool || a.set !== b.set || a.i !== b.i || a.style !== b.style)
      throw new Error(
        `line ${n + 1}: ${b.pool} ${b.set} #${b.i} before, ${a.pool} ${a.set} #${a.i} after (other sets committed?)`,
      );
    let p = pools.get(b.pool);
    if (!p) {
      p = { ...tally(), style: "all", pool: b.pool, higher: 0, lower: 0, styles: [], servers: [] };
      pools.set(b.pool, p);
    }
    const server = b.server ?? a.server ?? UNKNOWN_SERVER;
    const style = entry(
      p.styles,
      (x) => x.style === b.style,
      () => ({ ...tally(), style: b.style }),
    );
    const ofServer = entry(
      p.servers,
      (x) => x.server === server,
      () => ({ ...tally(), server }),
    );
    for (const into of [p, style, ofServer]) count(into, b.rank, a.rank);
    if (reciprocalRank5(a.rank) > reciprocalRank5(b.rank)) p.higher++;
    if (reciprocalRank5(a.rank) < reciprocalRank5(b.rank)) p.lower++;
  });
  return [...pools.values()].map((p) => ({ ...means(p), styles: p.styles.map(means), servers: p.servers.map(means) }));
}

/**
 * `base` with the numbers and switches of `override` put in, by the same paths (`{"servers": {"depth": 100}}`).
 * Every path must name a setting of `base` of the same type: a misspelt setting would otherwise change nothing and
 * the run would say so nowhere.
 */
export function overrideConfig<T>(base: T, override: unknown, at = "--config"): T {
  if (override === null || typeof override !== "object" || Array.isArray(override))
    throw new Error(`${at}: must be a JSON object of settings`);
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(override)) {
    const where = `${at}.${key}`;
    if (!(key in out)) throw new Error(`${where}: no such setting (settings here: ${Object.keys(out).join(", ")})`);
    const current = out[key];
    if (current !== null && typeof current === "object" && !Array.isArray(current))
      out[key] = overrideConfig(current, value, where);
    else if (typeof value !== typeof current)
      throw new Error(`${where}: must be a ${typeof current}, not ${JSON.stringify(value)}`);
    else out[key] = value;
  }
  return out as T;
}

/** The pools the learners read (`learn`): the others are only measured on. */
export const LEARNED_POOLS: readonly Pool[] = POOLS.filter((p) => p.learn);
