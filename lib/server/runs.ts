/**
 * Runs: one per thread at a time (two concurrent runs silently corrupt a thread's checkpoints, STACK.md),
 * executed detached from any HTTP request so a client may disconnect, reconnect or join; every event is
 * buffered for replay. Which process may run a thread, and what other processes know of a run, is the run
 * book's business (run-book.ts): in memory plus the SQLite lock table by default, PostgreSQL when several
 * instances share one database. The thread is released after its record has been settled, before `end`.
 */
import { v7 as uuid7 } from "@langchain/core/utils/uuid";
import { ApiError } from "./http";
import { LocalRunBook, type RunBook, type RunExecutor, type RunHandle, runInProgress } from "./run-book";
import { RunRecord, type CancelAction } from "./run-record";
import { executeRun, type ExecuteContext } from "./run-execute";
import type { RunCreateInput } from "./schemas";
import type { ThreadRecords } from "./thread-records";
import type { CompiledGraphLike, Logger, MultitaskStrategy, Run } from "./types";

export interface RunManagerOptions {
  logger: Logger;
  now: () => Date;
  /** Finished runs (and their event logs) are kept in memory this long for joins and status checks. */
  retentionMs: number;
  /** …and at most this many finished runs. */
  maxRetainedRuns: number;
  /** Coordination with other processes; default `LocalRunBook` (the SQLite lock table of each store's file). */
  book?: RunBook;
  /** How long `interrupt`/`rollback` wait for another instance's run to let go of the thread. Default 30 s. */
  takeoverTimeoutMs?: number;
}

export interface StartRunParams {
  threadId: string;
  graph: CompiledGraphLike;
  store: ThreadRecords;
  graphId: string;
  assistantId: string;
  body: RunCreateInput;
}

