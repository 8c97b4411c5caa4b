/**
 * Run bookkeeping in PostgreSQL (the interface is lib/server/run-book.ts), for several instances on one
 * database:
 * - one run per thread: the executing instance holds the thread's advisory lock on its own session
 *   (session.ts) for the whole run, so a second run on any instance gets 409, and a crash frees the thread;
 * - every run has a row (status, instance) and its events (event-journal.ts), so any instance can report,
 *   join and replay it, also after a restart, until it expires (`run_retention_s`);
 * - cancel from any instance: a NOTIFY the executing instance's session hears.
 */
import { publicError } from "@/lib/server/errors";
import { type ClaimResult, type RunBook, type RunExecutor, type RunHandle, runInProgress } from "@/lib/server/run-book";
import type { CancelAction, RunRecord } from "@/lib/server/run-record";
import type { SseEvent } from "@/lib/server/sse";
import type { Logger, MultitaskStrategy, Run, RunStatus } from "@/lib/server/types";
import type { Database } from "./database";
import { asUnavailable } from "./errors";
import { ENDED_NOTICE, EventJournal, type JournalLimits } from "./event-journal";
import { RemoteRun, type RunRow, runOf } from "./remote-run";
import type { InstanceSession } from "./session";
import { HELD_KEYS, type SchemaSql } from "./sql";

export interface PgRunBookOptions {
  db: Database;
  session: InstanceSession;
  sql: SchemaSql;
  instanceId: string;
  limits: JournalLimits;
  logger: Logger;
}

interface RunDbRow {
  run_id: string;
  thread_id: string;
  assistant_id: string;
  status: RunStatus;
  metadata: Record<string, unknown>;
  multitask_strategy: MultitaskStrategy;
  created_at: string;
  updated_at: string;
  instance_id: string;
  finished: boolean;
  orphaned: boolean;
  finished_ms_ago: number | null;
}

const CANCEL_ACTIONS = new Set<CancelAction>(["interrupt", "rollback"]);

/** The `error` event that closes a run whose instance died before it finished. */
export const RUN_LOST = {
  error: "RunLost",
  message:
    "The instance executing this run stopped (it crashed or was killed) before the run finished. " +
    "The thread keeps every step saved before that; send the message again to continue.",
};

function toRow(r: RunDbRow): RunRow {
  return {
    run: {
      run_id: r.run_id,
      thread_id: r.thread_id,
      assistant_id: r.assistant_id,
      created_at: r.created_at,
      updated_at: r.updated_at,
      status: r.status,
      metadata: r.metadata ?? {},
      multitask_strategy: r.multitask_strategy,
    },
    finished: r.finished,
    orphaned: r.orphaned,
    finishedMsAgo: r.finished_ms_ago === null ? null : Number(r.finished_ms_ago),
  };
}

export class PgRunBook implements RunBook {
  private executor: RunExecutor | null = null;
  /** Runs executing here: their journal and the session generation their thread lock was taken under. */
  private readonly local = new Map<string, { journal: EventJournal; generation: number }>();
  private readonly select: string;

  constructor(private readonly o: PgRunBookOptions) {
    const { sql } = o;
    this.select = `SELECT r.run_id, r.thread_id, r.assistant_id, r.status, r.metadata, r.multitask_strategy,
        r.created_at, r.updated_at, r.instance_id, r.finished_at IS NOT NULL AS finished,
        (r.finished_at IS NULL AND ${sql.key("instance", "r.instance_id")} NOT IN (${HELD_KEYS})) AS orphaned,
        EXTRACT(EPOCH FROM (now() - r.finished_at)) * 1000 AS finished_ms_ago
      FROM ${sql.runs} r`;
    o.session.on("cancel", (payload) => this.onCancel(payload));
  }

  attach(executor: RunExecutor): void {
    this.executor = executor;
  }

