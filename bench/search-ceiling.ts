/**
 * Where the ceiling is on the dev pools (bench/lib/pools.ts): the search as shipped, run deeper than bench:search-pools
 * (every tool of the catalog), and read against oracles. Prints aggregate figures only, never a query.
 *
 *   npm run -s bench:search-ceiling -- [--out FILE] [--descriptions true]
 *
 * 1. The first expected tool's rank: 1, 2–5, 6–10, 11–20, 21–50, >50 or absent.
 * 2. Server oracle: the ranking kept to the expected tools' server(s), same order: Recall@5 and MRR@5. Misses (not in
 *    the first 5) split by the first result's server: the expected one (right server, wrong tool) or another.
 * 3. Right-server misses: the expected server's tool count (median) and the expected tool's rank among its server's
 *    tools in the ranking.
 * 4. Action oracle: right-server misses, the first result's name against the expected tool's by verb and object.
 *    A name is split on _ - . / and camelCase, lowercased; leading tokens that spell the server's name are dropped
 *    (github_create_issue on server github → create issue); the first token left is the verb, the rest the object.
 * 5. Fusion-depth oracle: Recall@5 if the first 20 (50) were ordered perfectly = share with an expected tool there.
 *
 * `--descriptions true` gives each tool its server's description (the pool's servers file), as a deployment whose
 * servers say what they are for reads them. `--out FILE` writes one JSON line per request (pool, set, place, style,
 * deep rank, server-oracle rank, first result's server right or not, verb/object relation); no query text.
 */
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_RANKER } from "@/lib/deferred/search/ranker-config";
import { LexicalSearcher } from "@/lib/deferred/search/searcher";
import { booleanFlag, parseFlags } from "./lib/args";
import { percentile } from "./lib/metrics";
import { inTop5, loadPool, POOL_DEPTH, POOLS, rankOf, reciprocalRank5 } from "./lib/pools";
import { pct, table } from "./lib/report";

const ROOT = path.resolve(import.meta.dirname, "..");

type Relation = "same object, other verb" | "same verb, other object" | "both differ" | "same verb and object";

interface Row {
  pool: string;
  set: string;
  i: number;
  style: string;
  /** First expected tool's rank in the full ranking, 0 when not ranked at all. */
  rank: number;
  /** Its rank with only the expected servers' tools kept, 0 when not ranked. */
  serverRank: number;
  /** The rank of the expected servers' first tool in the ranking (0: none ranked). */
  serverFirst: number;
  /** Whether the first result is on one of the expected tools' servers (null when there is no result). */
  topRightServer: boolean | null;
  /** The expected server's tool count (the first expected tool's server). */
  siblings: number;
  relation: Relation | null;
  /** The full-depth call's first 10 are the shipped depth-10 call's, in the same order. */
  agrees: boolean;
}

function tokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((t) => t !== "")
    .map((t) => t.toLowerCase());
}

/** Verb and object of a tool name, after its server's name is dropped from its front. */
function verbObject(name: string, server: string): { verb: string; object: string } {
  let t = tokens(name);
  const s = tokens(server);
  const squashed = s.join("");
  if (s.length > 0 && t.length > s.length && s.every((x, k) => t[k] === x)) t = t.slice(s.length);
  else if (t.length > 1 && t[0] === squashed) t = t.slice(1);
  return { verb: t[0] ?? "", object: t.slice(1).join("_") };
}

function relation(a: { verb: string; object: string }, b: { verb: string; object: string }): Relation {
  if (a.verb === b.verb && a.object === b.object) return "same verb and object";
  if (a.object === b.object) return "same object, other verb";
  if (a.verb === b.verb) return "same verb, other object";
  return "both differ";
}

/** The calls' depths, the shipped one first; 0 is the whole catalog. */
const SPLICE = [POOL_DEPTH, 20, 50, 0];

function splice(calls: readonly string[][]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const c of calls)
    for (const n of c)
      if (!seen.has(n)) {
        seen.add(n);
        out.push(n);
      }
  return out;
}

