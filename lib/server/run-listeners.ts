import type { Logger } from "./types";

/**
 * Who is waiting on a run's changes (new events, its end), for a run executed here (RunRecord) or elsewhere
 * (RemoteRun). Every listener is called on each change; one that throws is logged and the rest still run.
 */
export class RunListeners {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly runId: string,
    private readonly logger: Logger,
  ) {}

  get size(): number {
    return this.listeners.size;
  }

  /** Add a listener; returns the function that removes it. */
  add(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  clear(): void {
    this.listeners.clear();
  }

  notify(): void {
    for (const l of [...this.listeners]) {
      try {
        l();
      } catch (err) {
        this.logger("warn", "run.listener_failed", { run_id: this.runId, reason: String(err) });
      }
    }
  }
}
