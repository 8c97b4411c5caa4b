/**
 * Thread records (thread-records.ts) in the checkpointer's SQLite file, table `fawn_threads`. The checkpoints
 * stay the source of truth for state; this table holds what LangGraph's checkpointers have no place for
 * (metadata, status, timestamps) plus a copy of the newest values so thread lists need no graph call per thread.
 */
import Database from "better-sqlite3";
import type { ThreadSearchInput } from "./schemas";
import {
  matchesFilter,
  parseJson,
  searchPage,
  threadFromRow,
  type ThreadColumns,
  type ThreadRecords,
  type ThreadUpdate,
} from "./thread-records";
import type { Thread } from "./types";

export type { ThreadUpdate };

interface Row extends ThreadColumns {
  metadata: string;
}

const toThread = (row: Row): Thread => threadFromRow(row, parseJson(row.metadata, {}));

/** The thread records of one instance, in its SQLite file. */
export class ThreadStore implements ThreadRecords {
  private readonly db: Database.Database;

  constructor(
    readonly dbPath: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.db = new Database(dbPath);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS fawn_threads (
        thread_id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        state_updated_at TEXT NOT NULL,
        metadata TEXT NOT NULL DEFAULT '{}',
        status TEXT NOT NULL DEFAULT 'idle',
        vals TEXT NOT NULL DEFAULT '{}',
        interrupts TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX IF NOT EXISTS fawn_threads_created ON fawn_threads (created_at);
      CREATE INDEX IF NOT EXISTS fawn_threads_updated ON fawn_threads (updated_at);
    `);
  }

  /** Runs of a previous process are gone: a thread left 'busy' by them is idle now. */
  resetStaleBusy(): number {
    return this.db.prepare(`UPDATE fawn_threads SET status = 'idle' WHERE status = 'busy'`).run().changes;
  }

  get(threadId: string): Thread | undefined {
    const row = this.db.prepare(`SELECT * FROM fawn_threads WHERE thread_id = ?`).get(threadId) as Row | undefined;
    return row ? toThread(row) : undefined;
  }

  create(threadId: string, metadata: Record<string, unknown>): Thread {
    const ts = this.now().toISOString();
    this.db
      .prepare(
        `INSERT INTO fawn_threads (thread_id, created_at, updated_at, state_updated_at, metadata) VALUES (?, ?, ?, ?, ?)`,
      )
      .run(threadId, ts, ts, ts, JSON.stringify(metadata));
    return this.get(threadId)!;
  }

  /** Apply changes; `metadata` is merged key by key into the existing metadata. */
  update(threadId: string, change: ThreadUpdate): Thread | undefined {
    const current = this.get(threadId);
    if (!current) return undefined;
    const ts = this.now().toISOString();
    const metadata = change.metadata ? { ...current.metadata, ...change.metadata } : current.metadata;
    this.db
      .prepare(
        `UPDATE fawn_threads SET updated_at = ?, state_updated_at = ?, metadata = ?, status = ?, vals = ?, interrupts = ?
         WHERE thread_id = ?`,
      )
      .run(
        ts,
        change.stateChanged ? ts : current.state_updated_at,
        JSON.stringify(metadata),
        change.status ?? current.status,
        JSON.stringify(change.values ?? current.values),
        JSON.stringify(change.interrupts ?? current.interrupts),
        threadId,
      );
    return this.get(threadId);
  }

  delete(threadId: string): boolean {
    return this.db.prepare(`DELETE FROM fawn_threads WHERE thread_id = ?`).run(threadId).changes > 0;
  }

  /**
   * Search by exact metadata/values matches, ids and status. Scalar metadata filters run in SQL; nested values
   * and `values` filters are checked in JS, after which offset/limit apply.
   */
  search(query: ThreadSearchInput): Thread[] {
    const where: string[] = [];
    const params: unknown[] = [];
    let jsOnly = Boolean(query.values && Object.keys(query.values).length > 0);
    if (query.ids && query.ids.length > 0) {
      where.push(`thread_id IN (${query.ids.map(() => "?").join(",")})`);
      params.push(...query.ids);
    }
    if (query.status) {
      where.push(`status = ?`);
      params.push(query.status);
    }
    for (const [key, value] of Object.entries(query.metadata ?? {})) {
      const path = `$."${key.replace(/"/g, '""')}"`;
      if (typeof value === "string" || typeof value === "number") {
        where.push(`json_extract(metadata, ?) = ?`);
        params.push(path, value);
      } else if (typeof value === "boolean") {
        where.push(`json_extract(metadata, ?) = ?`);
        params.push(path, value ? 1 : 0);
      } else if (value === null) {
        where.push(`json_type(metadata, ?) = 'null'`);
        params.push(path);
      } else {
        jsOnly = true;
      }
    }
    const { sortBy, order, limit, offset } = searchPage(query);
    let sql = `SELECT * FROM fawn_threads ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY ${sortBy} ${order}, thread_id ${order}`;
    if (!jsOnly) {
      sql += ` LIMIT ? OFFSET ?`;
      params.push(limit, offset);
    }
    let threads = (this.db.prepare(sql).all(...params) as Row[]).map(toThread);
    if (jsOnly) {
      threads = threads
        .filter((t) => matchesFilter(t.metadata, query.metadata) && matchesFilter(t.values, query.values))
        .slice(offset, offset + limit);
    }
    return threads;
  }

  close(): void {
    this.db.close();
  }
}
