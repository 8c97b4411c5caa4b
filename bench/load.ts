/**
 * npm run -s bench:load -- [--threads 50] [--turns 5] [--delay-ms 8] [--model process|inprocess]
 *                          [--instances 1] [--checkpointer sqlite|postgres] [--database-url URL]
 * By default the demo model runs in its own process behind an OpenAI-compatible HTTP endpoint, as a
 * hosted model would, so the server's figures are Fawn's own work; `--model inprocess` uses the built-in one.
 * Concurrent threads through the HTTP API (official SDK Client) on the offline demo model, each promoting
 * tools and calling them. Prints throughput, turn latency, errors and server RSS, then verifies every
 * thread's saved state: message count and a promoted set that is that thread's alone.
 *
 * `--instances N` (N ≥ 2) runs three phases on `next start` servers: SQLite with one instance, PostgreSQL with
 * one, PostgreSQL with N sharing the database, every thread's turns spread over the N (turn t of thread i on
 * instance (i + t) mod N). It prints each phase and then throughput N vs 1 and single-thread turn latency
 * SQLite vs PostgreSQL. PostgreSQL is a throwaway cluster (Debian's postgresql) unless --database-url names
 * one (each phase then uses a fresh schema in it).
 */
import fs from "node:fs";
import path from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import { parse, stringify } from "yaml";
import { instancePort } from "../test/support/instances";
import { type RunningServer, startServer } from "../test/support/next-server";
import { startPostgres, type TestPostgres } from "../test/support/postgres";
import { REPO_ROOT as REPO } from "../test/support/repo";
import { numberFlag, parseArgs } from "./lib/args";
import { pct, runThread, verify } from "./lib/load-turns";
import { sampleRss, startDemoModel } from "./lib/processes";

const args = parseArgs(process.argv.slice(2), [
  "threads",
  "turns",
  "delay-ms",
  "model",
  "instances",
  "checkpointer",
  "database-url",
]);
const MODEL = args.model ?? "process";
if (!["process", "inprocess"].includes(MODEL))
  throw new Error('--model is "process" (the demo model as its own HTTP endpoint, default) or "inprocess"');
const THREADS = numberFlag(args, "threads", 50, { min: 1, whole: true });
const TURNS = numberFlag(args, "turns", 5, { min: 1, whole: true });
const INSTANCES = numberFlag(args, "instances", 1, { min: 1, whole: true });
if (INSTANCES > 8) throw new Error("--instances is 1 to 8");
const STORE = args.checkpointer ?? "sqlite";
if (!["sqlite", "postgres"].includes(STORE)) throw new Error('--checkpointer is "sqlite" or "postgres"');

type Store = "sqlite" | "postgres";
interface Phase {
  store: Store;
  instances: number;
}
interface PhaseResult extends Phase {
  single: number[];
  latencies: number[];
  wall: number;
  errors: string[];
  problems: string[];
  peak: number[];
}

const DELAY_MS = numberFlag(args, "delay-ms", 8, { min: 0 });
let pgCluster: TestPostgres | null = null;
let phaseNo = 0;

/** A database for one phase: a fresh one on the throwaway cluster, or a fresh schema on --database-url. */
async function database(): Promise<{ url: string; schema: string }> {
  phaseNo++;
  if (args["database-url"]) return { url: args["database-url"], schema: `bench_${Date.now()}_${phaseNo}` };
  pgCluster ??= await startPostgres({ maxConnections: 300 });
  return { url: await pgCluster.createDatabase(`bench_${phaseNo}`), schema: "public" };
}

