import { afterEach, describe, expect, test } from "vitest";
import { processIdentity } from "@/lib/persistence/process-identity";
import { ThreadLocks } from "@/lib/persistence/thread-lock";
import { LocalRunBook, type RunHandle } from "./run-book";
import { RunManager } from "./runs";
import { ThreadStore } from "./thread-store";
import { silentLogger, tempDbPath } from "@/test/support/api";
import type { CompiledGraphLike, StateSnapshotLike } from "./types";

interface FakeOptions {
  /** The stream waits for this (or the abort signal) between its two chunks. */
  hold?: Promise<void>;
  streamError?: Error;
  stateError?: boolean;
  next?: string[];
}

function fakeGraph(opts: FakeOptions = {}): CompiledGraphLike & { streamed: number } {
  const graph = {
    streamed: 0,
    async stream(_input: unknown, options?: Record<string, unknown>) {
      graph.streamed++;
      const signal = options?.signal as AbortSignal;
      return (async function* () {
        yield ["values", { n: 1 }];
        if (opts.hold) {
          await new Promise<void>((resolve, reject) => {
            if (signal.aborted) return reject(new DOMException("aborted", "AbortError"));
            void opts.hold!.then(resolve);
            signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          });
        }
        if (opts.streamError) throw opts.streamError;
        yield ["values", { n: 2 }];
      })();
    },
    async getState(): Promise<StateSnapshotLike> {
      if (opts.stateError) throw new Error("state unavailable");
      return {
        values: { n: 2 },
        next: opts.next ?? [],
        config: { configurable: { thread_id: "t", checkpoint_id: "c1" } },
        tasks: [],
      };
    },
    async *getStateHistory(): AsyncGenerator<StateSnapshotLike> {},
    async updateState() {
      return { configurable: {} };
    },
  };
  return graph;
}

const stores: ThreadStore[] = [];
function setup() {
  const store = new ThreadStore(tempDbPath());
  stores.push(store);
  store.create("t", {});
  const runs = new RunManager({ logger: silentLogger, now: () => new Date(), retentionMs: 60_000, maxRetainedRuns: 3 });
  return { store, runs };
}
const params = (graph: CompiledGraphLike, store: ThreadStore, extra: Record<string, unknown> = {}) => ({
  threadId: "t",
  graph,
  store,
  graphId: "g",
  assistantId: "a",
  body: { assistant_id: "g", input: {}, ...extra },
});

afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

describe("RunManager", () => {
  test("a thread held by another process (the fawn CLI) is refused with 409, and free again when it lets go", async () => {
    const { store, runs } = setup();
    // Pretend the holder is our parent process: alive, and not us.
    const other = new ThreadLocks(store.dbPath, { self: processIdentity(process.ppid) });
    other.acquire("t", "cli-turn");
    await expect(runs.start(params(fakeGraph(), store))).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/busy: another process \(pid \d+\)/),
    });
    other.release("t", "cli-turn");
    const run = await runs.start(params(fakeGraph(), store));
    await run.finished;
    expect(other.acquire("t", "after")).toEqual({ ok: true });
  });

  test("two simultaneous starts on one thread: exactly one runs, the other gets 409", async () => {
    const { store, runs } = setup();
    let release!: () => void;
    const graph = fakeGraph({ hold: new Promise((r) => (release = r)) });
    const results = await Promise.allSettled([runs.start(params(graph, store)), runs.start(params(graph, store))]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ status: 409, code: "conflict" });
    expect(store.get("t")?.status).toBe("busy");
    release();
    const run = (
      results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<Awaited<ReturnType<RunManager["start"]>>>
    ).value;
    await run.finished;
    expect(run.status).toBe("success");
    expect(run.events.map((e) => e.event)).toEqual(["metadata", "values", "values", "end"]);
    expect(runs.activeRun("t")).toBeUndefined();
    expect(store.get("t")).toMatchObject({
      status: "idle",
      values: { n: 2 },
      metadata: { graph_id: "g", assistant_id: "a" },
    });
  });

  test("a failing run emits error, marks the thread error, and releases the lock", async () => {
    const { store, runs } = setup();
    const run = await runs.start(params(fakeGraph({ streamError: new Error("model down") }), store));
    await run.finished;
    expect(run.status).toBe("error");
    const err = run.events.find((e) => e.event === "error");
    expect(JSON.parse(err!.data!)).toEqual({ error: "Error", message: "model down" });
    expect(store.get("t")?.status).toBe("error");
    expect(runs.activeRun("t")).toBeUndefined();
  });

  test("even when reading the final state fails, the lock is released", async () => {
    const { store, runs } = setup();
    const run = await runs.start(params(fakeGraph({ stateError: true }), store));
    await run.finished;
    expect(runs.activeRun("t")).toBeUndefined();
    expect(store.get("t")?.status).not.toBe("busy");
    expect(run.events.at(-1)?.event).toBe("end");
  });

  test("pending tasks leave the thread interrupted", async () => {
    const { store, runs } = setup();
    const run = await runs.start(params(fakeGraph({ next: ["tools"] }), store));
    await run.finished;
    expect(store.get("t")?.status).toBe("interrupted");
  });

  test("interrupt strategy cancels the active run first; cancelAll stops everything", async () => {
    const { store, runs } = setup();
    const hold = new Promise<void>(() => {});
    const first = await runs.start(params(fakeGraph({ hold }), store));
    const second = await runs.start(params(fakeGraph({ hold }), store, { multitask_strategy: "interrupt" }));
    expect(first.done).toBe(true);
    expect(first.status).toBe("interrupted");
    expect(first.events.some((e) => e.event === "error")).toBe(false);
    expect(runs.activeRun("t")).toBe(second);
    await runs.cancelAll();
    expect(second.status).toBe("interrupted");
    expect(runs.activeRun("t")).toBeUndefined();
  });

  test("finished runs beyond the retention count are forgotten", async () => {
    const { store, runs } = setup();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const run = await runs.start(params(fakeGraph(), store));
      ids.push(run.run_id);
      await run.finished;
    }
    expect(runs.get("t", ids[0])).toBeUndefined();
    expect(runs.get("t", ids[4])).toBeDefined();
    expect(runs.list("t").length).toBeLessThanOrEqual(4);
  });
});

