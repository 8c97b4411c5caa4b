import Database from "better-sqlite3";

/**
 * One run per thread across processes sharing a SQLite file (the server and the `fawn` CLI, or two
 * servers on one machine): a row per running thread, naming the process that holds it. A holder whose
 * process is gone, or a lock older than STALE_MS, no longer counts.
 */
const STALE_MS = 60 * 60 * 1000;

export interface LockHolder {
  owner: string;
  pid: number;
  acquired_at: number;
}

export type LockResult = { ok: true } | { ok: false; holder: LockHolder };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class ThreadLocks {
  private readonly db: Database.Database;

  constructor(dbPath: string) {
    this.db = new Database(dbPath);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(
      "CREATE TABLE IF NOT EXISTS fawn_thread_locks (thread_id TEXT PRIMARY KEY, owner TEXT NOT NULL, pid INTEGER NOT NULL, acquired_at INTEGER NOT NULL)",
    );
  }

  acquire(threadId: string, owner: string, now = Date.now()): LockResult {
    return this.db
      .transaction((): LockResult => {
        const row = this.db
          .prepare("SELECT owner, pid, acquired_at FROM fawn_thread_locks WHERE thread_id = ?")
          .get(threadId) as LockHolder | undefined;
        if (row && row.owner !== owner && alive(row.pid) && now - row.acquired_at < STALE_MS)
          return { ok: false, holder: row };
        this.db
          .prepare("INSERT OR REPLACE INTO fawn_thread_locks (thread_id, owner, pid, acquired_at) VALUES (?, ?, ?, ?)")
          .run(threadId, owner, process.pid, now);
        return { ok: true };
      })
      .immediate();
  }

  release(threadId: string, owner: string): void {
    this.db.prepare("DELETE FROM fawn_thread_locks WHERE thread_id = ? AND owner = ?").run(threadId, owner);
  }
}

const locks = new Map<string, ThreadLocks>();

export function threadLocks(dbPath: string): ThreadLocks {
  let l = locks.get(dbPath);
  if (!l) {
    l = new ThreadLocks(dbPath);
    locks.set(dbPath, l);
  }
  return l;
}

export function busyMessage(threadId: string, holder: LockHolder): string {
  const since = new Date(holder.acquired_at).toISOString();
  return `Thread ${threadId} is busy: another process (pid ${holder.pid}) has been running it since ${since}. Wait for it to finish.`;
}
