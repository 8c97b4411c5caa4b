/**
 * npm run -s bench:load -- [--threads 50] [--turns 5] [--delay-ms 8] [--model process|inprocess]
 * By default the demo model runs in its own process behind an OpenAI-compatible HTTP endpoint, as a
 * hosted model would, so the server's figures are Fawn's own work; `--model inprocess` uses the built-in one.
 * Concurrent threads through the HTTP API (official SDK Client) on the offline demo model, each promoting
 * tools and calling them. Prints throughput, turn latency, errors and server RSS, then verifies every
 * thread's saved state: message count and a promoted set that is that thread's alone.
 */
import fs from "node:fs";
import path from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import { parse, stringify } from "yaml";
import { parseArgs } from "./lib/args";
import { REPO_ROOT as REPO } from "../test/support/repo";
import { startServer } from "../test/support/next-server";
import { sampleRss, startDemoModel } from "./lib/processes";

const args = parseArgs(process.argv.slice(2), ["threads", "turns", "delay-ms", "model"]);
const MODEL = args.model ?? "process";
if (!["process", "inprocess"].includes(MODEL))
  throw new Error('--model is "process" (the demo model as its own HTTP endpoint, default) or "inprocess"');
const THREADS = Number(args.threads ?? 50);
const TURNS = Number(args.turns ?? 5);
if (!(THREADS > 0 && TURNS > 0)) throw new Error("--threads and --turns must be positive numbers");

/** Each turn names one deferred tool, so the demo model promotes exactly it (select:) and calls it. */
const TOOLS = [
  (i: number, t: number) => ({
    tool: "workbench_calculate",
    message: `workbench_calculate: ${i + 1}*${t + 1}`,
    expect: String((i + 1) * (t + 1)),
  }),
  (i: number, t: number) => ({
    tool: "everything_echo",
    message: `everything_echo: thread-${i}-turn-${t}`,
    expect: `thread-${i}-turn-${t}`,
  }),
  (i: number, t: number) => ({
    tool: "workbench_base64_encode",
    message: `workbench_base64_encode: t${i}x${t}`,
    expect: Buffer.from(`t${i}x${t}`).toString("base64"),
  }),
  (i: number, t: number) => ({
    tool: "workbench_text_stats",
    message: `workbench_text_stats: thread ${i} turn ${t}`,
    expect: "words",
  }),
  (i: number, t: number) => ({
    tool: "workbench_hash_text",
    message: `workbench_hash_text: thread-${i}-${t}`,
    expect: "sha256",
  }),
];
/** Thread i uses a rotation of tools starting at i, so neighbouring threads promote different sets. */
const plan = (i: number, t: number) => TOOLS[(i + t) % TOOLS.length](i, t);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

async function runThread(
  client: Client,
  i: number,
  turns: number,
  latencies: number[],
  errors: string[],
): Promise<string> {
  const thread = await client.threads.create({ metadata: { bench: "load", index: i } });
  for (let t = 0; t < turns; t++) {
    const p = plan(i, t);
    const started = performance.now();
    let text = "";
    try {
      for await (const chunk of client.runs.stream(thread.thread_id, "lead_agent", {
        input: { messages: [{ type: "human", content: p.message }] },
        // As the UI asks: tokens as they stream, and the state after each step.
        streamMode: ["values", "messages-tuple"],
      })) {
        if (chunk.event === "error") errors.push(`thread ${i} turn ${t}: ${JSON.stringify(chunk.data)}`);
        if (chunk.event === "values") text = JSON.stringify(chunk.data);
      }
      if (!text.includes(p.expect)) errors.push(`thread ${i} turn ${t}: answer lacks "${p.expect}"`);
    } catch (e) {
      errors.push(`thread ${i} turn ${t}: ${(e as Error).message}`);
    }
    latencies.push(performance.now() - started);
  }
  return thread.thread_id;
}

interface ThreadState {
  messages: Array<{ type: string; content: unknown }>;
  promoted: { names: string[] };
}

async function verify(client: Client, ids: string[], turns: number): Promise<string[]> {
  const problems: string[] = [];
  await Promise.all(
    ids.map(async (id, i) => {
      const state = await client.threads.getState<ThreadState>(id);
      const msgs = state.values.messages ?? [];
      const humans = msgs.filter((m) => m.type === "human").map((m) => String(m.content));
      const expectedHumans = Array.from({ length: turns }, (_, t) => plan(i, t).message);
      if (JSON.stringify(humans) !== JSON.stringify(expectedHumans))
        problems.push(`thread ${i}: human messages differ (lost or cross-thread)`);
      // Per turn: human, ai(tool_search), tool, ai(tool call), tool, ai(answer); a tool already promoted
      // in this thread is called straight away, without the search (human, ai, tool, ai).
      const seenTools = new Set<string>();
      const expectedCount = Array.from({ length: turns }, (_, t) => plan(i, t).tool).reduce((n, tool) => {
        const first = !seenTools.has(tool);
        seenTools.add(tool);
        return n + (first ? 6 : 4);
      }, 0);
      if (msgs.length !== expectedCount)
        problems.push(`thread ${i}: ${msgs.length} messages, expected ${expectedCount}`);
      const expectedPromoted = [...new Set(Array.from({ length: turns }, (_, t) => plan(i, t).tool))].sort();
      const promoted = [...(state.values.promoted?.names ?? [])].sort();
      if (JSON.stringify(promoted) !== JSON.stringify(expectedPromoted))
        problems.push(`thread ${i}: promoted ${promoted.join(",")} ≠ ${expectedPromoted.join(",")}`);
    }),
  );
  return problems;
}