describe("taking a thread from another instance's run (multitask interrupt)", () => {
  /**
   * A book whose thread another instance holds until that run finishes: the other instance is scripted here
   * (PostgreSQL's book is exercised across two real instances in lib/persistence/postgres/run-book.test.ts).
   */
  function heldElsewhere() {
    let finish!: () => void;
    const finished = new Promise<void>((r) => (finish = r));
    const seen = { claims: 0, cancels: [] as string[], holderDone: false };
    void finished.then(() => (seen.holderDone = true));
    const holder = { run_id: "remote-run", thread_id: "t", created_at: "2026-01-01T00:00:00.000Z" };
    const handle: RunHandle = {
      run_id: holder.run_id,
      thread_id: "t",
      finished,
      events: [],
      done: false,
      subscribe: () => () => {},
      toRun: () => ({
        ...holder,
        assistant_id: "a",
        updated_at: holder.created_at,
        status: "running",
        metadata: {},
        multitask_strategy: "reject",
      }),
    };
    const book = Object.assign(new LocalRunBook(), {
      claim: async () => {
        seen.claims++;
        return seen.holderDone ? { ok: true as const } : { ok: false as const, message: "held elsewhere" };
      },
      activeElsewhere: async () => (seen.holderDone ? undefined : handle.toRun()),
      find: async () => handle,
      cancelElsewhere: async (runId: string) => {
        seen.cancels.push(runId);
      },
    });
    return { book, seen, finish };
  }

  test("asks the holder to stop, waits for its run to finish, then claims once more: no claim per poll", async () => {
    const store = new ThreadStore(tempDbPath());
    stores.push(store);
    store.create("t", {});
    const { book, seen, finish } = heldElsewhere();
    const runs = new RunManager({
      logger: silentLogger,
      now: () => new Date(),
      retentionMs: 60_000,
      maxRetainedRuns: 3,
      book,
    });
    const started = runs.start(params(fakeGraph(), store, { multitask_strategy: "interrupt" }));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.cancels).toEqual(["remote-run"]);
    expect(seen.claims).toBe(1);
    finish();
    const run = await started;
    await run.finished;
    expect(seen.claims).toBe(2);
    expect(run.status).toBe("success");
  });

  test("a holder that does not finish in time: the claim's refusal is the answer", async () => {
    const store = new ThreadStore(tempDbPath());
    stores.push(store);
    store.create("t", {});
    const { book, seen } = heldElsewhere();
    const runs = new RunManager({
      logger: silentLogger,
      now: () => new Date(),
      retentionMs: 60_000,
      maxRetainedRuns: 3,
      book,
      takeoverTimeoutMs: 200,
    });
    await expect(runs.start(params(fakeGraph(), store, { multitask_strategy: "interrupt" }))).rejects.toMatchObject({
      status: 409,
      message: "held elsewhere",
    });
    expect(seen.claims).toBe(2);
  });
});
