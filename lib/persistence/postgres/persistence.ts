/**
 * PostgreSQL as the store of several Fawn instances (`checkpointer.type: postgres`): one pool per instance
 * for checkpoints, thread records and run events, plus the instance's own session (session.ts). Opening
 * (connect, migrations under a lock, the session) happens on first use and is retried on later uses when
 * it fails, at most every RETRY_MS; until then every use fails fast with the reason, and `status()` reports
 * it, so a request is refused with a 503 that says what is wrong instead of a run failing halfway.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { PostgresCheckpointerConfig } from "@/lib/config/app-config";
import type { PersistenceState, PersistenceStatus } from "@/lib/contracts/persistence";
import { log } from "@/lib/log/logger";
import type { RunBook } from "@/lib/server/run-book";
import type { ThreadRecords } from "@/lib/server/thread-records";
import type { SharedPersistence } from "@/lib/server/types";
import type { Persistence, ThreadLease } from "../persistence";
import { Database } from "./database";
import { describeTarget, explain, type StorageUnavailableError, toUnavailable } from "./errors";
import { migrate } from "./migrations";
import { PgRunBook } from "./run-book";
import { ReadyPostgresSaver } from "./saver";
import { InstanceSession } from "./session";
import { type SchemaSql, schemaSql } from "./sql";
import { PgThreadStore } from "./thread-store";

const RETRY_MS = 2_000;
const SWEEP_MS = 60_000;
const CONNECT_TIMEOUT_MS = 5_000;

interface Opened {
  threads: ThreadRecords;
  book: RunBook;
}

export class PostgresPersistence implements Persistence, SharedPersistence {
  readonly type = "postgres" as const;
  readonly dbPath = "";
  readonly key: string;
  readonly target: string;
  readonly instanceId = randomUUID();
  readonly checkpointer: ReadyPostgresSaver;
  private readonly pool: pg.Pool;
  private readonly sql: SchemaSql;
  private readonly db: Database;
  private readonly session: InstanceSession;
  private opened: (Opened & { book: PgRunBook }) | null = null;
  private opening: Promise<Opened> | null = null;
  private failure: { at: number; error: StorageUnavailableError } | null = null;
  private state: PersistenceState = "connecting";
  private error: string | null = null;
  private since = new Date().toISOString();
  private sweeper: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly cfg: PostgresCheckpointerConfig) {
    this.target = describeTarget(cfg.url);
    this.key = `${this.target}#${cfg.schema}`;
    this.sql = schemaSql(cfg.schema);
    const settings: pg.ClientConfig = {
      connectionString: cfg.url,
      application_name: `fawn ${this.instanceId.slice(0, 8)}`,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    };
    this.pool = new pg.Pool({ ...settings, max: cfg.pool_size, idleTimeoutMillis: 30_000 });
    // A pooled connection that breaks must not crash the process: idle ones report to the pool, and one that is
    // checked out (the checkpointer's transactions) emits on itself with no listener of the pool's. The query
    // in flight fails either way, and says why.
    const broken = (err: Error) =>
      log("warn", "postgres.connection_lost", { target: this.target, reason: err.message });
    this.pool.on("error", broken);
    this.pool.on("connect", (client) => client.on("error", broken));
    this.db = new Database(this.pool, this.target, (err) => this.setState("unavailable", explain(err, this.target)));
    this.session = new InstanceSession({
      client: () => new pg.Client(settings),
      sql: this.sql,
      instanceId: this.instanceId,
      onLost: (reason) => {
        log("error", "postgres.session_lost", { target: this.target, reason });
        this.setState("unavailable", `PostgreSQL at ${this.target}: this instance's session was lost (${reason})`);
        this.opened?.book.lost(reason);
      },
      onUp: () => {
        if (this.opened) this.setState("ready", null);
      },
    });
    this.checkpointer = new ReadyPostgresSaver(this.pool, cfg.schema, () => this.open(), this.target);
  }

  get shared(): SharedPersistence {
    return this;
  }

  /** Connected and migrated: the thread records and run book. Throws StorageUnavailableError saying why not. */
  open(): Promise<Opened> {
    if (this.opened) return Promise.resolve(this.opened);
    if (this.failure && Date.now() - this.failure.at < RETRY_MS) return Promise.reject(this.failure.error);
    this.opening ??= this.connect().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  async status(probe = false): Promise<PersistenceStatus> {
    if (probe) {
      try {
        await this.open();
        await this.db.query("SELECT 1");
        if (this.session.connected) this.setState("ready", null);
      } catch {
        // The state and error are already set by whatever failed.
      }
    }
    return {
      type: "postgres",
      target: this.target,
      schema: this.cfg.schema,
      state: this.state,
      error: this.error,
      instance_id: this.instanceId,
      since: this.since,
    };
  }

  async lockThread(threadId: string): Promise<ThreadLease> {
    await this.open();
    const lock = await this.session.tryLockThread(threadId).catch((err: unknown) => {
      throw toUnavailable(err, this.target);
    });
    if (!lock.ok)
      return {
        ok: false,
        message: `Thread ${threadId} is busy: a Fawn instance is running it. Wait for it to finish.`,
      };
    return { ok: true, release: () => this.session.unlockThread(threadId, lock.generation) };
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.session.close();
    await this.pool.end().catch(() => {});
  }

  private async connect(): Promise<Opened> {
    try {
      const applied = await migrate(this.pool, this.sql, this.checkpointer);
      await this.session.open();
      const book = new PgRunBook({
        db: this.db,
        session: this.session,
        sql: this.sql,
        instanceId: this.instanceId,
        limits: {
          maxEvents: this.cfg.max_run_events,
          maxBytes: this.cfg.max_run_events_mb * 1024 * 1024,
          retentionS: this.cfg.run_retention_s,
        },
        logger: log,
      });
      const sweep = () =>
        book.sweep().catch((err: unknown) => log("warn", "postgres.sweep_failed", { reason: String(err) }));
      await sweep();
      this.sweeper = setInterval(sweep, SWEEP_MS);
      this.sweeper.unref?.();
      this.opened = { threads: new PgThreadStore(this.db, this.sql), book };
      this.failure = null;
      this.setState("ready", null);
      log("info", "postgres.ready", {
        target: this.target,
        schema: this.cfg.schema,
        instance_id: this.instanceId,
        migrations_applied: applied,
      });
      return this.opened;
    } catch (err) {
      const error = toUnavailable(err, this.target);
      this.failure = { at: Date.now(), error };
      this.setState("unavailable", error.message);
      log("error", "postgres.unavailable", { target: this.target, reason: error.message });
      throw error;
    }
  }

  private setState(state: PersistenceState, error: string | null): void {
    if (this.state !== state) this.since = new Date().toISOString();
    this.state = state;
    this.error = error;
  }
}