/** The shipped config with the demo model as its own endpoint (or in-process) and the phase's store. */
async function configFor(store: Store, modelUrl: string | null): Promise<Record<string, string>> {
  const cfg = parse(fs.readFileSync(path.join(REPO, "config.yaml"), "utf8")) as Record<string, unknown>;
  if (modelUrl) {
    cfg.models = [
      {
        name: "demo",
        display_name: "Demo (own process)",
        model: "fawn-demo",
        base_url: modelUrl,
        api_key: "demo",
        max_retries: 0,
      },
    ];
  }
  if (store === "postgres") {
    const db = await database();
    cfg.checkpointer = { type: "postgres", url: db.url, schema: db.schema, pool_size: 10 };
  }
  const dir = path.join(REPO, `test-results/bench-load-config/${phaseNo}-${store}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "config.yaml"), stringify(cfg));
  return {
    FAWN_CONFIG: path.join(dir, "config.yaml"),
    FAWN_EXTENSIONS_CONFIG: path.join(REPO, "extensions_config.json"),
  };
}

async function runPhase(phase: Phase, modelUrl: string | null): Promise<PhaseResult> {
  const env = { FAWN_DEMO_DELAY_MS: String(DELAY_MS), ...(await configFor(phase.store, modelUrl)) };
  const dataName = `bench-load-data-${phase.store}-${phase.instances}`;
  const servers: RunningServer[] = [];
  // One data folder for all (sandbox root, uploads and artifacts): the first start wipes it, the others keep it.
  for (let n = 0; n < phase.instances; n++)
    servers.push(await startServer(dataName, env, { keep: n > 0, port: await instancePort() }));
  const peak = servers.map(() => 0);
  const sampler = setInterval(() => {
    servers.forEach((s, n) => {
      peak[n] = Math.max(peak[n], sampleRss(s.child.pid as number).server);
    });
  }, 100);
  try {
    const clients = servers.map((s) => new Client({ apiUrl: `${s.url}/api/langgraph`, apiKey: null }));
    // Warm-up (the first request builds the agent and starts the MCP servers), on every instance.
    await Promise.all(clients.map((c, n) => runThread([c], 990 + n, 1, [], [])));
    const single: number[] = [];
    const errors: string[] = [];
    await runThread(clients, 998, TURNS, single, errors);
    const latencies: number[] = [];
    const started = performance.now();
    const ids = await Promise.all(
      Array.from({ length: THREADS }, (_, i) => runThread(clients, i, TURNS, latencies, errors)),
    );
    const wall = (performance.now() - started) / 1000;
    // Read back through the last instance: with several, most threads were last written by another.
    const problems = await verify(clients[clients.length - 1], ids, TURNS);
    return { ...phase, single, latencies, wall, errors, problems, peak };
  } finally {
    clearInterval(sampler);
    for (const s of servers) await s.stop();
  }
}

function print(rows: Array<[string, string]>): void {
  const w = Math.max(...rows.map((r) => r[0].length));
  for (const [k, v] of rows) console.log(`${k.padEnd(w)}  ${v}`);
}

function report(r: PhaseResult): void {
  const p50single = pct(r.single, 50);
  const p95 = pct(r.latencies, 95);
  console.log(`\n## ${r.store === "sqlite" ? "SQLite" : "PostgreSQL"}, ${r.instances} instance(s)`);
  print([
    ["threads × turns", `${THREADS} × ${TURNS} = ${THREADS * TURNS} turns`],
    [
      "model",
      `demo, ${MODEL === "process" ? "own process over HTTP" : "in the server process"}, ${DELAY_MS} ms per streamed chunk`,
    ],
    ["single thread p50 / p95 turn (ms)", `${p50single.toFixed(0)} / ${pct(r.single, 95).toFixed(0)}`],
    ["concurrent wall time (s)", r.wall.toFixed(1)],
    ["throughput (turns/s)", (r.latencies.length / r.wall).toFixed(1)],
    [
      "turn latency p50 / p95 / max (ms)",
      `${pct(r.latencies, 50).toFixed(0)} / ${p95.toFixed(0)} / ${Math.max(...r.latencies).toFixed(0)}`,
    ],
    ["p95 ÷ single-thread p50", `${(p95 / p50single).toFixed(1)}× (target < 10×)`],
    ["errors", String(r.errors.length)],
    ["state problems (lost / cross-thread / promoted)", String(r.problems.length)],
    ["peak RSS per next server (MB)", r.peak.map((m) => m.toFixed(0)).join(" / ")],
  ]);
  for (const e of [...r.errors, ...r.problems].slice(0, 20)) console.log(`  ! ${e}`);
}

async function main() {
  let model: { url: string; stop(): void } | null = null;
  if (MODEL === "process") model = await startDemoModel(DELAY_MS);
  const phases: Phase[] =
    INSTANCES === 1
      ? [{ store: STORE as Store, instances: 1 }]
      : [
          { store: "sqlite", instances: 1 },
          { store: "postgres", instances: 1 },
          { store: "postgres", instances: INSTANCES },
        ];
  const results: PhaseResult[] = [];
  try {
    for (const phase of phases) {
      const r = await runPhase(phase, model?.url ?? null);
      report(r);
      results.push(r);
    }
  } finally {
    model?.stop();
    await pgCluster?.stop();
  }
  if (results.length === 3) {
    const [sqlite, pg1, pgN] = results;
    const tput = (r: PhaseResult) => r.latencies.length / r.wall;
    console.log("\n## Summary");
    print([
      [
        `throughput PostgreSQL ${INSTANCES} instances vs 1 (turns/s)`,
        `${tput(pgN).toFixed(1)} vs ${tput(pg1).toFixed(1)} (${(tput(pgN) / tput(pg1)).toFixed(2)}×)`,
      ],
      ["throughput SQLite, 1 instance (turns/s)", tput(sqlite).toFixed(1)],
      [
        "single-thread turn p50 SQLite vs PostgreSQL (ms)",
        `${pct(sqlite.single, 50).toFixed(0)} vs ${pct(pg1.single, 50).toFixed(0)}`,
      ],
      [
        "concurrent turn p50 SQLite vs PostgreSQL, 1 instance (ms)",
        `${pct(sqlite.latencies, 50).toFixed(0)} vs ${pct(pg1.latencies, 50).toFixed(0)}`,
      ],
      [
        "errors / state problems, all phases",
        `${results.reduce((n, r) => n + r.errors.length + r.problems.length, 0)}`,
      ],
    ]);
  }
  process.exitCode = results.some((r) => r.errors.length + r.problems.length > 0) ? 1 : 0;
}

main().catch((e) => {
  console.error(`bench:load: ${(e as Error).message}`);
  process.exit(1);
});