/** The 409 for a thread whose run is in progress in this process. */
function busyConflict(threadId: string, runId: string, strategy: MultitaskStrategy): ApiError {
  const unsupported = strategy === "enqueue" ? ` (multitask_strategy "enqueue" is not supported)` : "";
  return new ApiError(409, "conflict", runInProgress(threadId, runId) + unsupported);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for `work` at most `ms`: true when it settled in time, false when the time ran out first. */
async function waitAtMost(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export class RunManager implements RunExecutor {
  private readonly runs = new Map<string, RunRecord>();
  private readonly active = new Map<string, RunRecord>();
  /** Threads whose start is between its checks and its claim (which awaits): a second start here is refused. */
  private readonly claiming = new Set<string>();
  readonly book: RunBook;

  constructor(private readonly opts: RunManagerOptions) {
    this.book = opts.book ?? new LocalRunBook();
    this.book.attach(this);
  }

  /** The thread's run executing in this process. */
  activeRun(threadId: string): RunRecord | undefined {
    return this.active.get(threadId);
  }

  /** A run this process executes or executed (still retained). */
  get(threadId: string, runId: string): RunRecord | undefined {
    const run = this.runs.get(runId);
    return run && run.thread_id === threadId ? run : undefined;
  }

  /** This process's retained runs of the thread, newest first. */
  list(threadId: string): RunRecord[] {
    return [...this.runs.values()].filter((r) => r.thread_id === threadId).reverse();
  }

  /** The thread's run in progress in this or any other process the book can see. */
  async activeAnywhere(threadId: string): Promise<Run | undefined> {
    return this.active.get(threadId)?.toRun() ?? (await this.book.activeElsewhere(threadId));
  }

  /** A run by id, wherever it executes or executed. */
  async find(threadId: string, runId: string): Promise<RunHandle | undefined> {
    return this.get(threadId, runId) ?? (await this.book.find(threadId, runId));
  }

  /** Runs of the thread known here or to the book, newest first. */
  async listAll(threadId: string): Promise<Run[]> {
    const local = this.list(threadId).map((r) => r.toRun());
    const seen = new Set(local.map((r) => r.run_id));
    const shared = (await this.book.list(threadId)).filter((r) => !seen.has(r.run_id));
    return [...local, ...shared].sort((a, b) =>
      a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0,
    );
  }

  /** Which of these threads have a run in progress, here or elsewhere. */
  async busyThreads(threadIds: readonly string[]): Promise<Set<string>> {
    const busy = new Set(threadIds.filter((id) => this.active.has(id)));
    const rest = threadIds.filter((id) => !busy.has(id));
    if (rest.length > 0) for (const id of await this.book.busy(rest)) busy.add(id);
    return busy;
  }

  /**
   * Create and start a run. With the default `reject` strategy a busy thread is a 409; `interrupt` and
   * `rollback` cancel the active run (here, or in the instance that executes it), wait for it to let go of
   * the thread, then take it.
   */
  async start(params: StartRunParams): Promise<RunRecord> {
    const strategy: MultitaskStrategy = params.body.multitask_strategy ?? "reject";
    const { threadId } = params;
    for (;;) {
      const current = this.active.get(threadId);
      if (!current) break;
      if (strategy === "reject" || strategy === "enqueue") throw busyConflict(threadId, current.run_id, strategy);
      current.cancel(strategy === "rollback" ? "rollback" : "interrupt");
      await current.finished;
    }
    if (this.claiming.has(threadId))
      throw new ApiError(409, "conflict", `Thread ${threadId} is busy: another run is being started on it`);
    const run = new RunRecord(
      {
        run_id: uuid7(),
        thread_id: threadId,
        assistant_id: params.assistantId,
        metadata: params.body.metadata ?? {},
        multitask_strategy: strategy,
        created_at: this.opts.now().toISOString(),
      },
      this.opts.logger,
    );
    // From the check above to `this.active.set` only the claim awaits, and `claiming` keeps this process's
    // other starts out meanwhile; other processes are kept out by the book (a lock row or an advisory lock).
    this.claiming.add(threadId);
    try {
      let claim = await this.book.claim(run, params.store);
      if (!claim.ok && (strategy === "interrupt" || strategy === "rollback"))
        claim = await this.takeOver(run, params.store, strategy);
      if (!claim.ok) throw new ApiError(409, "conflict", claim.message);
      this.active.set(threadId, run);
      this.runs.set(run.run_id, run);
    } finally {
      this.claiming.delete(threadId);
    }
    this.prune();
    try {
      await params.store.update(threadId, {
        metadata: { graph_id: params.graphId, assistant_id: params.assistantId },
        status: "busy",
      });
    } catch (err) {
      this.active.delete(threadId);
      this.runs.delete(run.run_id);
      await this.book.release(run);
      throw err;
    }
    const ctx: ExecuteContext = {
      graph: params.graph,
      store: params.store,
      body: params.body,
      graphId: params.graphId,
      logger: this.opts.logger,
      now: this.opts.now,
      release: async () => {
        try {
          await this.book.release(run);
        } catch (err) {
          this.opts.logger("error", "run.release_failed", { run_id: run.run_id, reason: String(err) });
        }
        if (this.active.get(threadId) === run) this.active.delete(threadId);
      },
    };
    // Detached on purpose: the run outlives the request that started it. executeRun never rejects.
    void executeRun(run, ctx);
    return run;
  }

  /**
   * The thread is held by another process: ask the instance running it to stop (interrupt/rollback), wait
   * until its run has finished (the book says when, without a claim per poll), then claim the thread; a
   * refused claim is retried briefly, for the moment between a run's finish and its letting go of the thread.
   * A holder the book knows no run of (a `fawn chat` turn) is waited out for no one: the claim's own refusal stands.
   */
  private async takeOver(run: RunRecord, store: ThreadRecords, strategy: "interrupt" | "rollback") {
    const holder = await this.book.activeElsewhere(run.thread_id);
    // It may have let go meanwhile; if the book knows no run of the holder, there is no one to ask.
    if (!holder) return this.book.claim(run, store);
    await this.book.cancelElsewhere(holder.run_id, strategy);
    const deadline = Date.now() + (this.opts.takeoverTimeoutMs ?? 30_000);
    const handle = await this.book.find(run.thread_id, holder.run_id);
    // A holder whose run did not finish in time still holds the thread: one claim, and its refusal stands (a
    // timer may fire a moment before the deadline by the clock, which must not buy a second claim).
    if (handle && !(await waitAtMost(handle.finished, deadline - Date.now()))) return this.book.claim(run, store);
    for (;;) {
      const claim = await this.book.claim(run, store);
      if (claim.ok || Date.now() >= deadline) return claim;
      await sleep(50);
    }
  }

  cancel(run: RunRecord, action: CancelAction): void {
    // A disconnect fires both the request signal and the stream's cancel(): log the first only.
    if (!run.done && !run.controller.signal.aborted) {
      this.opts.logger("info", "run.cancel", { run_id: run.run_id, thread_id: run.thread_id, action });
    }
    run.cancel(action);
  }

  /** Cancel a run wherever it executes: here directly, elsewhere through the book. */
  async requestCancel(run: RunHandle, action: CancelAction): Promise<void> {
    if (run instanceof RunRecord) {
      this.cancel(run, action);
      return;
    }
    if (run.done) return;
    this.opts.logger("info", "run.cancel_relayed", { run_id: run.run_id, thread_id: run.thread_id, action });
    await this.book.cancelElsewhere(run.run_id, action);
  }

  cancelLocal(runId: string, action: CancelAction): void {
    const run = this.runs.get(runId);
    if (run && !run.done) this.cancel(run, action);
  }

  cancelAllLocal(reason: string): void {
    if (this.active.size === 0) return;
    this.opts.logger("warn", "runs.cancel_all", { reason, runs: this.active.size });
    for (const run of this.active.values()) this.cancel(run, "interrupt");
  }

  /** Cancel the thread's active run, here or elsewhere, and wait until it has released the thread. */
  async cancelThread(threadId: string): Promise<void> {
    const current = this.active.get(threadId);
    if (current) {
      this.cancel(current, "interrupt");
      await current.finished;
      return;
    }
    const remote = await this.book.activeElsewhere(threadId);
    if (!remote) return;
    const handle = await this.book.find(threadId, remote.run_id);
    if (!handle) return;
    await this.requestCancel(handle, "interrupt");
    await handle.finished;
  }

  async forgetThread(threadId: string): Promise<void> {
    for (const [id, r] of this.runs) if (r.thread_id === threadId && r.done) this.runs.delete(id);
    await this.book.forgetThread(threadId);
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
