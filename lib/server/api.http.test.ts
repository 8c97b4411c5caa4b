/**
 * The API at the HTTP level (raw Requests): SSE framing and headers, join filters, background runs, cancel,
 * rollback, forks, adopted threads. Guards are in api.guards.test.ts; SDK-level behaviour in api.sdk*.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LangGraphApi } from "./api";
import { apiRequest, callApi, waitFor, type ScriptedModel, startTestApi, type TestApi } from "@/test/support/api";
import type { AgentRuntime, LogLevel } from "./types";

let runtime: AgentRuntime;
let model: ScriptedModel;
let api: LangGraphApi;
const logs: Array<{ level: LogLevel; event: string; fields?: Record<string, unknown> }> = [];

const req = apiRequest;
const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  callApi(api, method, path, body, headers);

async function newThread(): Promise<string> {
  return (await call("POST", "/threads", {})).json!.thread_id as string;
}

const human = (content: string) => ({ messages: [{ type: "human", content }] });

let harness: TestApi;
beforeAll(() => {
  harness = startTestApi({
    logger: (level, event, fields) => logs.push({ level, event, fields }),
    corsOrigins: ["https://chat.example"],
    heartbeatMs: 20,
    maxBodyBytes: 4096,
  });
  ({ api, runtime, model } = harness);
});
afterAll(() => harness.stop());

describe("SSE framing", () => {
  test("headers, event/data/id lines, end without data", async () => {
    const tid = await newThread();
    const res = await api.handle(
      req("POST", `/threads/${tid}/runs/stream`, { assistant_id: "lead_agent", input: human("hi") }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("cache-control")).toMatch(/no-cache/);
    const loc = res.headers.get("content-location")!;
    expect(loc).toMatch(new RegExp(`^/threads/${tid}/runs/[0-9a-f-]{36}$`));
    expect(res.headers.get("location")).toBe(`${loc}/stream`);
    const text = await res.text();
    const blocks = text.split("\n\n").filter(Boolean);
    expect(blocks[0]).toMatch(/^event: metadata\ndata: \{"run_id":"[0-9a-f-]+","attempt":1\}\nid: 0$/);
    expect(blocks.filter((b) => !b.startsWith(":")).at(-1)).toMatch(/^event: end\nid: \d+$/);
    for (const b of blocks.filter((x) => x.startsWith("event: values"))) {
      const data = b.split("\n")[1];
      expect(data.startsWith("data: ")).toBe(true);
      expect(JSON.parse(data.slice(6)).messages[0]).toMatchObject({ type: "human", content: "hi" });
    }
  });

  test("heartbeats keep a quiet stream alive without breaking the framing", async () => {
    const tid = await newThread();
    const res = await api.handle(
      req("POST", `/threads/${tid}/runs/stream`, {
        assistant_id: "lead_agent",
        input: human("slow beat"),
        on_disconnect: "continue",
      }),
    );
    await model.slowStarted();
    await new Promise((r) => setTimeout(r, 70));
    model.releaseSlow();
    const text = await res.text();
    expect(text).toContain(": heartbeat\n\n");
    expect(text.trimEnd().endsWith("event: end\nid: " + (text.match(/^id: /gm)!.length - 1))).toBe(true);
  });
});

describe("runs over HTTP", () => {
  test("background run, list, join returns final values", async () => {
    const tid = await newThread();
    const created = await call("POST", `/threads/${tid}/runs`, { assistant_id: "lead_agent", input: human("hi") });
    expect(created.status).toBe(200);
    const runId = created.json!.run_id as string;
    expect(created.res.headers.get("content-location")).toBe(`/threads/${tid}/runs/${runId}`);
    const joined = await call("GET", `/threads/${tid}/runs/${runId}/join`);
    expect((joined.json!.messages as unknown[]).length).toBe(2);
    const list = await call("GET", `/threads/${tid}/runs`);
    expect((list.json as unknown as Array<{ run_id: string }>)[0].run_id).toBe(runId);
  });

  test("join-stream without Last-Event-ID replays everything; stream_mode filters", async () => {
    const tid = await newThread();
    const created = await call("POST", `/threads/${tid}/runs`, {
      assistant_id: "lead_agent",
      input: human("weather"),
      stream_mode: ["values", "messages-tuple", "updates"],
    });
    const runId = created.json!.run_id as string;
    await call("GET", `/threads/${tid}/runs/${runId}/join`);
    const all = await (await api.handle(req("GET", `/threads/${tid}/runs/${runId}/stream`))).text();
    expect(all.startsWith("event: metadata\n")).toBe(true);
    const filtered = await (
      await api.handle(
        req("GET", `/threads/${tid}/runs/${runId}/stream?stream_mode=updates`, undefined, { "last-event-id": "-1" }),
      )
    ).text();
    const events = [...filtered.matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
    expect(new Set(events)).toEqual(new Set(["metadata", "updates", "end"]));
  });

  test("cancel without wait answers 202; a cancelled stream's body closes with end", async () => {
    const tid = await newThread();
    const res = await api.handle(
      req("POST", `/threads/${tid}/runs/stream`, {
        assistant_id: "lead_agent",
        input: human("slow c"),
        on_disconnect: "continue",
      }),
    );
    await model.slowStarted();
    const runPath = res.headers.get("content-location")!;
    const cancel = await call("POST", `${runPath}/cancel?wait=0&action=interrupt`);
    expect(cancel.status).toBe(202);
    expect(cancel.text).toBe("");
    expect(await res.text()).toMatch(/event: end\nid: \d+\n\n$/);
    expect((await call("GET", runPath)).json!.status).toBe("interrupted");
  });

  test("cancelling the response body cancels the run unless on_disconnect=continue", async () => {
    const tid = await newThread();
    const res = await api.handle(
      req("POST", `/threads/${tid}/runs/stream`, { assistant_id: "lead_agent", input: human("slow d") }),
    );
    await model.slowStarted();
    await res.body!.cancel();
    const runPath = res.headers.get("content-location")!;
    await waitFor(async () => (await call("GET", runPath)).json!.status === "interrupted", 5000, "cancelled run");
    expect((await call("GET", `/threads/${tid}`)).json!.status).not.toBe("busy");
  });

  test("multitask rollback restores the thread head from before the cancelled run", async () => {
    const tid = await newThread();
    await (
      await api.handle(req("POST", `/threads/${tid}/runs/stream`, { assistant_id: "lead_agent", input: human("hi") }))
    ).text();
    const before = (await call("GET", `/threads/${tid}/state`)).json!;
    const slow = await api.handle(
      req("POST", `/threads/${tid}/runs/stream`, {
        assistant_id: "lead_agent",
        input: human("slow r"),
        on_disconnect: "continue",
      }),
    );
    await model.slowStarted();
    const second = await api.handle(
      req("POST", `/threads/${tid}/runs/stream`, {
        assistant_id: "lead_agent",
        input: human("hi 2"),
        multitask_strategy: "rollback",
      }),
    );
    await second.text();
    await slow.text();
    const values = (await call("GET", `/threads/${tid}/state`)).json!.values as {
      messages: Array<{ content: string }>;
    };
    const contents = values.messages.map((m) => m.content);
    expect(contents).not.toContain("slow r");
    expect(contents.slice(0, 2)).toEqual(
      (before.values as { messages: Array<{ content: string }> }).messages.map((m) => m.content),
    );
    expect(contents.slice(2)).toEqual(["hi 2", "Hello there, friend."]);
  });

  test("a state update during a run is refused with 409", async () => {
    const tid = await newThread();
    const res = await api.handle(
      req("POST", `/threads/${tid}/runs/stream`, {
        assistant_id: "lead_agent",
        input: human("slow u"),
        on_disconnect: "continue",
      }),
    );
    await model.slowStarted();
    const upd = await call("POST", `/threads/${tid}/state`, { values: { messages: [] } });
    expect(upd.status).toBe(409);
    model.releaseSlow();
    await res.text();
  });
});

describe("threads and state over HTTP", () => {
  test("a fresh thread has an empty state; PATCH merges metadata; state by checkpoint id", async () => {
    const tid = await newThread();
    const empty = await call("GET", `/threads/${tid}/state`);
    expect(empty.json).toMatchObject({ checkpoint: null, values: {}, next: [], tasks: [] });
    expect((await call("POST", `/threads/${tid}/history`, {})).json).toEqual([]);
    const patched = await call("PATCH", `/threads/${tid}`, { metadata: { title: "T" } });
    expect(patched.json!.metadata).toEqual({ title: "T" });
    await (
      await api.handle(req("POST", `/threads/${tid}/runs/stream`, { assistant_id: "lead_agent", input: human("hi") }))
    ).text();
    const head = (await call("GET", `/threads/${tid}/state`)).json!;
    const parentId = (head.parent_checkpoint as { checkpoint_id: string }).checkpoint_id;
    const atParent = await call("GET", `/threads/${tid}/state/${parentId}`);
    expect((atParent.json!.checkpoint as { checkpoint_id: string }).checkpoint_id).toBe(parentId);
    const viaPost = await call("POST", `/threads/${tid}/state/checkpoint`, { checkpoint: { checkpoint_id: parentId } });
    expect((viaPost.json!.checkpoint as { checkpoint_id: string }).checkpoint_id).toBe(parentId);
    const older = await call("POST", `/threads/${tid}/history`, { limit: 5, before: parentId });
    expect(
      (older.json as unknown as Array<{ checkpoint: { checkpoint_id: string } }>).every(
        (s) => s.checkpoint.checkpoint_id < parentId,
      ),
    ).toBe(true);
  });

  test("a fork from an earlier checkpoint regenerates from there", async () => {
    const tid = await newThread();
    await (
      await api.handle(req("POST", `/threads/${tid}/runs/stream`, { assistant_id: "lead_agent", input: human("hi") }))
    ).text();
    const head = (await call("GET", `/threads/${tid}/state`)).json!;
    const parent = head.parent_checkpoint as { checkpoint_id: string };
    // Agent Chat UI "regenerate": no input, checkpoint = parent of the answer.
    const res = await api.handle(
      req("POST", `/threads/${tid}/runs/stream`, {
        assistant_id: "lead_agent",
        checkpoint: { ...parent, checkpoint_map: null },
      }),
    );
    expect(await res.text()).not.toContain("event: error");
    const after = (await call("GET", `/threads/${tid}/state`)).json!;
    expect((after.values as { messages: unknown[] }).messages).toHaveLength(2);
    // LangGraph first copies the older checkpoint as a "fork" child of it, then runs from the copy.
    type Snap = {
      checkpoint: { checkpoint_id: string };
      parent_checkpoint: { checkpoint_id: string } | null;
      metadata: { source?: string };
    };
    const history = (await call("POST", `/threads/${tid}/history`, { limit: 10 })).json as unknown as Snap[];
    const fork = history.find((s) => s.metadata.source === "fork");
    expect(fork?.parent_checkpoint?.checkpoint_id).toBe(parent.checkpoint_id);
    expect(history[0].checkpoint.checkpoint_id).toBe((after.checkpoint as { checkpoint_id: string }).checkpoint_id);
  });
});

describe("threads started outside the API", () => {
  test("a thread with checkpoints but no record (the CLI) is adopted on first access", async () => {
    const tid = "cli-thread-1";
    const stream = await runtime.graph.stream(human("hi from cli"), {
      configurable: { thread_id: tid },
      streamMode: "values",
    });
    for await (const _ of stream) {
      // drain
    }
    const got = await call("GET", `/threads/${tid}`);
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ thread_id: tid, status: "idle", metadata: { graph_id: "lead_agent" } });
    expect((got.json!.values as { messages: unknown[] }).messages.length).toBe(2);
    const listed = await call("POST", "/threads/search", { ids: [tid] });
    expect((listed.json as unknown as unknown[]).length).toBe(1);
    expect((await call("GET", "/threads/never-existed")).status).toBe(404);
  });
});
