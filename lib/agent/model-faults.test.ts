import { afterAll, describe, expect, it } from "vitest";
import { createDemoFetch, type FetchLike } from "@/lib/models/demo/fetch";
import { scriptedFetch } from "@/test/support/model-fetch";
import { ChatRequestSchema, completionChunks } from "@/lib/models/demo/wire";
import { runTurn, type TurnEvent } from "./run-turn";
import { FawnRuntime } from "./runtime";
import { tempConfig } from "@/test/support/config";

/**
 * The model endpoint misbehaving, at the network boundary of the real ChatOpenAI client. Each fault
 * ends the run with a clear error or a recovered turn; the saved thread stays valid and the next turn works.
 */
let current: FetchLike = createDemoFetch();
const switchable: FetchLike = (input, init) => current(input, init);
const rt = new FawnRuntime({ ...tempConfig({ servers: {} }), models: { fetch: switchable } });
afterAll(() => rt.close());

async function turn(threadId: string, message: string) {
  const events: TurnEvent[] = [];
  const { ok } = await runTurn(await rt.get(), { message, threadId }, (e) => events.push(e));
  return { ok, events, error: events.find((e) => e.type === "error") as { message: string } | undefined };
}

async function expectThreadStillWorks(threadId: string, messagesBefore: number) {
  current = createDemoFetch();
  const state = await (await rt.get()).graph.getState({ configurable: { thread_id: threadId } });
  const msgs = (state.values as { messages?: unknown[] }).messages ?? [];
  expect(msgs.length).toBeGreaterThanOrEqual(messagesBefore);
  const next = await turn(threadId, "hello again");
  expect(next.ok).toBe(true);
  expect(next.events.at(-1)).toMatchObject({ type: "done" });
}

const status =
  (code: number, body: unknown, headers: Record<string, string> = {}): FetchLike =>
  async () =>
    new Response(JSON.stringify(body), { status: code, headers: { "content-type": "application/json", ...headers } });

describe("model endpoint faults", () => {
  it("connection refused", async () => {
    current = async () => {
      throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
    };
    const r = await turn("f-refused", "hello");
    expect(r.ok).toBe(false);
    expect(r.error?.message).toMatch(/connection|fetch failed/i);
    await expectThreadStillWorks("f-refused", 0);
  });

  it("HTTP 500", async () => {
    current = status(500, { error: { message: "upstream exploded", type: "server_error" } });
    const r = await turn("f-500", "hello");
    expect(r.ok).toBe(false);
    expect(r.error?.message).toMatch(/500|upstream exploded/);
    await expectThreadStillWorks("f-500", 0);
  });

  it("HTTP 429 with retry-after", async () => {
    current = status(429, { error: { message: "Rate limit reached", type: "rate_limit" } }, { "retry-after": "1" });
    const r = await turn("f-429", "hello");
    expect(r.ok).toBe(false);
    expect(r.error?.message).toMatch(/429|rate limit/i);
    await expectThreadStillWorks("f-429", 0);
  });

  it("a stream cut mid-answer", async () => {
    current = async (_input, init) => {
      const req = ChatRequestSchema.parse(JSON.parse(String(init?.body)));
      const chunks = completionChunks(req, {
        content: "This answer will be cut off before it ends, sadly.",
        toolCalls: [],
      }).slice(0, 4);
      const enc = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const c of chunks) controller.enqueue(enc.encode(c));
          controller.error(new Error("socket hang up"));
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    };
    const r = await turn("f-cut", "hello");
    expect(r.ok).toBe(false);
    expect(r.error?.message).toMatch(/socket hang up|terminated|aborted/i);
    await expectThreadStillWorks("f-cut", 0);
  });

  it("a tool call with invalid JSON arguments is recovered from", async () => {
    current = async (_input, init) => {
      const req = ChatRequestSchema.parse(JSON.parse(String(init?.body)));
      const body = completionChunks(req, { content: "", toolCalls: [{ name: "ask_clarification", args: {} }] })
        .join("")
        .replace('"arguments":"{}"', '"arguments":"{\\"question\\": oops"');
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    };
    const r = await turn("f-badjson", "hello");
    // Either the run ends cleanly (the malformed call is dropped as invalid) or with a clear error; never a crash.
    if (!r.ok) expect(r.error?.message).toBeTruthy();
    expect(
      r.events.some((e) => e.type === "tool_result" && e.name === "ask_clarification" && e.status === "success"),
    ).toBe(false);
    await expectThreadStillWorks("f-badjson", 1);
  });

  it("a tool call to a tool that does not exist gets an error result and the run goes on", async () => {
    current = scriptedFetch([
      { content: "", toolCalls: [{ name: "no_such_tool", args: { x: 1 } }] },
      { content: "Sorry, that tool does not exist.", toolCalls: [] },
    ]);
    const r = await turn("f-unknown", "hello");
    expect(r.ok).toBe(true);
    const result = r.events.find((e) => e.type === "tool_result") as { status: string; content: string } | undefined;
    expect(result?.status).toBe("error");
    expect(result?.content).toMatch(/no_such_tool/);
    await expectThreadStillWorks("f-unknown", 4);
  });
});