async function main() {
  // The demo model streams with the app's own per-chunk delay unless --delay-ms says otherwise (0 = CPU-bound).
  const delay = args["delay-ms"] ?? "8";
  const env: Record<string, string> = { FAWN_DEMO_DELAY_MS: delay };
  let model: { url: string; stop(): void } | null = null;
  if (MODEL === "process") {
    model = await startDemoModel(Number(delay));
    // The shipped config, with the default model pointed at the demo endpoint.
    const cfg = parse(fs.readFileSync(path.join(REPO, "config.yaml"), "utf8")) as { models: unknown[] };
    cfg.models = [
      {
        name: "demo",
        display_name: "Demo (own process)",
        model: "fawn-demo",
        base_url: model.url,
        api_key: "demo",
        max_retries: 0,
      },
    ];
    const dir = path.join(REPO, "test-results/bench-load-config");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "config.yaml"), stringify(cfg));
    Object.assign(env, {
      FAWN_CONFIG: path.join(dir, "config.yaml"),
      FAWN_EXTENSIONS_CONFIG: path.join(REPO, "extensions_config.json"),
    });
  }
  const server = await startServer("bench-load-data", env);
  let peak = { server: 0, tree: 0 };
  const sampler = setInterval(() => {
    const s = sampleRss(server.child.pid as number);
    peak = { server: Math.max(peak.server, s.server), tree: Math.max(peak.tree, s.tree) };
  }, 100);
  try {
    const client = new Client({ apiUrl: `${server.url}/api/langgraph` });
    // Warm-up (first request builds the agent and starts the MCP servers), then one thread alone as the baseline.
    await runThread(client, 999, 1, [], []);
    const single: number[] = [];
    const singleErrors: string[] = [];
    await runThread(client, 998, TURNS, single, singleErrors);
    const latencies: number[] = [];
    const errors: string[] = [];
    const started = performance.now();
    const ids = await Promise.all(
      Array.from({ length: THREADS }, (_, i) => runThread(client, i, TURNS, latencies, errors)),
    );
    const wall = (performance.now() - started) / 1000;
    const problems = await verify(client, ids, TURNS);
    const after = sampleRss(server.child.pid as number);
    const p50single = pct(single, 50);
    const p95 = pct(latencies, 95);
    const rows: Array<[string, string]> = [
      ["threads × turns", `${THREADS} × ${TURNS} = ${THREADS * TURNS} turns`],
      [
        "model",
        `demo, ${MODEL === "process" ? "own process over HTTP" : "in the server process"}, ${delay} ms per streamed chunk`,
      ],
      ["single thread p50 / p95 turn (ms)", `${p50single.toFixed(0)} / ${pct(single, 95).toFixed(0)}`],
      ["concurrent wall time (s)", wall.toFixed(1)],
      ["throughput (turns/s)", (latencies.length / wall).toFixed(1)],
      [
        "turn latency p50 / p95 / max (ms)",
        `${pct(latencies, 50).toFixed(0)} / ${p95.toFixed(0)} / ${Math.max(...latencies).toFixed(0)}`,
      ],
      ["p95 ÷ single-thread p50", `${(p95 / p50single).toFixed(1)}× (target < 10×)`],
      ["errors", String(errors.length + singleErrors.length)],
      ["state problems (lost / cross-thread / promoted)", String(problems.length)],
      ["peak RSS next server / whole tree incl. MCP (MB)", `${peak.server.toFixed(0)} / ${peak.tree.toFixed(0)}`],
      ["RSS after the run: next server / whole tree (MB)", `${after.server.toFixed(0)} / ${after.tree.toFixed(0)}`],
    ];
    const w = Math.max(...rows.map((r) => r[0].length));
    for (const [k, v] of rows) console.log(`${k.padEnd(w)}  ${v}`);
    for (const e of [...singleErrors, ...errors, ...problems].slice(0, 20)) console.log(`  ! ${e}`);
    process.exitCode = errors.length + problems.length + singleErrors.length > 0 ? 1 : 0;
  } finally {
    clearInterval(sampler);
    await server.stop();
    model?.stop();
  }
}

main().catch((e) => {
  console.error(`bench:load: ${(e as Error).message}`);
  process.exit(1);
});
