/**
 * Thread records: what LangGraph's checkpointers have no place for (metadata, status, timestamps) plus a copy
 * of the newest values, so thread lists need no graph call per thread. Two implementations: the SQLite file
 * of a single instance (thread-store.ts, synchronous) and PostgreSQL shared by several instances
 * (lib/persistence/postgres/thread-store.ts). Callers await every method, whichever they hold.
 */
import type { ThreadSearchInput } from "./schemas";
import type { Thread, ThreadStatus } from "./types";

export type MaybePromise<T> = T | Promise<T>;

export interface ThreadUpdate {
  metadata?: Record<string, unknown>;
  status?: ThreadStatus;
  values?: Record<string, unknown>;
  interrupts?: Record<string, unknown[]>;
  /** True when the thread's state (checkpoints) changed, which bumps `state_updated_at`. */
  stateChanged?: boolean;
}

export interface ThreadRecords {
  get(threadId: string): MaybePromise<Thread | undefined>;
  /** A new record; an existing id is an error. */
  create(threadId: string, metadata: Record<string, unknown>): MaybePromise<Thread>;
  /** Apply changes; `metadata` is merged key by key into the existing metadata. Undefined when there is no such thread. */
  update(threadId: string, change: ThreadUpdate): MaybePromise<Thread | undefined>;
  delete(threadId: string): MaybePromise<boolean>;
  /** Exact matches on metadata and values keys, ids and status; sorted, then offset and limit. */
  search(query: ThreadSearchInput): MaybePromise<Thread[]>;
}

/** The fields thread search may sort by (anything else sorts by `created_at`). */
export const THREAD_SORT_COLUMNS: ReadonlySet<string> = new Set([
  "thread_id",
  "status",
  "created_at",
  "updated_at",
  "state_updated_at",
]);
