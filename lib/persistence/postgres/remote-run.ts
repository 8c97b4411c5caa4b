/**
 * A run seen from an instance that does not execute it: its row and its stored events, tailed while someone
 * reads them (a join, a reconnect with Last-Event-ID). New events are fetched when the executing instance
 * NOTIFYs, and by polling as a fallback. The log is complete at `end`. A run whose instance died first
 * (orphaned: its liveness lock is gone) is settled through the source, which stores an `error` event saying
 * so and `end`, so every reader, now or later, sees the same close.
 */
import { publicError } from "@/lib/server/errors";
import type { RunHandle } from "@/lib/server/run-book";
import { RunListeners } from "@/lib/server/run-listeners";
import type { SseEvent } from "@/lib/server/sse";
import type { Logger, Run } from "@/lib/server/types";

export interface RunRow {
  run: Run;
  /** The executing instance marked it finished. */
  finished: boolean;
  /** Unfinished, and its instance no longer holds its liveness lock: it will never finish. */
  orphaned: boolean;
  /** Milliseconds since it was marked finished (null while it is not). */
  finishedMsAgo: number | null;
}

export interface RunSource {
  readRow(): Promise<RunRow | undefined>;
  /** Stored events with a seq above `afterSeq`, in order. */
  readEvents(afterSeq: number): Promise<SseEvent[]>;
  /**
   * Call back when the executing instance reports new events of this run (`ended`: its `end`, written after it
   * let go of the thread); returns the unsubscribe function.
   */
  watch(onNotice: (ended: boolean) => void): () => void;
  /** Mark orphaned runs finished, closing their stored events with `error` and `end`. */
  settleOrphans(): Promise<unknown>;
}

/** The run as clients see it: one whose instance died before it finished reads as `error`. */
export function runOf(row: RunRow): Run {
  return row.orphaned ? { ...row.run, status: "error" } : row.run;
}

/** Fallback poll while tailing, in case a notice was missed (a reconnecting session). */
const POLL_MS = 500;
/** How often a tail checks that the executing instance is still alive. */
const LIVENESS_MS = 1000;
/** Between "marked finished" and `end` a few milliseconds pass (the thread is released in between). */
const END_GRACE_MS = 3000;
/** A notice re-reads the row for `finished` at most this often (a streaming run sends one per batch of events). */
const FINISH_READ_MS = 100;

export class RemoteRun implements RunHandle {
  readonly run_id: string;
  readonly thread_id: string;
  private readonly log: SseEvent[] = [];
  private complete = false;
  private readonly listeners: RunListeners;
  private stopTail: (() => void) | null = null;
  private refreshing: Promise<void> | null = null;
  private again = false;
  private lastRowCheck = Date.now();
  private finishing: Promise<void> | null = null;

  constructor(
    private row: RunRow,
    private readonly source: RunSource,
    private readonly logger: Logger,
  ) {
    this.run_id = row.run.run_id;
    this.thread_id = row.run.thread_id;
    this.listeners = new RunListeners(this.run_id, logger);
  }

  get events(): readonly SseEvent[] {
    return this.log;
  }

  get done(): boolean {
    return this.complete;
  }

  toRun(): Run {
    return runOf(this.row);
  }

  /**
   * Settles when the run is marked finished or orphaned (or its row is gone or cannot be read). The row is read
   * at once, then when the executing instance says the run has ended (after it let go of the thread), on its
   * other notices at most every FINISH_READ_MS (an instance of an earlier version says only those), and every
   * LIVENESS_MS without notices, which finds an instance that died and a notice that was missed.
   */
  get finished(): Promise<void> {
    this.finishing ??= this.row.finished || this.row.orphaned ? Promise.resolve() : this.awaitFinished();
    return this.finishing;
  }

