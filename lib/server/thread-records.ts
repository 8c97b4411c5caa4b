/**
 * Thread records: what LangGraph's checkpointers have no place for (metadata, status, timestamps) plus a copy
 * of the newest values, so thread lists need no graph call per thread. Two implementations: the SQLite file
 * of a single instance (thread-store.ts, synchronous) and PostgreSQL shared by several instances
 * (lib/persistence/postgres/thread-store.ts). Callers await every method, whichever they hold.
 */
import { isDeepStrictEqual } from "node:util";
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

/** The columns of a thread record row as both stores keep them, apart from metadata, whose form the driver decides. */
export interface ThreadColumns {
  thread_id: string;
  created_at: string;
  updated_at: string;
  state_updated_at: string;
  status: ThreadStatus;
  vals: string;
  interrupts: string;
}

/** JSON text as stored, or `fallback` when it does not parse. */
export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The wire thread of a row; `metadata` comes parsed, since SQLite keeps it as text and PostgreSQL as jsonb. */
export function threadFromRow(row: ThreadColumns, metadata: Record<string, unknown>): Thread {
  return {
    thread_id: row.thread_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    state_updated_at: row.state_updated_at,
    metadata,
    status: row.status,
    values: parseJson(row.vals, {}),
    interrupts: parseJson(row.interrupts, {}),
  };
}

/** True when every key of `filter` equals (deeply) the same key of `actual`; no filter matches everything. */
export function matchesFilter(
  actual: Record<string, unknown>,
  filter: Record<string, unknown> | null | undefined,
): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([k, v]) => isDeepStrictEqual(actual[k], v));
}

/** The order and page of a thread search: sort column (created_at unless allowed), direction, limit, offset. */
export interface SearchPage {
  sortBy: string;
  order: "ASC" | "DESC";
  limit: number;
  offset: number;
}

export function searchPage(query: ThreadSearchInput): SearchPage {
  return {
    sortBy: query.sort_by && THREAD_SORT_COLUMNS.has(query.sort_by) ? query.sort_by : "created_at",
    order: query.sort_order === "asc" ? "ASC" : "DESC",
    limit: query.limit ?? 10,
    offset: query.offset ?? 0,
  };
}
