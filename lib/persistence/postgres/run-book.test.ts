/**
 * Two API instances on one real PostgreSQL (a throwaway cluster), in one process: one run per thread across
 * them, join and replay from the other instance, cancel relayed by NOTIFY, a finished run readable after a
 * restart, and the per-run bound on stored events.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collect, messagesOf, type Part, waitFor } from "@/test/support/api";
import { type PgInstance, pgInstance, postgresConfig } from "@/test/support/pg-instances";
import { postgresSkipReason, startPostgres, type TestPostgres } from "@/test/support/postgres";
import { PostgresPersistence } from "./persistence";

const skip = postgresSkipReason();
const human = (content: string) => ({ messages: [{ type: "human", content }] });
const noop = () => undefined;

describe.skipIf(skip)("PostgreSQL run book: two instances on one database", () => {
  let cluster: TestPostgres;
  let url: string;
  let a: PgInstance;
  let b: PgInstance;
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.createDatabase("runbook");
    a = pgInstance(postgresConfig(url));
    b = pgInstance(postgresConfig(url));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cluster?.stop();
  });

  /** Start a held ("slow") run on `on` and return its id and the events its client will have read. */
  async function slowRun(on: PgInstance, threadId: string) {
    let runId = "";
    const parts = collect(
      on.client.runs.stream(threadId, "lead_agent", {
        input: human("slow please"),
        streamMode: ["values", "messages-tuple"],
        onDisconnect: "continue",
        onRunCreated: (m) => {
          runId = m.run_id;
        },
      }),
    );
    await on.model.slowStarted();
    await waitFor(() => runId !== "", 5000, "the run id");
    return { runId, parts };
  }

  test("a thread created on A is listed, searched and continued on B, with its messages", async () => {
    const thread = await a.client.threads.create({ metadata: { owner: "ann", tags: ["x"] } });
    await collect(a.client.runs.stream(thread.thread_id, "lead_agent", { input: human("weather in Paris?") }));
    const found = await b.client.threads.search({ metadata: { owner: "ann", tags: ["x"] } });
    expect(found.map((t) => t.thread_id)).toContain(thread.thread_id);
    expect(await b.client.threads.search({ metadata: { tags: ["x", "y"] } })).toEqual([]);
    await collect(b.client.runs.stream(thread.thread_id, "lead_agent", { input: human("hello again") }));
    const state = await a.client.threads.getState(thread.thread_id);
    const msgs = messagesOf(state.values);
    expect(msgs.map((m) => m.type)).toEqual(["human", "ai", "tool", "ai", "human", "ai"]);
    expect(String(msgs[2].content)).toBe("sunny in Paris");
    expect((await a.client.threads.get(thread.thread_id)).status).toBe("idle");
  });

  test("a run on A: B sees the thread busy, refuses a second run with 409, joins mid-stream with the same events", async () => {
    const thread = await a.client.threads.create();
    const { runId, parts } = await slowRun(a, thread.thread_id);
    expect((await b.client.threads.get(thread.thread_id)).status).toBe("busy");
    expect((await b.client.runs.get(thread.thread_id, runId)).status).toBe("running");
    const second = collect(b.client.runs.stream(thread.thread_id, "lead_agent", { input: human("hi") }));
    await expect(second).rejects.toMatchObject({ status: 409 });
    await expect(second).rejects.toThrow(new RegExp(`run ${runId} is still in progress on another instance`));
    const joined = collect(b.client.runs.joinStream(thread.thread_id, runId, { lastEventId: "-1" }));
    // B's reader is tailing a run that is still held on A.
    await new Promise((r) => setTimeout(r, 300));
    a.model.releaseSlow();
    const [fromA, fromB] = await Promise.all([parts, joined]);
    const shape = (ps: Part[]) => ps.map((p) => ({ id: p.id, event: p.event, data: p.data }));
    expect(fromA.at(-1)?.event).toBe("end");
    expect(shape(fromB)).toEqual(shape(fromA));
    // Reconnecting after an event id replays only what followed it.
    const tail = await collect(b.client.runs.joinStream(thread.thread_id, runId, { lastEventId: fromA[2].id }));
    expect(shape(tail)).toEqual(shape(fromA.slice(3)));
    expect((await b.client.runs.get(thread.thread_id, runId)).status).toBe("success");
    expect((await b.client.threads.get(thread.thread_id)).status).toBe("idle");
  });

  test("two runs on one thread sent to A and B at once: exactly one runs, the other gets 409", async () => {
    for (let trial = 0; trial < 10; trial++) {
      const thread = await a.client.threads.create();
      const runs = [a, b].map((inst) =>
        collect(inst.client.runs.stream(thread.thread_id, "lead_agent", { input: human("slow please") })),
      );
      const results = Promise.allSettled(runs);
      // Whichever won holds its run until released; release it only once the other request has its answer
      // (or after 5 s), so the two surely overlap. Releasing as soon as the winner's model call waited let a
      // slow second request (a cold connection) arrive after the first run had ended, run too, and wait forever.
      await Promise.race([...runs.map((r) => r.then(noop, noop)), new Promise((r) => setTimeout(r, 5000))]);
      await Promise.race([a.model.slowStarted(), b.model.slowStarted()]);
      a.model.releaseSlow();
      b.model.releaseSlow();
      const settled = await results;
      const refused = settled.filter((r) => r.status === "rejected");
      expect(refused.length).toBe(1);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
      const msgs = messagesOf((await b.client.threads.getState(thread.thread_id)).values);
      expect(msgs.map((m) => m.type)).toEqual(["human", "ai"]);
    }
  });

  test("cancel sent to B stops a run executing on A; the thread is free at once", async () => {
    const thread = await a.client.threads.create();
    const { runId, parts } = await slowRun(a, thread.thread_id);
    await b.client.runs.cancel(thread.thread_id, runId, true);
    expect((await b.client.runs.get(thread.thread_id, runId)).status).toBe("interrupted");
    expect((await parts).at(-1)?.event).toBe("end");
    expect((await b.client.threads.get(thread.thread_id)).status).not.toBe("busy");
    const after = await collect(b.client.runs.stream(thread.thread_id, "lead_agent", { input: human("hi") }));
    expect(after.at(-1)?.event).toBe("end");
  });

  test("a `fawn chat` turn (another process's lease) and an instance's run exclude each other", async () => {
    const cli = new PostgresPersistence(postgresConfig(url));
    try {
      const thread = await a.client.threads.create();
      const lease = await cli.lockThread(thread.thread_id);
      expect(lease.ok).toBe(true);
      const refused = collect(b.client.runs.stream(thread.thread_id, "lead_agent", { input: human("hi") }));
      await expect(refused).rejects.toMatchObject({ status: 409 });
      await expect(refused).rejects.toThrow(/another process \(a `fawn chat` turn/);
      if (lease.ok) await lease.release();
      const { parts } = await slowRun(a, thread.thread_id);
      const busy = await cli.lockThread(thread.thread_id);
      expect(busy).toEqual({ ok: false, message: expect.stringMatching(/is busy: a Fawn instance is running it/) });
      a.model.releaseSlow();
      expect((await parts).at(-1)?.event).toBe("end");
      const free = await cli.lockThread(thread.thread_id);
      expect(free.ok).toBe(true);
      if (free.ok) await free.release();
    } finally {
      await cli.close();
    }
  });

  test("multitask interrupt from B takes the thread from A's run", async () => {
    const thread = await a.client.threads.create();
    const { runId, parts } = await slowRun(a, thread.thread_id);
    const taken = await collect(
      b.client.runs.stream(thread.thread_id, "lead_agent", { input: human("hi"), multitaskStrategy: "interrupt" }),
    );
    expect(taken.at(-1)?.event).toBe("end");
    expect((await parts).at(-1)?.event).toBe("end");
    expect((await a.client.runs.get(thread.thread_id, runId)).status).toBe("interrupted");
  });

  test("an instance that loses its session stops its runs (their threads are no longer its own), then reconnects", async () => {
    const thread = await a.client.threads.create();
    const { runId, parts } = await slowRun(a, thread.thread_id);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      // The backend of A's session: the one holding A's liveness lock.
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(l.pid))::int AS n FROM pg_locks l
         WHERE l.locktype = 'advisory' AND ((l.classid::bigint << 32) | l.objid::bigint) =
           hashtextextended('fawn:public:instance:' || $1, 0)`,
        [a.persistence.instanceId],
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await db.end();
    }
    expect((await parts).at(-1)?.event).toBe("end");
    expect((await b.client.runs.get(thread.thread_id, runId)).status).toBe("interrupted");
    expect((await b.client.threads.get(thread.thread_id)).status).not.toBe("busy");
    // The next run on A takes a new session.
    const again = await collect(a.client.runs.stream(thread.thread_id, "lead_agent", { input: human("hi") }));
    expect(again.at(-1)?.event).toBe("end");
    expect((await a.persistence.status(true)).state).toBe("ready");
  });

  test("a finished run is joined and listed after its instance restarted", async () => {
    const c = pgInstance(postgresConfig(url));
    const thread = await c.client.threads.create();
    let runId = "";
    const original = await collect(
      c.client.runs.stream(thread.thread_id, "lead_agent", {
        input: human("weather?"),
        streamMode: ["values", "updates"],
        onRunCreated: (m) => {
          runId = m.run_id;
        },
      }),
    );
    await c.close();
    const restarted = pgInstance(postgresConfig(url));
    try {
      const replay = await collect(restarted.client.runs.joinStream(thread.thread_id, runId, { lastEventId: "-1" }));
      expect(replay.map((p) => [p.id, p.event])).toEqual(original.map((p) => [p.id, p.event]));
      const runs = await restarted.client.runs.list(thread.thread_id);
      expect(runs.map((r) => [r.run_id, r.status])).toEqual([[runId, "success"]]);
    } finally {
      await restarted.close();
    }
  });

  test("stored events are bounded per run: the first and the newest are kept", async () => {
    // config.yaml allows no fewer than 100; five makes a short run overflow.
    const small = pgInstance(postgresConfig(url, { max_run_events: 5 }));
    try {
      const thread = await small.client.threads.create();
      let runId = "";
      const parts = await collect(
        small.client.runs.stream(thread.thread_id, "lead_agent", {
          input: human("weather in Paris?"),
          streamMode: ["messages-tuple", "values", "updates"],
          onRunCreated: (m) => {
            runId = m.run_id;
          },
        }),
      );
      expect(parts.length).toBeGreaterThan(10);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const { rows } = await db.query<{ seq: number }>(
        "SELECT seq FROM fawn_run_events WHERE run_id = $1 ORDER BY seq",
        [runId],
      );
      await db.end();
      // The first event, the newest four that went through the journal, and `end`.
      const ids = parts.map((p) => Number(p.id));
      expect(rows.map((r) => r.seq)).toEqual([ids[0], ...ids.slice(-5)]);
      // The executing instance replays its whole log from memory; another replays what is stored.
      const local = await collect(small.client.runs.joinStream(thread.thread_id, runId, { lastEventId: "-1" }));
      expect(local.length).toBe(parts.length);
      const stored = await collect(b.client.runs.joinStream(thread.thread_id, runId, { lastEventId: "-1" }));
      expect(stored.map((p) => p.id)).toEqual([parts[0].id, ...parts.slice(-5).map((p) => p.id)]);
    } finally {
      await small.close();
    }
  });
});
