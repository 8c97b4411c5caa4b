/**
 * Server-sent events for runs: framing (LANGGRAPH_API.md §2) and a reader over a run's buffered event log,
 * so the first response, a reconnect and a late join all replay from any point and then tail live.
 */

export interface SseEvent {
  /** Per-run counter 0,1,2… sent as `id:`; a reconnect sends it back as `Last-Event-ID`. */
  id: number;
  event: string;
  /** Serialized one-line JSON; undefined sends no `data:` line (an empty one makes SDK 2.x throw). */
  data?: string;
}

/** An append-only event log that readers subscribe to. */
export interface EventLog {
  readonly events: readonly SseEvent[];
  readonly done: boolean;
  /** Called after each append and once when the log completes; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export const SSE_HEADERS: Record<string, string> = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

export function formatSseEvent(e: SseEvent): string {
  let out = `event: ${e.event}\n`;
  if (e.data !== undefined) out += `data: ${e.data}\n`;
  out += `id: ${e.id}\n\n`;
  return out;
}

export const HEARTBEAT = ": heartbeat\n\n";

export interface ReadLogOptions {
  /** Send events with id greater than this; -1 replays from the first event. */
  afterId: number;
  /** Keep only events this returns true for (join with `stream_mode`). */
  filter?: (e: SseEvent) => boolean;
  /** Comment lines at this interval keep proxies and the SDK's idle watchdog satisfied; 0 disables. */
  heartbeatMs: number;
  /** The client went away before the log completed. */
  onDisconnect?: () => void;
}

/** A byte stream of the log's events after `afterId`, closing once the log is done and drained. */
export function readEventLog(log: EventLog, opts: ReadLogOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // Events are appended in id order, so the next index is the first with id > afterId.
      let next = log.events.findIndex((e) => e.id > opts.afterId);
      if (next < 0) next = log.events.length;
      let closed = false;
      let unsubscribe = () => {};
      let timer: ReturnType<typeof setInterval> | undefined;
      cleanup = () => {
        closed = true;
        unsubscribe();
        if (timer) clearInterval(timer);
      };
      const pump = () => {
        if (closed) return;
        try {
          while (next < log.events.length) {
            const e = log.events[next++];
            if (!opts.filter || opts.filter(e)) controller.enqueue(encoder.encode(formatSseEvent(e)));
          }
          if (log.done) {
            cleanup();
            controller.close();
          }
        } catch {
          // The consumer is gone (enqueue on a cancelled stream); cancel() does the rest.
          cleanup();
        }
      };
      unsubscribe = log.subscribe(pump);
      if (opts.heartbeatMs > 0) {
        timer = setInterval(() => {
          if (closed) return;
          try {
            controller.enqueue(encoder.encode(HEARTBEAT));
          } catch {
            cleanup();
          }
        }, opts.heartbeatMs);
        timer.unref?.();
      }
      pump();
    },
    cancel() {
      const wasDone = log.done;
      cleanup();
      if (!wasDone) opts.onDisconnect?.();
    },
  });
}

/** Parse `Last-Event-ID`: absent or `-1` replays everything; an unparsable id also replays (better twice than never). */
export function parseLastEventId(header: string | null): number {
  if (header == null || header.trim() === "") return -1;
  const n = Number(header.trim());
  return Number.isInteger(n) && n >= -1 ? n : -1;
}