  /** The session dropped: the thread locks of this instance's runs are gone, so the runs must stop. */
  lost(reason: string): void {
    this.executor?.cancelAllLocal(`the PostgreSQL session was lost (${reason}): another instance may take its threads`);
  }

  async claim(run: RunRecord): Promise<ClaimResult> {
    const { db, session, sql } = this.o;
    const lock = await session.tryLockThread(run.thread_id).catch((err: unknown) => {
      throw asUnavailable(err, db.target);
    });
    if (!lock.ok) {
      const holder = await this.activeElsewhere(run.thread_id);
      return {
        ok: false,
        message: holder
          ? runInProgress(run.thread_id, holder.run_id, ` on another instance (since ${holder.created_at})`)
          : `Thread ${run.thread_id} is busy: another process (a \`fawn chat\` turn, or an instance finishing a run) ` +
            `holds it. Wait for it to finish.`,
      };
    }
    try {
      await db.query(
        `INSERT INTO ${sql.runs} (run_id, thread_id, assistant_id, status, metadata, multitask_strategy,
           created_at, updated_at, instance_id) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $7, $8)`,
        [
          run.run_id,
          run.thread_id,
          run.assistant_id,
          run.status,
          JSON.stringify(run.metadata),
          run.multitask_strategy,
          run.created_at,
          this.o.instanceId,
        ],
      );
    } catch (err) {
      await session.unlockThread(run.thread_id, lock.generation).catch(() => {});
      throw err;
    }
    const journal = new EventJournal(db, sql, run.run_id, this.o.limits, this.o.logger);
    run.journal = journal;
    this.local.set(run.run_id, { journal, generation: lock.generation });
    return { ok: true };
  }

  async release(run: RunRecord): Promise<void> {
    const entry = this.local.get(run.run_id);
    if (!entry) return;
    this.local.delete(run.run_id);
    const step = async (what: string, fn: () => Promise<void>) => {
      try {
        await fn();
      } catch (err) {
        this.o.logger("error", `run.${what}_failed`, { run_id: run.run_id, ...publicError(err) });
      }
    };
    // The row says finished before the lock goes; `end` follows the lock, so whoever reads `end` finds the thread free.
    await step("finish", () => entry.journal.finish(run.status, run.updated_at));
    await step("unlock", () => this.o.session.unlockThread(run.thread_id, entry.generation));
    await step("end", () => entry.journal.end(run.events.length));
  }

  async find(threadId: string, runId: string): Promise<RunHandle | undefined> {
    const row = await this.readRow(threadId, runId);
    if (!row) return undefined;
    const { db, sql, session } = this.o;
    const remote = new RemoteRun(
      row,
      {
        settleOrphans: () => this.settleOrphans(),
        readRow: () => this.readRow(threadId, runId),
        readEvents: async (afterSeq) =>
          (
            await db.query<{ seq: number; event: string; data: string | null }>(
              `SELECT seq, event, data FROM ${sql.events} WHERE run_id = $1 AND seq > $2 ORDER BY seq`,
              [runId, afterSeq],
            )
          ).map((e): SseEvent => ({ id: e.seq, event: e.event, ...(e.data === null ? {} : { data: e.data }) })),
        watch: (onNotice) =>
          session.on("events", (payload) => {
            if (payload === runId) onNotice(false);
            else if (payload === runId + ENDED_NOTICE) onNotice(true);
          }),
      },
      this.o.logger,
    );
    return remote.load();
  }

  async activeElsewhere(threadId: string): Promise<Run | undefined> {
    const rows = await this.o.db.query<RunDbRow>(
      `${this.select} WHERE r.thread_id = $1 AND r.finished_at IS NULL AND r.instance_id <> $2
         AND ${this.o.sql.key("instance", "r.instance_id")} IN (${HELD_KEYS})
       ORDER BY r.created_at DESC LIMIT 1`,
      [threadId, this.o.instanceId],
    );
    return rows[0] ? toRow(rows[0]).run : undefined;
  }

