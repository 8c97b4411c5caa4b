/**
 * Measures tool-call durations on the client: from the moment a call is first seen in the stream to
 * the moment its result is. Calls first seen in a loaded thread (not streaming) were not watched, so
 * their duration is unknown rather than a misleading zero.
 */
export class CallClock {
  private readonly started = new Map<string, number | null>();
  private readonly ended = new Map<string, number>();

  /** Record calls and results as they appear; only the first sighting counts. */
  observe(callIds: Iterable<string>, resultIds: Iterable<string>, now: number, live: boolean): void {
    const firstSeenNow = new Set<string>();
    for (const id of callIds) {
      if (this.started.has(id)) continue;
      this.started.set(id, live ? now : null);
      firstSeenNow.add(id);
    }
    for (const id of resultIds) {
      // A call whose result arrives with it was never seen running: its duration is unknown, not 0 ms.
      if (!this.started.has(id) || firstSeenNow.has(id)) this.started.set(id, null);
      if (!this.ended.has(id)) this.ended.set(id, now);
    }
  }

  /** Milliseconds so far (running) or in total (finished); null when the call was not watched live. */
  elapsed(id: string, now: number): { ms: number; finished: boolean } | null {
    const start = this.started.get(id);
    if (start == null) return null;
    const end = this.ended.get(id);
    return end === undefined ? { ms: now - start, finished: false } : { ms: end - start, finished: true };
  }
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${minutes}m ${String(seconds).padStart(2, "0")}s`;
}