function sameStart(a: readonly string[], b: readonly string[], k: number): boolean {
  const n = Math.min(k, a.length);
  if (b.length < n) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

function collect(withDescriptions: boolean): Row[] {
  const rows: Row[] = [];
  for (const pool of POOLS) {
    const { docs, sets } = loadPool(ROOT, pool, withDescriptions);
    const searcher = new LexicalSearcher(docs, DEFAULT_RANKER);
    const serverOf = new Map(docs.map((d) => [d.name, d.server ?? ""]));
    const count = new Map<string, number>();
    for (const d of docs) count.set(d.server ?? "", (count.get(d.server ?? "") ?? 0) + 1);
    for (const set of sets) {
      set.queries.forEach((q, i) => {
        if (q.expected.length === 0) return;
        // Each stage of the ranking reads max(limit, its depth) results, so a deeper call can reorder the first 10:
        // the ranking read here is the shipped call's first 10, then a depth-20 call's, a depth-50 call's and a full
        // call's results in their order, each without the ones already placed.
        const calls = SPLICE.map((k) => searcher.search(q.query, k === 0 ? docs.length : k));
        const deep = splice(calls);
        const shallow = calls[0]!;
        const rank = rankOf(deep, q.expected);
        const full = calls[calls.length - 1]!;
        const servers = new Set(q.expected.map((n) => serverOf.get(n) ?? ""));
        const kept = deep.filter((n) => servers.has(serverOf.get(n) ?? ""));
        const serverRank = rankOf(kept, q.expected);
        const serverFirst = kept.length === 0 ? 0 : deep.indexOf(kept[0]!) + 1;
        const top = deep[0];
        const topRightServer = top === undefined ? null : servers.has(serverOf.get(top) ?? "");
        const firstServer = serverOf.get(q.expected[0]!) ?? "";
        let rel: Relation | null = null;
        if (top !== undefined && topRightServer && !inTop5(rank)) {
          const topServer = serverOf.get(top) ?? "";
          const want = q.expected.find((n) => serverOf.get(n) === topServer)!;
          rel = relation(verbObject(top, topServer), verbObject(want, topServer));
        }
        rows.push({
          pool: pool.label,
          set: path.basename(set.file),
          i,
          style: q.style,
          rank,
          serverRank,
          serverFirst,
          topRightServer,
          siblings: count.get(firstServer) ?? 0,
          relation: rel,
          agrees: sameStart(shallow, full, POOL_DEPTH),
        });
      });
    }
  }
  return rows;
}

/** The median of some samples (NaN for none, as percentile() gives). */
const median = (xs: number[]): number =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

/** Whether a rank (1-based, 0: not ranked) is among the first `k`. */
const inFirst = (rank: number, k: number) => rank >= 1 && rank <= k;

const BUCKETS: Array<[string, (r: number) => boolean]> = [
  ["1", (r) => r === 1],
  ["2–5", (r) => r >= 2 && r <= 5],
  ["6–10", (r) => r >= 6 && r <= 10],
  ["11–20", (r) => r >= 11 && r <= 20],
  ["21–50", (r) => r >= 21 && r <= 50],
  [">50/absent", (r) => r === 0 || r > 50],
];

function groups(rows: Row[]): Array<[string, string, Row[]]> {
  const out: Array<[string, string, Row[]]> = [];
  for (const pool of [...new Set(rows.map((r) => r.pool))]) {
    const p = rows.filter((r) => r.pool === pool);
    out.push([pool, "all", p]);
    for (const style of [...new Set(p.map((r) => r.style))])
      out.push([pool, style, p.filter((r) => r.style === style)]);
  }
  return out;
}

/** Recall@5 (%) and MRR@5 of some rows, reading each row's rank through `rank`. */
const recallOf = (rs: Row[], rank: (r: Row) => number) => pct(rs.filter((r) => inTop5(rank(r))).length / rs.length);
const mrrOf = (rs: Row[], rank: (r: Row) => number) =>
  (rs.reduce((a, r) => a + reciprocalRank5(rank(r)), 0) / rs.length).toFixed(4);

const share = (n: number, d: number) => (d === 0 ? "–" : `${n} (${pct(n / d)})`);

function report(rows: Row[]): void {
  const g = groups(rows);
  const agree = rows.filter((r) => r.agrees).length;
  console.log(
    `the full-depth call's first 10 are the shipped depth-10 call's for ${agree}/${rows.length} requests ` +
      `(${pct(agree / rows.length)} %); ranks below are read from the spliced ranking (shipped first 10, then deeper calls)\n`,
  );

  console.log("1. first expected tool's rank (full ranking)");
  console.log(
    table(
      ["pool", "style", "n", ...BUCKETS.map((b) => b[0]), "R@5 %", "MRR@5"],
      g.map(([p, s, rs]) => [
        p,
        s,
        String(rs.length),
        ...BUCKETS.map(([, f]) => pct(rs.filter((r) => f(r.rank)).length / rs.length)),
        recallOf(rs, (r) => r.rank),
        mrrOf(rs, (r) => r.rank),
      ]),
    ),
  );

  console.log("\n2. server oracle (ranking kept to the expected server) and misses by the first result's server");
  console.log(
    table(
      [
        "pool",
        "style",
        "n",
        "R@5 %",
        "oracle R@5 %",
        "MRR@5",
        "oracle MRR@5",
        "misses",
        "top right server",
        "top wrong server",
      ],
      g.map(([p, s, rs]) => {
        const miss = rs.filter((r) => !inTop5(r.rank));
        return [
          p,
          s,
          String(rs.length),
          recallOf(rs, (r) => r.rank),
          recallOf(rs, (r) => r.serverRank),
          mrrOf(rs, (r) => r.rank),
          mrrOf(rs, (r) => r.serverRank),
          String(miss.length),
          share(miss.filter((r) => r.topRightServer === true).length, miss.length),
          share(miss.filter((r) => r.topRightServer !== true).length, miss.length),
        ];
      }),
    ),
  );

  console.log(
    "\n2b. misses split: the expected server's first tool in the first 5 (a sibling oracle, which puts the expected " +
      "tool in its server's best place, finds them) or not (server choice or recall), and where the expected tool is",
  );
  console.log(
    table(
      [
        "pool",
        "style",
        "misses",
        "server in first 5",
        "sibling-oracle R@5 %",
        "server not in 5",
        "of those: tool in 20",
        "tool in 50",
      ],
      g.map(([p, s, rs]) => {
        const miss = rs.filter((r) => !inTop5(r.rank));
        const sib = miss.filter((r) => inTop5(r.serverFirst));
        const not = miss.filter((r) => !inTop5(r.serverFirst));
        const within = (k: number) => share(not.filter((r) => inFirst(r.rank, k)).length, not.length);
        return [
          p,
          s,
          String(miss.length),
          share(sib.length, miss.length),
          pct((rs.length - not.length) / rs.length),
          share(not.length, miss.length),
          within(20),
          within(50),
        ];
      }),
    ),
  );

  console.log(
    "\n3. right-server misses: the server's tool count and the expected tool's rank among its server's tools",
  );
  console.log(
    table(
      ["pool", "style", "right-server misses", "median tools on server", "2nd", "3rd–5th", "6th–10th", ">10th/absent"],
      g.map(([p, s, rs]) => {
        const m = rs.filter((r) => !inTop5(r.rank) && r.topRightServer === true);
        const b = (f: (x: number) => boolean) => share(m.filter((r) => f(r.serverRank)).length, m.length);
        return [
          p,
          s,
          String(m.length),
          String(median(m.map((r) => r.siblings))),
          b((x) => x === 2),
          b((x) => x >= 3 && x <= 5),
          b((x) => x >= 6 && x <= 10),
          b((x) => x === 0 || x > 10),
        ];
      }),
    ),
  );

  console.log("\n4. right-server misses: first result vs expected tool, by verb and object");
  const RELS: Relation[] = [
    "same object, other verb",
    "same verb, other object",
    "both differ",
    "same verb and object",
  ];
  console.log(
    table(
      ["pool", "style", "n", ...RELS],
      g.map(([p, s, rs]) => {
        const m = rs.filter((r) => r.relation !== null);
        return [p, s, String(m.length), ...RELS.map((x) => share(m.filter((r) => r.relation === x).length, m.length))];
      }),
    ),
  );

  console.log("\n5. fusion-depth oracle: Recall@5 if the first K were ordered perfectly");
  console.log(
    table(
      ["pool", "style", "n", "R@5 %", "K=10 %", "K=20 %", "K=50 %", "all ranked %"],
      g.map(([p, s, rs]) => {
        const within = (k: number) => pct(rs.filter((r) => inFirst(r.rank, k)).length / rs.length);
        return [
          p,
          s,
          String(rs.length),
          within(5),
          within(10),
          within(20),
          within(50),
          pct(rs.filter((r) => r.rank >= 1).length / rs.length),
        ];
      }),
    ),
  );
}

function main(): void {
  const { flags } = parseFlags(process.argv.slice(2), ["out", "descriptions"], []);
  const rows = collect(booleanFlag(flags, "descriptions"));
  if (flags.out !== undefined) fs.writeFileSync(flags.out, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  report(rows);
}

main();
