/**
 * Two real Fawn instances (separate processes: the app's route handlers behind node:http, the offline demo
 * model through the real ChatOpenAI client, the real MCP server "everything") on one throwaway PostgreSQL:
 * a thread continues from A to B with its messages and promotions; B joins A's run mid-stream and sees the
 * same events; two runs sent to A and B at once give one run and one 409; a cancel sent to B stops A's run;
 * A SIGKILLed mid-run leaves B serving the thread, its history intact and the thread not busy; a finished
 * run is replayed by an instance that did not run it (the in-process suite restarts the one that did).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PersistenceStatusSchema } from "@/lib/contracts/persistence";
import { collect, messagesOf, type Part, waitFor } from "@/test/support/api";
import { everythingEntry } from "@/test/support/config";
import { type RunningInstance, startInstance } from "@/test/support/instances";
import { postgresSkipReason, startPostgres, type TestPostgres } from "@/test/support/postgres";

const skip = postgresSkipReason();
const human = (content: string) => ({ messages: [{ type: "human", content }] });
/** The demo model's longest answer: about 90 streamed chunks, 25 ms apart, so a run lasts seconds. */
const LONG = "show me some markdown";

describe.skipIf(skip)("two instances on one PostgreSQL", () => {
  let cluster: TestPostgres;
  let dir: string;
  let env: Record<string, string>;
  let a: RunningInstance;
  let b: RunningInstance;
  const extra: RunningInstance[] = [];
  let ca: Client;
  let cb: Client;
  const client = (inst: RunningInstance) =>
    new Client({ apiUrl: inst.apiUrl, apiKey: null, callerOptions: { maxRetries: 0 } });

  beforeAll(async () => {
    cluster = await startPostgres();
    const url = await cluster.createDatabase("multi");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-multi-"));
    fs.writeFileSync(
      path.join(dir, "config.yaml"),
      [
        "models:\n  - name: demo\n    model: fawn-demo",
        "checkpointer:\n  type: postgres\n  url: $DATABASE_URL\n  schema: fawn\n  pool_size: 6",
        // One folder for uploads and artifacts that every instance reaches.
        "sandbox:\n  root: shared/sandbox\n  bash: off",
      ].join("\n"),
    );
    fs.writeFileSync(
      path.join(dir, "extensions_config.json"),
      JSON.stringify({ mcpServers: { everything: everythingEntry() } }),
    );
    env = {
      DATABASE_URL: url,
      FAWN_CONFIG: path.join(dir, "config.yaml"),
      FAWN_EXTENSIONS_CONFIG: path.join(dir, "extensions_config.json"),
      FAWN_DEMO_DELAY_MS: "25",
    };
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    [ca, cb] = [client(a), client(b)];
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a, b, ...extra].filter(Boolean).map((i) => i.stop()));
    await cluster?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Start the long run on `c`; resolves once it is streaming, with its id and the events its client will get. */
  async function longRun(c: Client, threadId: string) {
    let runId = "";
    let seen = 0;
    const parts = (async () => {
      const out: Part[] = [];
      for await (const p of c.runs.stream(threadId, "lead_agent", {
        input: human(LONG),
        streamMode: ["values", "messages-tuple"],
        onDisconnect: "continue",
        onRunCreated: (m) => {
          runId = m.run_id;
        },
      })) {
        out.push({ event: p.event, data: p.data, id: (p as { id?: string }).id });
        if (p.event === "messages") seen++;
      }
      return out;
    })();
    await waitFor(() => runId !== "" && seen >= 3, 20_000, "the long run to stream");
    return { runId, parts };
  }

  test("both report the shared database, each with its own instance id", async () => {
    const [sa, sb] = await Promise.all(
      [a, b].map(async (i) => PersistenceStatusSchema.parse(await (await fetch(`${i.url}/api/persistence`)).json())),
    );
    expect(sa).toMatchObject({ type: "postgres", state: "ready", schema: "fawn", error: null });
    expect(sb.target).toBe(sa.target);
    expect(sb.instance_id).not.toBe(sa.instance_id);
  });

  test("a thread started on A continues on B with its messages and promotions", async () => {
    const thread = await ca.threads.create({ metadata: { started_on: "A" } });
    await collect(ca.runs.stream(thread.thread_id, "lead_agent", { input: human("everything_echo: from-A") }));
    const onA = await ca.threads.getState<{ promoted: { names: string[] } }>(thread.thread_id);
    expect(onA.values.promoted.names).toContain("everything_echo");
    // B lists it, and continues it: the tool promoted on A is bound on B, so no search this time.
    expect((await cb.threads.search({ metadata: { started_on: "A" } })).map((t) => t.thread_id)).toEqual([
      thread.thread_id,
    ]);
    await collect(cb.runs.stream(thread.thread_id, "lead_agent", { input: human("everything_echo: from-B") }));
    const state = await ca.threads.getState<{ promoted: { names: string[] } }>(thread.thread_id);
    const msgs = messagesOf(state.values);
    // Turn 1: human, ai(tool_search), tool, ai(echo), tool, ai; turn 2: human, ai(echo), tool, ai.
    expect(msgs.map((m) => m.type)).toEqual(["human", "ai", "tool", "ai", "tool", "ai", "human", "ai", "tool", "ai"]);
    expect(msgs[7].tool_calls?.[0]?.name).toBe("everything_echo");
    expect(JSON.stringify(msgs.at(-2)?.content)).toContain("from-B");
    expect(state.values.promoted.names).toEqual(onA.values.promoted.names);
  });

  test("B joins a run streaming from A mid-stream and gets the same events", async () => {
    const thread = await ca.threads.create();
    const { runId, parts } = await longRun(ca, thread.thread_id);
    expect((await cb.threads.get(thread.thread_id)).status).toBe("busy");
    const joined = await collect(cb.runs.joinStream(thread.thread_id, runId, { lastEventId: "-1" }));
    const fromA = await parts;
    const shape = (ps: Part[]) => ps.map((p) => ({ id: p.id, event: p.event, data: p.data }));
    expect(fromA.filter((p) => p.event === "messages").length).toBeGreaterThan(20);
    expect(shape(joined)).toEqual(shape(fromA));
    expect((await cb.runs.get(thread.thread_id, runId)).status).toBe("success");
  });

  test("two runs on one thread sent to A and B at once: exactly one runs, the other gets 409", async () => {
    const thread = await ca.threads.create();
    const results = await Promise.allSettled(
      [ca, cb].map((c) => collect(c.runs.stream(thread.thread_id, "lead_agent", { input: human(LONG) }))),
    );
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused.length).toBe(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    const msgs = messagesOf((await cb.threads.getState(thread.thread_id)).values);
    expect(msgs.map((m) => m.type)).toEqual(["human", "ai"]);
  });

  test("a cancel sent to B stops the run executing on A", async () => {
    const thread = await ca.threads.create();
    const { runId, parts } = await longRun(ca, thread.thread_id);
    const started = Date.now();
    await cb.runs.cancel(thread.thread_id, runId, true);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await ca.runs.get(thread.thread_id, runId)).status).toBe("interrupted");
    const fromA = await parts;
    expect(fromA.at(-1)?.event).toBe("end");
    expect((await cb.threads.get(thread.thread_id)).status).not.toBe("busy");
  });

  test("A SIGKILLed mid-run: B serves the thread, history intact to the last checkpoint, not busy; a new instance replays a finished run", async () => {
    // Started now (it takes a few seconds), used at the end.
    const starting = startInstance(env);
    starting.then((c) => extra.push(c)).catch(() => {});
    // A finished run, to replay after the crash.
    const done = await ca.threads.create();
    let finishedRun = "";
    const original = await collect(
      ca.runs.stream(done.thread_id, "lead_agent", {
        input: human("hello"),
        onRunCreated: (m) => {
          finishedRun = m.run_id;
        },
      }),
    );
    const thread = await ca.threads.create();
    await collect(ca.runs.stream(thread.thread_id, "lead_agent", { input: human("hello") }));
    const before = messagesOf((await cb.threads.getState(thread.thread_id)).values);
    const { runId, parts } = await longRun(ca, thread.thread_id);
    // The checkpoint with the new message is saved (checkpoints are written in the background while the
    // model streams), and the model is still answering: now A dies.
    const saved = async () =>
      messagesOf((await cb.threads.getState(thread.thread_id)).values).some((m) => m.content === LONG);
    await waitFor(saved, 10_000, "the checkpoint of the new message");
    expect((await cb.threads.get(thread.thread_id)).status).toBe("busy");
    await a.crash();
    // A's client loses its connection mid-stream.
    await expect(parts).rejects.toThrow();

    // B: the thread is not stuck busy, the crashed run is reported as such, a joiner is told why it ended.
    const t = await cb.threads.get(thread.thread_id);
    expect(t.status).toBe("idle");
    expect((await cb.runs.get(thread.thread_id, runId)).status).toBe("error");
    const joined = await collect(cb.runs.joinStream(thread.thread_id, runId, { lastEventId: "-1" }));
    expect(joined.at(-2)).toMatchObject({ event: "error", data: { error: "RunLost" } });
    expect(joined.at(-1)?.event).toBe("end");
    // History: every checkpoint up to the crash, the new message as saved, nothing half-written after it.
    const history = await cb.threads.getHistory(thread.thread_id, { limit: 50 });
    const head = messagesOf(history[0].values);
    expect(head.slice(0, before.length).map((m) => m.id)).toEqual(before.map((m) => m.id));
    expect(head.slice(before.length).map((m) => [m.type, m.content])).toEqual([["human", LONG]]);
    // B continues it.
    const next = await collect(
      cb.runs.stream(thread.thread_id, "lead_agent", { input: human("everything_echo: after") }),
    );
    expect(next.at(-1)?.event).toBe("end");
    const after = messagesOf((await cb.threads.getState(thread.thread_id)).values);
    expect(JSON.stringify(after.at(-2)?.content)).toContain("after");

    // An instance that never ran it replays the run A finished before it died.
    const c = await starting;
    const replay = await collect(client(c).runs.joinStream(done.thread_id, finishedRun, { lastEventId: "-1" }));
    expect(replay.map((p) => [p.id, p.event, p.data])).toEqual(original.map((p) => [p.id, p.event, p.data]));
  });
});
