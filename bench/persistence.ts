/**
 * npm run -s bench:persistence -- [--threads 20] [--turns 5] [--database-url URL]
 * What the store costs per turn, without the network, MCP servers or a model's own latency: the LangGraph API
 * in-process with a zero-latency scripted model (one tool call per turn: two model calls, four messages),
 * threads run one after another, on a SQLite file and on PostgreSQL (a throwaway cluster unless
 * --database-url names one). Prints turn latency per store, and on PostgreSQL the queries one instance's
 * 3-second wait on another instance's run costs (bench/lib/wait-queries.ts); nothing is asserted.
 */
import fs from "node:fs";
import type { Client } from "@langchain/langgraph-sdk";
import { buildTestRuntime, sdkClient, silentLogger, tempDbPath } from "../test/support/api";
import { pgInstance, postgresConfig } from "../test/support/pg-instances";
import { startPostgres } from "../test/support/postgres";
import { createLangGraphApi } from "../lib/server/api";
import { numberFlag, parseArgs } from "./lib/args";
import { pct } from "./lib/load-turns";
import { waitQueries } from "./lib/wait-queries";

process.env.FAWN_LOG_LEVEL ??= "warn";
const args = parseArgs(process.argv.slice(2), ["threads", "turns", "database-url"]);
const THREADS = numberFlag(args, "threads", 20, { min: 1, whole: true });
const TURNS = numberFlag(args, "turns", 5, { min: 1, whole: true });

async function measure(client: Client): Promise<{ turns: number[]; last: number[] }> {
  const turns: number[] = [];
  const last: number[] = [];
  // One warm-up turn: the first run compiles and connects.
  const warm = await client.threads.create();
  for await (const _ of client.runs.stream(warm.thread_id, "lead_agent", { input: { messages: [] } })) {
    // drained
  }
  for (let i = 0; i < THREADS; i++) {
    const thread = await client.threads.create();
    for (let t = 0; t < TURNS; t++) {
      const started = performance.now();
      for await (const chunk of client.runs.stream(thread.thread_id, "lead_agent", {
        input: { messages: [{ type: "human", content: `weather in Paris? (${t})` }] },
        streamMode: ["values", "messages-tuple"],
      })) {
        if (chunk.event === "error") throw new Error(`turn failed: ${JSON.stringify(chunk.data)}`);
      }
      const ms = performance.now() - started;
      turns.push(ms);
      if (t === TURNS - 1) last.push(ms);
    }
  }
  return { turns, last };
}

function row(name: string, r: { turns: number[]; last: number[] }): [string, string] {
  return [
    name,
    `${pct(r.turns, 50).toFixed(1)} / ${pct(r.turns, 95).toFixed(1)} ms per turn (p50 / p95); ` +
      `turn ${TURNS} (${TURNS * 4} messages) p50 ${pct(r.last, 50).toFixed(1)} ms`,
  ];
}

async function main() {
  const sqlitePath = tempDbPath("fawn-bench-store-");
  const built = buildTestRuntime(sqlitePath);
  const sqliteApi = createLangGraphApi({
    getRuntime: async () => built.runtime,
    logger: silentLogger,
    apiToken: undefined,
    corsOrigins: [],
    allowedHosts: ["fawn.test"],
  });
  const sqlite = await measure(sdkClient(sqliteApi));
  await sqliteApi.close();
  fs.rmSync(sqlitePath, { force: true });

  const cluster = args["database-url"] ? null : await startPostgres();
  try {
    const url = args["database-url"] ?? (await (cluster as NonNullable<typeof cluster>).createDatabase("bench"));
    const inst = pgInstance(postgresConfig(url, { schema: `bench_${Date.now()}` }));
    const postgres = await measure(inst.client);
    await inst.close();
    const wait = await waitQueries(url);
    const rows = [
      row("SQLite file", sqlite),
      row("PostgreSQL (localhost)", postgres),
      ["PostgreSQL ÷ SQLite (p50)", `${(pct(postgres.turns, 50) / pct(sqlite.turns, 50)).toFixed(2)}×`],
      [
        "PostgreSQL, B joins A's held run",
        `${wait.queries} queries in ${wait.holdMs / 1000} s of waiting; answered ${wait.answeredMs.toFixed(0)} ms after the run was released`,
      ],
    ];
    console.log(`${THREADS} threads × ${TURNS} turns each, one at a time; zero-latency model, one tool call per turn`);
    const w = Math.max(...rows.map((r) => r[0].length));
    for (const [k, v] of rows) console.log(`${k.padEnd(w)}  ${v}`);
  } finally {
    await cluster?.stop();
  }
}

main().catch((e) => {
  console.error(`bench:persistence: ${(e as Error).message}`);
  process.exit(1);
});