  async busy(threadIds: readonly string[]): Promise<ReadonlySet<string>> {
    const rows = await this.o.db.query<{ id: string }>(
      `SELECT t.id FROM unnest($1::text[]) AS t(id) WHERE ${this.o.sql.key("thread", "t.id")} IN (${HELD_KEYS})`,
      [threadIds],
    );
    return new Set(rows.map((r) => r.id));
  }

  async list(threadId: string): Promise<Run[]> {
    const rows = await this.o.db.query<RunDbRow>(
      `${this.select} WHERE r.thread_id = $1 ORDER BY r.created_at DESC LIMIT 1000`,
      [threadId],
    );
    return rows.map((r) => runOf(toRow(r)));
  }

  async cancelElsewhere(runId: string, action: CancelAction): Promise<void> {
    await this.o.db.query(`SELECT pg_notify($1, $2)`, [
      this.o.sql.cancelChannel,
      JSON.stringify({ run_id: runId, action }),
    ]);
  }

  async forgetThread(threadId: string): Promise<void> {
    await this.o.db.query(
      `DELETE FROM ${this.o.sql.runs} r WHERE r.thread_id = $1
         AND (r.finished_at IS NOT NULL OR ${this.o.sql.key("instance", "r.instance_id")} NOT IN (${HELD_KEYS}))`,
      [threadId],
    );
  }

  /**
   * Housekeeping any instance may do: expired runs (and their events) go; runs whose instance died are
   * marked `error` and start to expire. Returns how many rows of each.
   */
  async sweep(): Promise<{ expired: number; orphaned: number }> {
    const { db, sql } = this.o;
    const expired = await db.query(`DELETE FROM ${sql.runs} WHERE expires_at < now() RETURNING 1`);
    const orphaned = await this.settleOrphans();
    return { expired: expired.length, orphaned };
  }

  /** Runs whose instance died: marked `error` and finished, their stored events closed with RUN_LOST and `end`. */
  private async settleOrphans(): Promise<number> {
    const { db, sql } = this.o;
    const rows = await db.query(
      `WITH orphans AS (
         UPDATE ${sql.runs} r SET status = 'error', updated_at = $1, finished_at = now(),
           expires_at = now() + make_interval(secs => $2)
         WHERE r.finished_at IS NULL AND ${sql.key("instance", "r.instance_id")} NOT IN (${HELD_KEYS})
         RETURNING r.run_id),
       last AS (
         SELECT o.run_id, COALESCE((SELECT max(e.seq) FROM ${sql.events} e WHERE e.run_id = o.run_id), -1) AS seq
         FROM orphans o),
       closing AS (
         INSERT INTO ${sql.events} (run_id, seq, event, data)
         SELECT run_id, seq + 1, 'error', $3 FROM last UNION ALL SELECT run_id, seq + 2, 'end', NULL FROM last
         ON CONFLICT DO NOTHING)
       SELECT run_id FROM orphans`,
      [new Date().toISOString(), this.o.limits.retentionS, JSON.stringify(RUN_LOST)],
    );
    if (rows.length > 0) this.o.logger("warn", "runs.orphans_settled", { count: rows.length });
    return rows.length;
  }

  private async readRow(threadId: string, runId: string): Promise<RunRow | undefined> {
    const rows = await this.o.db.query<RunDbRow>(`${this.select} WHERE r.run_id = $1 AND r.thread_id = $2`, [
      runId,
      threadId,
    ]);
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  private onCancel(payload: string): void {
    let msg: { run_id?: unknown; action?: unknown };
    try {
      msg = JSON.parse(payload) as typeof msg;
    } catch {
      return;
    }
    if (typeof msg.run_id !== "string" || !this.local.has(msg.run_id)) return;
    const action = CANCEL_ACTIONS.has(msg.action as CancelAction) ? (msg.action as CancelAction) : "interrupt";
    this.o.logger("info", "run.cancel_received", { run_id: msg.run_id, action });
    this.executor?.cancelLocal(msg.run_id, action);
  }
}
