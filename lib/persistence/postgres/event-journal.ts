/**
 * A run's events and status, written to PostgreSQL as the run executes here, so any instance can replay and
 * tail it (join, reconnect with Last-Event-ID, a reload that lands elsewhere). Writes are batched: whatever
 * accumulated while the previous batch was in flight goes out as one INSERT with the status and one NOTIFY.
 * Stored events are bounded per run: beyond `maxEvents` or `maxBytes` the oldest are deleted, keeping the
 * first (`metadata`) and the newest; the in-memory log of the executing instance keeps them all.
 * A failed write is logged and dropped: the run itself never fails for its journal.
 */
import type { RunJournal } from "@/lib/server/run-record";
import type { SseEvent } from "@/lib/server/sse";
import type { Logger, RunStatus } from "@/lib/server/types";
import type { Database } from "./database";
import type { SchemaSql } from "./sql";

export interface JournalLimits {
  maxEvents: number;
  maxBytes: number;
  /** Seconds a finished run stays readable. */
  retentionS: number;
}

const BATCH = 500;

/** Appended to the run id in the notice sent once a run has ended (`end` stored, its thread released). */
export const ENDED_NOTICE = ":end";

export class EventJournal implements RunJournal {
  private pending: SseEvent[] = [];
  private pendingStatus: { status: RunStatus; updatedAt: string } | null = null;
  private writing: Promise<void> | null = null;
  private sealed = false;
  private warned = false;
  /** Stored events after the first, oldest first, with their sizes: what trimming may delete. */
  private readonly stored: Array<{ seq: number; bytes: number }> = [];
  private storedBytes = 0;

  constructor(
    private readonly db: Database,
    private readonly sql: SchemaSql,
    private readonly runId: string,
    private readonly limits: JournalLimits,
    private readonly logger: Logger,
  ) {}

  event(e: SseEvent): void {
    if (this.sealed) return;
    this.pending.push(e);
    this.kick();
  }

  status(status: RunStatus, updatedAt: string): void {
    if (this.sealed) return;
    this.pendingStatus = { status, updatedAt };
    this.kick();
  }

  /** Write what is pending, then mark the run finished (it expires `retentionS` later); later events are not kept. */
  async finish(status: RunStatus, updatedAt: string): Promise<void> {
    this.status(status, updatedAt);
    await this.drain();
    this.sealed = true;
    await this.db.query(
      `UPDATE ${this.sql.runs} SET status = $2, updated_at = $3, finished_at = now(),
         expires_at = now() + make_interval(secs => $4) WHERE run_id = $1`,
      [this.runId, status, updatedAt, this.limits.retentionS],
    );
  }

  /**
   * The closing `end` event, written once the thread has been released. Two notices: the run id, as for any
   * new events (what tails read), and `<run id>:end`, which tells a wait for the run that it is over.
   */
  async end(seq: number): Promise<void> {
    await this.db.query(
      `WITH ins AS (INSERT INTO ${this.sql.events} (run_id, seq, event, data) VALUES ($1, $2, 'end', NULL)
         ON CONFLICT DO NOTHING) SELECT pg_notify($3, $1), pg_notify($3, $1 || $4)`,
      [this.runId, seq, this.sql.eventsChannel, ENDED_NOTICE],
    );
  }

  async drain(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private kick(): void {
    this.writing ??= this.writeAll().finally(() => {
      this.writing = null;
    });
  }

  private async writeAll(): Promise<void> {
    // Let the burst that triggered this write finish, so it goes out as one batch.
    await new Promise((r) => setImmediate(r));
    while (this.pending.length > 0 || this.pendingStatus) {
      const batch = this.pending.splice(0, BATCH);
      const status = this.pendingStatus;
      this.pendingStatus = null;
      try {
        await this.write(batch, status);
        await this.trim(batch);
      } catch (err) {
        if (!this.warned) {
          this.warned = true;
          this.logger("warn", "run.journal_failed", { run_id: this.runId, reason: String(err) });
        }
      }
    }
  }

  private async write(batch: SseEvent[], status: { status: RunStatus; updatedAt: string } | null): Promise<void> {
    await this.db.query(
      `WITH ins AS (
         INSERT INTO ${this.sql.events} (run_id, seq, event, data)
         SELECT $1, x.seq, x.event, x.data FROM unnest($2::int[], $3::text[], $4::text[]) AS x(seq, event, data)
         ON CONFLICT DO NOTHING),
       upd AS (
         UPDATE ${this.sql.runs} SET status = COALESCE($5, status), updated_at = COALESCE($6, updated_at)
         WHERE run_id = $1 AND $5::text IS NOT NULL)
       SELECT pg_notify($7, $1)`,
      [
        this.runId,
        batch.map((e) => e.id),
        batch.map((e) => e.event),
        batch.map((e) => e.data ?? null),
        status?.status ?? null,
        status?.updatedAt ?? null,
        this.sql.eventsChannel,
      ],
    );
  }

  private async trim(batch: SseEvent[]): Promise<void> {
    for (const e of batch) {
      if (e.id === 0) continue;
      const bytes = Buffer.byteLength(e.event) + (e.data === undefined ? 0 : Buffer.byteLength(e.data));
      this.stored.push({ seq: e.id, bytes });
      this.storedBytes += bytes;
    }
    let cut = -1;
    // +1 for the first event, always kept; the newest is kept even when it alone exceeds the byte limit.
    while (
      this.stored.length > 1 &&
      (this.stored.length + 1 > this.limits.maxEvents || this.storedBytes > this.limits.maxBytes)
    ) {
      const oldest = this.stored.shift() as { seq: number; bytes: number };
      this.storedBytes -= oldest.bytes;
      cut = oldest.seq;
    }
    if (cut > 0)
      await this.db.query(`DELETE FROM ${this.sql.events} WHERE run_id = $1 AND seq > 0 AND seq <= $2`, [
        this.runId,
        cut,
      ]);
  }
}