  private awaitFinished(): Promise<void> {
    return new Promise<void>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let due = Number.POSITIVE_INFINITY;
      let lastRead = 0;
      let reading = false;
      let settled = false;
      /** Notices heard while a read was in flight. */
      let heard: "none" | "events" | "ended" = "none";
      /** One pending read, at `at` or sooner. */
      const readBy = (at: number) => {
        if (settled || at >= due) return;
        if (timer) clearTimeout(timer);
        due = at;
        timer = setTimeout(read, Math.max(0, at - Date.now()));
      };
      const unwatch = this.source.watch((ended) => {
        if (reading) heard = ended || heard === "ended" ? "ended" : "events";
        else readBy(ended ? Date.now() : lastRead + FINISH_READ_MS);
      });
      const settle = () => {
        settled = true;
        unwatch();
        if (timer) clearTimeout(timer);
        resolve();
      };
      const read = async () => {
        timer = null;
        due = Number.POSITIVE_INFINITY;
        reading = true;
        const row = await this.source.readRow().catch(() => undefined);
        reading = false;
        const meanwhile = heard;
        heard = "none";
        lastRead = Date.now();
        if (!row) return settle();
        this.row = row;
        if (row.finished || row.orphaned) return settle();
        const wait = meanwhile === "ended" ? 0 : meanwhile === "events" ? FINISH_READ_MS : LIVENESS_MS;
        readBy(lastRead + wait);
      };
      // At once: the run may have ended between reading its row and watching for its notices.
      readBy(Date.now());
    });
  }

  subscribe(listener: () => void): () => void {
    const remove = this.listeners.add(listener);
    if (!this.stopTail && !this.complete) this.startTail();
    return () => {
      remove();
      if (this.listeners.size === 0) this.stopTailing();
    };
  }

  /** Read what is stored now (a finished run is then complete at once). */
  async load(): Promise<this> {
    await this.refresh();
    return this;
  }

  private startTail(): void {
    const unwatch = this.source.watch(() => this.poke());
    const timer = setInterval(() => this.poke(), POLL_MS);
    timer.unref?.();
    this.stopTail = () => {
      unwatch();
      clearInterval(timer);
    };
    this.poke();
  }

  private stopTailing(): void {
    this.stopTail?.();
    this.stopTail = null;
  }

  private poke(): void {
    if (this.refreshing) {
      this.again = true;
      return;
    }
    this.refreshing = (async () => {
      do {
        this.again = false;
        try {
          await this.refresh();
        } catch (err) {
          this.logger("warn", "run.tail_failed", { run_id: this.run_id, ...publicError(err) });
        }
      } while (this.again && !this.complete);
    })().finally(() => {
      this.refreshing = null;
    });
  }

  private async refresh(): Promise<void> {
    if (this.complete) return;
    const before = this.log.length;
    this.append(await this.source.readEvents(this.lastSeq()));
    if (!this.complete && (this.row.finished || this.row.orphaned || Date.now() - this.lastRowCheck >= LIVENESS_MS)) {
      this.lastRowCheck = Date.now();
      const row = await this.source.readRow();
      if (row?.orphaned) await this.source.settleOrphans();
      if (row) this.row = row;
      if (!row || row.orphaned || (row.finished && (row.finishedMsAgo ?? 0) > END_GRACE_MS)) {
        // Whatever is stored now is all there will be (a settled orphan ends with its `error` and `end`).
        this.append(await this.source.readEvents(this.lastSeq()));
        if (!this.complete) {
          this.log.push({ id: this.lastSeq() + 1, event: "end" });
          this.complete = true;
        }
      }
    }
    if (this.log.length !== before || this.complete) this.listeners.notify();
    if (this.complete) this.stopTailing();
  }

  private lastSeq(): number {
    return this.log.at(-1)?.id ?? -1;
  }

  private append(events: SseEvent[]): void {
    for (const e of events) {
      if (this.complete) return;
      this.log.push(e);
      if (e.event === "end") this.complete = true;
    }
  }
}
