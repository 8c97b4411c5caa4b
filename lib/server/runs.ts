/**
 * Runs: one per thread at a time (two concurrent runs silently corrupt a thread's checkpoints, STACK.md),
 * executed detached from any HTTP request so a client may disconnect, reconnect or join; every event is
 * buffered for replay. The thread lock is taken synchronously together with the run's creation and
 * released in `finally`, after the thread record has been settled.
 */
import { v7 as uuid7 } from "@langchain/core/utils/uuid";
import { busyMessage, threadLocks } from "@/lib/persistence/thread-lock";
import { ApiError } from "./http";
import { RunRecord, type CancelAction } from "./run-record";
import { executeRun, type ExecuteContext } from "./run-execute";
import type { RunCreateInput } from "./schemas";
import type { ThreadStore } from "./thread-store";
import type { CompiledGraphLike, Logger, MultitaskStrategy } from "./types";

export interface RunManagerOptions {
  logger: Logger;
  now: () => Date;
  /** Finished runs (and their event logs) are kept this long for joins and status checks. */
  retentionMs: number;
  /** …and at most this many finished runs. */
  maxRetainedRuns: number;
}

export interface StartRunParams {
  threadId: string;
  graph: CompiledGraphLike;
  store: ThreadStore;
  graphId: string;
  assistantId: string;
  body: RunCreateInput;
}

export class RunManager {
  private readonly runs = new Map<string, RunRecord>();
  private readonly active = new Map<string, RunRecord>();

  constructor(private readonly opts: RunManagerOptions) {}

  activeRun(threadId: string): RunRecord | undefined {
    return this.active.get(threadId);
  }

  get(threadId: string, runId: string): RunRecord | undefined {
    const run = this.runs.get(runId);
    return run && run.thread_id === threadId ? run : undefined;
  }

  list(threadId: string): RunRecord[] {
    return [...this.runs.values()].filter((r) => r.thread_id === threadId).reverse();
  }

  /**
   * Create and start a run. With the default `reject` strategy a busy thread is a 409; `interrupt` and
   * `rollback` cancel the active run, wait for it to settle, then take the thread.
   */
  async start(params: StartRunParams): Promise<RunRecord> {
    const strategy: MultitaskStrategy = params.body.multitask_strategy ?? "reject";
    for (;;) {
      const current = this.active.get(params.threadId);
      if (!current) break;
      if (strategy === "reject" || strategy === "enqueue") {
        throw new ApiError(
          409,
          "conflict",
          `Thread ${params.threadId} is busy: run ${current.run_id} is still in progress. ` +
            `Wait for it to finish, cancel it (POST /threads/${params.threadId}/runs/${current.run_id}/cancel), ` +
            `or send multitask_strategy "interrupt" or "rollback"` +
            (strategy === "enqueue" ? ` (multitask_strategy "enqueue" is not supported)` : ""),
        );
      }
      current.cancel(strategy === "rollback" ? "rollback" : "interrupt");
      await current.finished;
    }
    // From here to `this.active.set` nothing awaits, so no other request can take the thread in between.
    // Other processes on the same SQLite file (the fawn CLI, a second server) are kept out by a row lock.
    const runId = uuid7();
    const locks = threadLocks(params.store.dbPath);
    const lock = locks.acquire(params.threadId, runId);
    if (!lock.ok) throw new ApiError(409, "conflict", busyMessage(params.threadId, lock.holder));
    const run = new RunRecord(
      {
        run_id: runId,
        thread_id: params.threadId,
        assistant_id: params.assistantId,
        metadata: params.body.metadata ?? {},
        multitask_strategy: strategy,
        created_at: this.opts.now().toISOString(),
      },
      this.opts.logger,
    );
    this.active.set(params.threadId, run);
    this.runs.set(run.run_id, run);
    this.prune();
    try {
      params.store.update(params.threadId, {
        metadata: { graph_id: params.graphId, assistant_id: params.assistantId },
        status: "busy",
      });
    } catch (err) {
      this.active.delete(params.threadId);
      this.runs.delete(run.run_id);
      locks.release(params.threadId, runId);
      throw err;
    }
    const ctx: ExecuteContext = {
      graph: params.graph,
      store: params.store,
      body: params.body,
      graphId: params.graphId,
      logger: this.opts.logger,
      now: this.opts.now,
      release: () => {
        if (this.active.get(params.threadId) === run) this.active.delete(params.threadId);
        locks.release(params.threadId, runId);
      },
    };
    // Detached on purpose: the run outlives the request that started it. executeRun never rejects.
    void executeRun(run, ctx);
    return run;
  }

  cancel(run: RunRecord, action: CancelAction): void {
    // A disconnect fires both the request signal and the stream's cancel(): log the first only.
    if (!run.done && !run.controller.signal.aborted) {
      this.opts.logger("info", "run.cancel", { run_id: run.run_id, thread_id: run.thread_id, action });
    }
    run.cancel(action);
  }

  /** Cancel the thread's active run (if any) and wait until it has released the thread. */
  async cancelThread(threadId: string): Promise<void> {
    const current = this.active.get(threadId);
    if (!current) return;
    this.cancel(current, "interrupt");
    await current.finished;
  }

  forgetThread(threadId: string): void {
    for (const [id, r] of this.runs) if (r.thread_id === threadId && r.done) this.runs.delete(id);
  }

  async cancelAll(): Promise<void> {
    const running = [...this.active.values()];
    for (const r of running) this.cancel(r, "interrupt");
    await Promise.all(running.map((r) => r.finished));
  }

  private prune(): void {
    const cutoff = Date.now() - this.opts.retentionMs;
    const finished = [...this.runs.values()].filter((r) => r.done);
    const excess = finished.length - this.opts.maxRetainedRuns;
    finished.forEach((r, i) => {
      if (i < excess || (r.finishedAt !== null && r.finishedAt < cutoff)) this.runs.delete(r.run_id);
    });
  }
}
