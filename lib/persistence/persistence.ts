/**
 * Where a configuration keeps threads, checkpoints and runs (`checkpointer:` in config.yaml): one SQLite file
 * (the default, one instance plus the `fawn` CLI) or a PostgreSQL database several instances share. The agent
 * gets `checkpointer`; the HTTP API gets `dbPath` or `shared`; the CLI takes a thread with `lockThread`;
 * `status` feeds GET /api/persistence.
 */
import path from "node:path";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { CheckpointerConfig } from "@/lib/config/app-config";
import type { PersistenceStatus, PersistenceType } from "@/lib/contracts/persistence";
import type { SharedPersistence } from "@/lib/server/types";
import { sqliteCheckpointer } from "./checkpointer";
import { PostgresPersistence } from "./postgres/persistence";
import { busyMessage, threadLocks } from "./thread-lock";

/** A thread taken for one turn (`fawn chat`), or who has it. */
export type ThreadLease = { ok: true; release(): Promise<void> } | { ok: false; message: string };

export interface Persistence {
  readonly type: PersistenceType;
  readonly checkpointer: BaseCheckpointSaver;
  /** The SQLite file (threads and checkpoints); empty with PostgreSQL. */
  readonly dbPath: string;
  /** PostgreSQL: the threads and runs the HTTP API shares with other instances. */
  readonly shared: SharedPersistence | undefined;
  /** Whether the store can be used; with `probe`, checked now (a round trip to PostgreSQL). */
  status(probe?: boolean): Promise<PersistenceStatus>;
  /** Take a thread for one turn: the same lock the server's runs take. */
  lockThread(threadId: string, owner: string): Promise<ThreadLease>;
  close(): Promise<void>;
}

class SqlitePersistence implements Persistence {
  readonly type = "sqlite" as const;
  readonly shared = undefined;
  readonly checkpointer: BaseCheckpointSaver;
  private readonly since = new Date().toISOString();

  constructor(readonly dbPath: string) {
    this.checkpointer = sqliteCheckpointer(dbPath);
  }

  async status(): Promise<PersistenceStatus> {
    return {
      type: "sqlite",
      target: this.dbPath,
      schema: null,
      state: "ready",
      error: null,
      instance_id: null,
      since: this.since,
    };
  }

  async lockThread(threadId: string, owner: string): Promise<ThreadLease> {
    const locks = threadLocks(this.dbPath);
    const lock = locks.acquire(threadId, owner);
    if (!lock.ok) return { ok: false, message: busyMessage(threadId, lock.holder) };
    return { ok: true, release: async () => locks.release(threadId, owner) };
  }

  async close(): Promise<void> {}
}

// One per store per process (a pool and a session each), surviving Next.js dev reloads of this module.
const holder = globalThis as { __fawnPersistence?: Map<string, Persistence> };
holder.__fawnPersistence ??= new Map();
const opened = holder.__fawnPersistence;

/** The persistence of a `checkpointer:` block; relative SQLite paths resolve from `baseDir` (config.yaml's folder). */
export function persistenceFor(cfg: CheckpointerConfig, baseDir: string): Persistence {
  const key =
    cfg.type === "sqlite"
      ? `sqlite:${path.resolve(baseDir, cfg.path)}`
      : `postgres:${JSON.stringify({ ...cfg, type: undefined })}`;
  let p = opened.get(key);
  if (!p) {
    p = cfg.type === "sqlite" ? new SqlitePersistence(path.resolve(baseDir, cfg.path)) : new PostgresPersistence(cfg);
    opened.set(key, p);
  }
  return p;
}

/** Close a store and forget it: the next `persistenceFor` of the same block opens a new one. */
export async function closePersistence(p: Persistence): Promise<void> {
  for (const [key, value] of opened) if (value === p) opened.delete(key);
  await p.close();
}
