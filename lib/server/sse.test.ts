import { describe, expect, test } from "vitest";
import { formatSseEvent, parseLastEventId, readEventLog, type EventLog, type SseEvent } from "./sse";

class TestLog implements EventLog {
  events: SseEvent[] = [];
  done = false;
  private listeners = new Set<() => void>();
  subscribe(l: () => void) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  push(event: string, data?: unknown) {
    this.events.push({ id: this.events.length, event, data: data === undefined ? undefined : JSON.stringify(data) });
    for (const l of this.listeners) l();
  }
  finish() {
    this.done = true;
    for (const l of this.listeners) l();
  }
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("sse", () => {
  test("framing: event, data, id; no data line when there is no data", () => {
    expect(formatSseEvent({ id: 3, event: "values", data: '{"a":1}' })).toBe('event: values\ndata: {"a":1}\nid: 3\n\n');
    expect(formatSseEvent({ id: 4, event: "end" })).toBe("event: end\nid: 4\n\n");
  });

  test("Last-Event-ID: absent or -1 replays all; garbage replays all", () => {
    expect(parseLastEventId(null)).toBe(-1);
    expect(parseLastEventId("-1")).toBe(-1);
    expect(parseLastEventId(" 7 ")).toBe(7);
    expect(parseLastEventId("abc")).toBe(-1);
  });

  test("replays after an id, tails live events, closes when done", async () => {
    const log = new TestLog();
    log.push("metadata", { run_id: "r" });
    log.push("values", { n: 1 });
    const reading = readAll(readEventLog(log, { afterId: 0, heartbeatMs: 0 }));
    log.push("values", { n: 2 });
    log.push("end");
    log.finish();
    const text = await reading;
    expect(text).toBe(
      'event: values\ndata: {"n":1}\nid: 1\n\nevent: values\ndata: {"n":2}\nid: 2\n\nevent: end\nid: 3\n\n',
    );
  });

  test("a filter drops events; a finished log drains and closes at once", async () => {
    const log = new TestLog();
    log.push("metadata", {});
    log.push("updates", { a: 1 });
    log.push("values", {});
    log.push("end");
    log.finish();
    const text = await readAll(readEventLog(log, { afterId: -1, heartbeatMs: 0, filter: (e) => e.event !== "values" }));
    expect([...text.matchAll(/^event: (.+)$/gm)].map((m) => m[1])).toEqual(["metadata", "updates", "end"]);
  });

  test("cancel before the end reports a disconnect; heartbeats are comments", async () => {
    const log = new TestLog();
    let disconnected = 0;
    const stream = readEventLog(log, { afterId: -1, heartbeatMs: 5, onDisconnect: () => disconnected++ });
    const reader = stream.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(": heartbeat\n\n");
    await reader.cancel();
    expect(disconnected).toBe(1);

    const done = new TestLog();
    done.finish();
    let after = 0;
    const s2 = readEventLog(done, { afterId: -1, heartbeatMs: 0, onDisconnect: () => after++ });
    await s2.cancel();
    expect(after).toBe(0);
  });
});
