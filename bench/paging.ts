/**
 * npm run -s bench:paging -- [--part all|startup|first-call|prefetch|prefix] [--servers 20] [--runs 3] [--json OUT]
 *
 * Paging at run time (issue 16), four figures; nothing here is asserted:
 *  startup     time to a usable app (the runtime built: what the first request waits for) and RSS with N stdio
 *              servers (server-memory × N, from node_modules), eager vs lazy (cold: no tools cache yet; warm:
 *              cache filled by an earlier start). Each run is a fresh process.
 *  first-call  latency of a tool call to a sleeping lazy server (spawn + handshake + tools/list + call) vs the
 *              same call to a running one, and a call made 300 ms after the promotion woke it.
 *  prefetch    model calls per task on the scripted task set (bench/paging/tasks.ts, the demo model, the shipped
 *              MCP servers), without and with prefetch at several min_score values.
 *  prefix      a recorded 10-turn session, bind vs proxy: for each model request, the share of its bytes that equal
 *              the previous request's prefix (requests captured at the demo model's fetch boundary).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { numberFlag, parseArgs } from "./lib/args";
import { firstCallLatency, startupDir } from "./lib/paging-setup";
import { runPrefix, runTaskSet, type TaskRun } from "./lib/paging-runs";
import { table } from "./lib/report";
import { REPO_ROOT as REPO } from "../test/support/repo";

const args = parseArgs(process.argv.slice(2), ["part", "servers", "runs", "json"]);
const PART = args.part ?? "all";
const SERVERS = numberFlag(args, "servers", 20, { min: 1, whole: true });
const RUNS = numberFlag(args, "runs", 3, { min: 1, whole: true });
if (!["all", "startup", "first-call", "prefetch", "prefix"].includes(PART))
  throw new Error("--part is all, startup, first-call, prefetch or prefix");
process.env.FAWN_LOG_LEVEL ??= "error";

const out: Record<string, unknown> = {};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : s.length % 2
      ? s[(s.length - 1) / 2]!
      : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]!;
const f0 = (x: number) => x.toFixed(0);
const f1 = (x: number) => x.toFixed(1);

interface StartupSample {
  ready_ms: number;
  cpu_ms: number;
  process_ms: number;
  running: number;
  sleeping: number;
  failed: number;
  self_mb: number;
  children_mb: number;
  children: number;
}

function startupOnce(dir: { config: string; extensions: string }): StartupSample {
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(REPO, "bench/paging/startup-child.ts"), dir.config, dir.extensions],
    { cwd: REPO, encoding: "utf8", env: { ...process.env, FAWN_LOG_LEVEL: "error" }, timeout: 300_000 },
  );
  const line = r.stdout.trim().split("\n").at(-1) ?? "";
  if (r.status !== 0 || !line.startsWith("{")) throw new Error(`startup child failed: ${r.stderr.slice(-2000)}`);
  return JSON.parse(line) as StartupSample;
}

function startup(): void {
  console.log(`\n## Startup with ${SERVERS} stdio MCP servers (server-memory × ${SERVERS}), ${RUNS} runs each\n`);
  const samples: Record<string, StartupSample[]> = {
    "no MCP servers (baseline)": [],
    eager: [],
    "lazy, cold cache": [],
    "lazy, warm cache": [],
  };
  for (let run = 0; run < RUNS; run++) {
    samples["no MCP servers (baseline)"]!.push(startupOnce(startupDir(0, "eager")));
    samples.eager!.push(startupOnce(startupDir(SERVERS, "eager")));
    const lazy = startupDir(SERVERS, "lazy");
    samples["lazy, cold cache"]!.push(startupOnce(lazy));
    samples["lazy, warm cache"]!.push(startupOnce(lazy));
  }
  const rows = Object.entries(samples).map(([mode, s]) => [
    mode,
    f0(median(s.map((x) => x.ready_ms))),
    f0(median(s.map((x) => x.cpu_ms))),
    f0(median(s.map((x) => x.process_ms))),
    `${median(s.map((x) => x.running))} / ${median(s.map((x) => x.sleeping))}`,
    f0(median(s.map((x) => x.self_mb))),
    f0(median(s.map((x) => x.children_mb))),
    f0(median(s.map((x) => x.self_mb + x.children_mb))),
  ]);
  console.log(
    table(
      [
        "mode",
        "ready ms",
        "Fawn CPU ms",
        "from process start ms",
        "running / sleeping",
        "Fawn RSS MB",
        "servers RSS MB",
        "total RSS MB",
      ],
      rows,
    ),
  );
  console.log(
    "\nready: from constructing the runtime to a built agent (config, MCP, tools, catalog); Fawn CPU: CPU time of the\n" +
      `Fawn process meanwhile (MCP servers not counted); RSS sampled 1.5 s later. Load average now: ${os.loadavg()[0]!.toFixed(1)}.`,
  );
  out.startup = samples;
}

async function firstCall(): Promise<void> {
  const n = Math.max(RUNS, 10);
  console.log(`\n## First call to a sleeping server (server-memory read_graph, ${n} runs)\n`);
  const r = await firstCallLatency(n);
  console.log(
    table(
      ["call", "median ms", "p90 ms"],
      [
        ["to a running server", f1(median(r.running)), f1(p90(r.running))],
        ["to a sleeping server (starts it)", f1(median(r.sleeping)), f1(p90(r.sleeping))],
        ["300 ms after a promotion woke it", f1(median(r.afterWake)), f1(p90(r.afterWake))],
      ],
    ),
  );
  console.log(
    `\nextra latency of the first call to a sleeping server: ${f0(median(r.sleeping) - median(r.running))} ms (median)`,
  );
  out.first_call = r;
}

function summarize(label: string, runs: TaskRun[]): string[] {
  const withTool = runs.filter((r) => r.expected !== null);
  const correct = withTool.filter((r) => r.called === r.expected && r.ok).length;
  const fired = runs.filter((r) => r.prefetched.length > 0);
  const wrong = fired.filter((r) => !r.prefetched.includes(r.expected ?? "")).length;
  return [
    label,
    String(runs.length),
    (runs.reduce((n, r) => n + r.modelCalls, 0) / runs.length).toFixed(2),
    (withTool.reduce((n, r) => n + r.modelCalls, 0) / withTool.length).toFixed(2),
    `${correct}/${withTool.length}`,
    `${fired.length}`,
    `${wrong}`,
  ];
}

async function prefetch(): Promise<void> {
  console.log(`\n## Model calls per task, without and with prefetch (demo model, shipped MCP servers)\n`);
  const settings: Array<{ label: string; prefetch: { enabled: boolean; k: number; min_score: number } }> = [
    { label: "prefetch off", prefetch: { enabled: false, k: 1, min_score: 0 } },
    ...[6, 8, 10, 12].map((s) => ({
      label: `prefetch k=1 min_score=${s}`,
      prefetch: { enabled: true, k: 1, min_score: s },
    })),
    { label: "prefetch k=2 min_score=8", prefetch: { enabled: true, k: 2, min_score: 8 } },
  ];
  const rows: string[][] = [];
  const all: Record<string, TaskRun[]> = {};
  for (const s of settings) {
    const runs = await runTaskSet(s.prefetch);
    all[s.label] = runs;
    rows.push(summarize(s.label, runs));
  }
  console.log(
    table(
      ["setting", "tasks", "calls/task", "calls/tool task", "right tool used", "prefetched", "wrong prefetch"],
      rows,
    ),
  );
  console.log(
    "\nwrong prefetch: the tool prefetched is not the one the task needs (a small-talk task counts when any is).",
  );
  out.prefetch = all;
}

async function prefix(): Promise<void> {
  console.log("\n## Prefix stability on a recorded 10-turn session, bind vs proxy\n");
  const rows: string[][] = [];
  const all: Record<string, unknown> = {};
  for (const binding of ["bind", "proxy"] as const) {
    const r = await runPrefix(binding);
    all[binding] = r;
    const shares = r.shares;
    const cacheable = r.prefixBytes.reduce((a, b) => a + b, 0) / r.bytes.slice(1).reduce((a, b) => a + b, 0);
    // What an append-only history could share at best: the previous request's bytes over this one's.
    const bound = r.bytes.slice(1).map((b, i) => Math.min(1, (r.bytes[i] as number) / b));
    rows.push([
      binding,
      String(r.bytes.length),
      `${((100 * shares.reduce((a, b) => a + b, 0)) / shares.length).toFixed(1)} %`,
      `${(100 * median(shares)).toFixed(1)} %`,
      `${(100 * Math.min(...shares)).toFixed(1)} %`,
      `${(100 * cacheable).toFixed(1)} %`,
      `${((100 * bound.reduce((a, b) => a + b, 0)) / bound.length).toFixed(1)} %`,
      String(r.toolSets),
    ]);
  }
  console.log(
    table(
      [
        "binding",
        "requests",
        "mean share",
        "median",
        "min",
        "bytes in a shared prefix",
        "append-only bound",
        "distinct tool lists",
      ],
      rows,
    ),
  );
  console.log(
    "\nshare: bytes of a request equal to the previous request's prefix / that request's bytes (request 2 on);\n" +
      "append-only bound: the previous request's bytes / this one's (the best any mode could share).",
  );
  out.prefix = all;
}

const started = Date.now();
if (PART === "all" || PART === "startup") startup();
if (PART === "all" || PART === "first-call") await firstCall();
if (PART === "all" || PART === "prefetch") await prefetch();
if (PART === "all" || PART === "prefix") await prefix();
console.log(
  `\n(${((Date.now() - started) / 1000).toFixed(0)} s on ${os.cpus().length} cores, Node ${process.version})`,
);
if (args.json) fs.writeFileSync(args.json, JSON.stringify(out, null, 2));
process.exit(0);
