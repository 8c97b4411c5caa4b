import Database from "better-sqlite3";
import { log } from "@/lib/log/logger";
import { type ProcessIdentity, isRunning, processIdentity } from "./process-identity";

/**
 * One run per thread across processes sharing a SQLite file (the server and the `fawn` CLI, or two
 * servers on one machine): a row per running thread, naming the process that holds it by pid, start
 * time and boot id. A row whose process no longer runs as recorded does not count, so a crash never
 * leaves a thread blocked, even when its pid was reused (as after a container restart). Where the
 * start time cannot be read (no /proc), the pid alone decides, and such a lock expires after STALE_MS.
 */
const STALE_MS = 60 * 60 * 1000;

export interface LockHolder {
  owner: string;
  pid: number;
  acquired_at: number;
}

interface LockRow extends LockHolder {
  thread_id: string;
  started: string | null;
  boot_id: string | null;
}

export type LockResult = { ok: true } | { ok: false; holder: LockHolder };

export interface ThreadLocksOptions {
  /** The process this instance records as the holder; default the current one. */
  self?: ProcessIdentity;
}

function holds(row: LockRow, now: number): boolean {
  const { running, unverified } = isRunning({ pid: row.pid, started: row.started, bootId: row.boot_id });
  return running && (!unverified || now - row.acquired_at < STALE_MS);
}

export class ThreadLocks {
  private readonly db: Database.Database;
  private readonly self: ProcessIdentity;

  constructor(dbPath: string, opts: ThreadLocksOptions = {}) {
    this.self = opts.self ?? processIdentity();
    this.db = new Database(dbPath);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(
      "CREATE TABLE IF NOT EXISTS fawn_thread_locks (thread_id TEXT PRIMARY KEY, owner TEXT NOT NULL, pid INTEGER NOT NULL, acquired_at INTEGER NOT NULL)",
    );
    // Tables made by earlier versions lack the identity columns; their rows fall back to the pid check.
    const columns = new Set(
      (this.db.prepare("PRAGMA table_info(fawn_thread_locks)").all() as Array<{ name: string }>).map((c) => c.name),
    );
    if (!columns.has("started")) this.db.exec("ALTER TABLE fawn_thread_locks ADD COLUMN started TEXT");
    if (!columns.has("boot_id")) this.db.exec("ALTER TABLE fawn_thread_locks ADD COLUMN boot_id TEXT");
  }

  acquire(threadId: string, owner: string, now = Date.now()): LockResult {
    return this.db
      .transaction((): LockResult => {
        const row = this.db.prepare("SELECT * FROM fawn_thread_locks WHERE thread_id = ?").get(threadId) as
          | LockRow
          | undefined;
        if (row && row.owner !== owner && holds(row, now))
          return { ok: false, holder: { owner: row.owner, pid: row.pid, acquired_at: row.acquired_at } };
        this.db
          .prepare(
            "INSERT OR REPLACE INTO fawn_thread_locks (thread_id, owner, pid, acquired_at, started, boot_id) VALUES (?, ?, ?, ?, ?, ?)",
          )
          .run(threadId, owner, this.self.pid, now, this.self.started, this.self.bootId);
        return { ok: true };
      })
      .immediate();
  }

  release(threadId: string, owner: string): void {
    this.db.prepare("DELETE FROM fawn_thread_locks WHERE thread_id = ? AND owner = ?").run(threadId, owner);
  }

  /**
   * Delete every row whose process no longer runs as recorded (left by a crash of an earlier server
   * or CLI of this data dir, whatever process holds that pid now). Live holders, such as a `fawn chat`
   * in another terminal, keep theirs. Returns how many rows were cleared.
   */
  sweep(now = Date.now()): number {
    return this.db
      .transaction((): number => {
        const rows = this.db.prepare("SELECT * FROM fawn_thread_locks").all() as LockRow[];
        const del = this.db.prepare("DELETE FROM fawn_thread_locks WHERE thread_id = ? AND owner = ?");
        let cleared = 0;
        for (const row of rows.filter((r) => !holds(r, now))) cleared += del.run(row.thread_id, row.owner).changes;
        return cleared;
      })
      .immediate();
  }
}

const locks = new Map<string, ThreadLocks>();

/** The process-wide locks of one SQLite file; the first use clears what crashed processes left behind. */
export function threadLocks(dbPath: string): ThreadLocks {
  let l = locks.get(dbPath);
  if (!l) {
    l = new ThreadLocks(dbPath);
    const cleared = l.sweep();
    if (cleared > 0) log("warn", "thread_locks.stale_cleared", { count: cleared, db: dbPath });
    locks.set(dbPath, l);
  }
  return l;
}

export function busyMessage(threadId: string, holder: LockHolder): string {
  const since = new Date(holder.acquired_at).toISOString();
  return `Thread ${threadId} is busy: another process (pid ${holder.pid}) has been running it since ${since}. Wait for it to finish.`;
}
