/**
 * One run: its public fields, its buffered SSE event log (for replay on reconnect/join), its abort controller
 * and a promise that settles when it has finished and released its thread.
 */
import { serialize } from "./serialize";
import type { RunHandle } from "./run-book";
import { RunListeners } from "./run-listeners";
import type { SseEvent } from "./sse";
import type { Logger, MultitaskStrategy, Run, RunStatus } from "./types";

export type CancelAction = "interrupt" | "rollback";

/** Where a run's events and status changes go besides its in-memory log (a shared database), in order. */
export interface RunJournal {
  event(e: SseEvent): void;
  status(status: RunStatus, updatedAt: string): void;
}

export interface RunRecordInit {
  run_id: string;
  thread_id: string;
  assistant_id: string;
  metadata: Record<string, unknown>;
  multitask_strategy: MultitaskStrategy;
  created_at: string;
}

export class RunRecord implements RunHandle {
  readonly run_id: string;
  readonly thread_id: string;
  readonly assistant_id: string;
  readonly metadata: Record<string, unknown>;
  readonly multitask_strategy: MultitaskStrategy;
  readonly created_at: string;
  updated_at: string;
  status: RunStatus = "pending";
  /** Set by the run book when other processes must see this run (join, replay, status). */
  journal: RunJournal | null = null;
  /** Set by cancel(); tells the runner how to settle the thread. */
  cancelAction: CancelAction | null = null;
  readonly controller = new AbortController();
  readonly finished: Promise<void>;

  private readonly log: SseEvent[] = [];
  private isDone = false;
  /** When the run finished (ms since epoch), for retention. */
  finishedAt: number | null = null;
  private readonly listeners: RunListeners;
  private resolveFinished!: () => void;

  constructor(
    init: RunRecordInit,
    private readonly logger: Logger,
  ) {
    this.run_id = init.run_id;
    this.thread_id = init.thread_id;
    this.assistant_id = init.assistant_id;
    this.metadata = init.metadata;
    this.multitask_strategy = init.multitask_strategy;
    this.created_at = init.created_at;
    this.updated_at = init.created_at;
    this.listeners = new RunListeners(init.run_id, logger);
    this.finished = new Promise<void>((resolve) => {
      this.resolveFinished = resolve;
    });
  }

  get events(): readonly SseEvent[] {
    return this.log;
  }

  get done(): boolean {
    return this.isDone;
  }

  subscribe(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  /** Append an event; `data` is serialized now so later state mutation cannot change what replays send. */
  append(event: string, data?: unknown): void {
    if (this.isDone) return;
    let text: string | undefined;
    if (data !== undefined) {
      try {
        text = serialize(data);
      } catch (err) {
        this.logger("warn", "run.event_unserializable", {
          run_id: this.run_id,
          event,
          reason: err instanceof Error ? err.message : String(err),
        });
        return;
      }
    }
    const e: SseEvent = { id: this.log.length, event, data: text };
    this.log.push(e);
    this.journal?.event(e);
    this.listeners.notify();
  }

  setStatus(status: RunStatus, now: Date): void {
    this.status = status;
    this.updated_at = now.toISOString();
    this.journal?.status(status, this.updated_at);
  }

  /** Mark the log complete; readers drain and close. */
  finish(): void {
    if (this.isDone) return;
    this.isDone = true;
    this.finishedAt = Date.now();
    this.listeners.notify();
    this.listeners.clear();
    this.resolveFinished();
  }

  cancel(action: CancelAction): void {
    if (this.isDone) return;
    this.cancelAction ??= action;
    if (action === "rollback") this.cancelAction = "rollback";
    this.controller.abort();
  }

  toRun(): Run {
    return {
      run_id: this.run_id,
      thread_id: this.thread_id,
      assistant_id: this.assistant_id,
      created_at: this.created_at,
      updated_at: this.updated_at,
      status: this.status,
      metadata: this.metadata,
      multitask_strategy: this.multitask_strategy,
    };
  }
}
