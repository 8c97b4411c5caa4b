/**
 * Run bookkeeping behind one interface: who may run a thread (one run per thread across every process that
 * shares the store), the runs other processes execute or executed (status, events for join and replay with
 * Last-Event-ID), and cancelling them. Two implementations: `LocalRunBook` (runs live in this process's memory;
 * the SQLite lock table keeps the `fawn` CLI and other processes on the same file out) and the PostgreSQL one
 * (lib/persistence/postgres/run-book.ts: advisory locks, runs and their events in the database, LISTEN/NOTIFY).
 * The RunManager (runs.ts) executes runs and consults its book; routes only talk to the RunManager.
 */
import { busyMessage, threadLocks } from "@/lib/persistence/thread-lock";
import type { CancelAction, RunRecord } from "./run-record";
import type { EventLog } from "./sse";
import type { ThreadRecords } from "./thread-records";
import type { Run } from "./types";

/** A run as any instance sees it: executing here (a RunRecord), or known from the shared store. */
export interface RunHandle extends EventLog {
  readonly run_id: string;
  readonly thread_id: string;
  /** Settles once the run has finished and released its thread. */
  readonly finished: Promise<void>;
  toRun(): Run;
}

export type ClaimResult = { ok: true } | { ok: false; message: string };

/** What a 409 says of a thread whose run is in progress (`where`: e.g. " on another instance (since …)"). */
export function runInProgress(threadId: string, runId: string, where = ""): string {
  return (
    `Thread ${threadId} is busy: run ${runId} is still in progress${where}. ` +
    `Wait for it to finish, cancel it (POST /threads/${threadId}/runs/${runId}/cancel), ` +
    `or send multitask_strategy "interrupt" or "rollback"`
  );
}

/** What a book may ask of the process's RunManager. */
export interface RunExecutor {
  /** Cancel a run this process executes (a request relayed from another instance). */
  cancelLocal(runId: string, action: CancelAction): void;
  /** Stop every run here: the book can no longer guarantee them the thread (its connection is gone). */
  cancelAllLocal(reason: string): void;
}

export interface RunBook {
  /** Let the RunManager that executes this process's runs be told to cancel them. */
  attach(executor: RunExecutor): void;
  /** Take the thread for `run` (one run per thread) and start recording the run; `ok: false` says who has it. */
  claim(run: RunRecord, store: ThreadRecords): Promise<ClaimResult>;
  /** The run has settled its thread: record its outcome and release the thread. Never throws. */
  release(run: RunRecord): Promise<void>;
  /** A run this process does not execute: another instance's, or a finished one of an earlier process. */
  find(threadId: string, runId: string): Promise<RunHandle | undefined>;
  /** The thread's run in progress in another process, if the book knows of one. */
  activeElsewhere(threadId: string): Promise<Run | undefined>;
  /** Which of these threads have a run in progress in any process the book can see. */
  busy(threadIds: readonly string[]): Promise<ReadonlySet<string>>;
  /** Runs of the thread recorded in the shared store, newest first. */
  list(threadId: string): Promise<Run[]>;
  /** Ask the process executing a run to cancel it. */
  cancelElsewhere(runId: string, action: CancelAction): Promise<void>;
  /** The thread was deleted: drop what is recorded about its runs. */
  forgetThread(threadId: string): Promise<void>;
}

/**
 * Runs in this process's memory only. A thread store with a SQLite file also gets that file's lock table,
 * shared with the `fawn` CLI and any other process on the file (lib/persistence/thread-lock.ts).
 */
export class LocalRunBook implements RunBook {
  /** Which file each claimed run locked, so release unlocks the same one. */
  private readonly files = new Map<string, string>();

  attach(): void {}

  async claim(run: RunRecord, store: ThreadRecords): Promise<ClaimResult> {
    const dbPath = sqliteFileOf(store);
    if (dbPath === undefined) return { ok: true };
    const lock = threadLocks(dbPath).acquire(run.thread_id, run.run_id);
    if (!lock.ok) return { ok: false, message: busyMessage(run.thread_id, lock.holder) };
    this.files.set(run.run_id, dbPath);
    return { ok: true };
  }

  async release(run: RunRecord): Promise<void> {
    const dbPath = this.files.get(run.run_id);
    this.files.delete(run.run_id);
    if (dbPath !== undefined) threadLocks(dbPath).release(run.thread_id, run.run_id);
  }

  async find(): Promise<RunHandle | undefined> {
    return undefined;
  }

  async activeElsewhere(): Promise<Run | undefined> {
    return undefined;
  }

  async busy(): Promise<ReadonlySet<string>> {
    return new Set();
  }

  async list(): Promise<Run[]> {
    return [];
  }

  async cancelElsewhere(): Promise<void> {}

  async forgetThread(): Promise<void> {}
}

function sqliteFileOf(store: ThreadRecords): string | undefined {
  const dbPath = (store as { dbPath?: unknown }).dbPath;
  return typeof dbPath === "string" ? dbPath : undefined;
}
