/**
 * The official SDK Client against the API (continued): one run per thread, cancel, reconnect/join,
 * disconnect policies, multitask strategies and error cases.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { Client } from "@langchain/langgraph-sdk";
import {
  API_URL,
  collect,
  inProcessFetch,
  messagesOf,
  waitFor,
  type Msg,
  type Part,
  type ScriptedModel,
  startTestApi,
  type TestApi,
} from "@/test/support/api";
import { RunManager } from "./runs";
import type { AgentRuntime } from "./types";

let client: Client;
let runtime: AgentRuntime;
let model: ScriptedModel;

let harness: TestApi;
beforeAll(() => {
  harness = startTestApi();
  ({ runtime, model, client } = harness);
});
afterAll(() => harness.stop());

/** A thread whose run waits on the scripted model's "slow" reply: the run's id and its stream, read to the end. */
async function startSlowRun(): Promise<{ thread: { thread_id: string }; runId: string; first: Promise<Part[]> }> {
  const thread = await client.threads.create();
  let runId = "";
  const first = collect(
    client.runs.stream(thread.thread_id, "lead_agent", {
      input: { messages: [{ type: "human", content: "slow please" }] },
      onDisconnect: "continue",
      onRunCreated: (m) => {
        runId = m.run_id;
      },
    }),
  ).catch(() => []);
  await model.slowStarted();
  return { thread, runId, first };
}

describe("one run per thread, cancel, reconnect", () => {
  test("a second run on a busy thread is refused with 409; cancel frees it", async () => {
    const thread = await client.threads.create();
    let runId = "";
    const controller = new AbortController();
    const first = collect(
      client.runs.stream(thread.thread_id, "lead_agent", {
        input: { messages: [{ type: "human", content: "slow please" }] },
        onDisconnect: "continue",
        signal: controller.signal,
        onRunCreated: (m) => {
          runId = m.run_id;
        },
      }),
    ).catch(() => []);
    await model.slowStarted();
    expect((await client.threads.get(thread.thread_id)).status).toBe("busy");
    const second = collect(
      client.runs.stream(thread.thread_id, "lead_agent", { input: { messages: [{ type: "human", content: "hi" }] } }),
    );
    await expect(second).rejects.toMatchObject({ status: 409 });
    await expect(second).rejects.toThrow(/is busy: run .* is still in progress/);

    await client.runs.cancel(thread.thread_id, runId, true);
    expect((await client.runs.get(thread.thread_id, runId)).status).toBe("interrupted");
    const parts = await first;
    expect(parts.at(-1)?.event).toBe("end");
    expect((await client.threads.get(thread.thread_id)).status).not.toBe("busy");

    // The thread is usable again and not corrupted.
    const after = await collect(
      client.runs.stream(thread.thread_id, "lead_agent", { input: { messages: [{ type: "human", content: "hi" }] } }),
    );
    expect(messagesOf(after.filter((p) => p.event === "values").at(-1)?.data).at(-1)?.content).toBe(
      "Hello there, friend.",
    );
  });

  test("reading or patching a busy thread asks once whether its run is in progress", async () => {
    const { thread, runId, first } = await startSlowRun();
    const asked = vi.spyOn(RunManager.prototype, "busyThreads");
    try {
      expect((await client.threads.get(thread.thread_id)).status).toBe("busy");
      expect(asked).toHaveBeenCalledTimes(1);
      const patched = await client.threads.update(thread.thread_id, { metadata: { seen: true } });
      expect(patched).toMatchObject({ status: "busy", metadata: { seen: true } });
      expect(asked).toHaveBeenCalledTimes(2);
    } finally {
      asked.mockRestore();
    }
    await client.runs.cancel(thread.thread_id, runId, true);
    await first;
    expect((await client.threads.get(thread.thread_id)).status).not.toBe("busy");
  });

  test("a client that disconnects with on_disconnect=continue can rejoin and replay from Last-Event-ID", async () => {
    const thread = await client.threads.create();
    let runId = "";
    const controller = new AbortController();
    const seen: Part[] = [];
    try {
      for await (const p of client.runs.stream(thread.thread_id, "lead_agent", {
        input: { messages: [{ type: "human", content: "slow reconnect" }] },
        streamMode: ["values", "messages-tuple"],
        streamResumable: true,
        onDisconnect: "continue",
        signal: controller.signal,
        onRunCreated: (m) => {
          runId = m.run_id;
        },
      })) {
        seen.push({ event: p.event, data: p.data });
        if (p.event === "values") break; // the "reload"
      }
    } catch {
      // aborting is fine
    }
    controller.abort();
    expect(seen.map((p) => p.event)).toEqual(["metadata", "values"]);
    await model.slowStarted();
    expect((await client.runs.get(thread.thread_id, runId)).status).toBe("running");

    model.releaseSlow();
    const replay = await collect(client.runs.joinStream(thread.thread_id, runId, { lastEventId: "-1" }));
    expect(replay[0].event).toBe("metadata");
    expect(replay.at(-1)?.event).toBe("end");
    expect(replay.map((p) => p.id)).toEqual(replay.map((_, i) => String(i)));
    const text = replay
      .filter((p) => p.event === "messages")
      .map((p) => String((p.data as [Msg])[0].content))
      .join("");
    expect(text).toBe("Finally done.");

    const tail = await collect(client.runs.joinStream(thread.thread_id, runId, { lastEventId: "1" }));
    expect(tail[0].id).toBe("2");
    expect(tail.length).toBe(replay.length - 2);
    expect((await client.runs.get(thread.thread_id, runId)).status).toBe("success");
  });

  test("on_disconnect=cancel (the default) cancels the run when the client goes away", async () => {
    const thread = await client.threads.create();
    let runId = "";
    const controller = new AbortController();
    for await (const p of client.runs.stream(thread.thread_id, "lead_agent", {
      input: { messages: [{ type: "human", content: "slow cancel" }] },
      signal: controller.signal,
      onRunCreated: (m) => {
        runId = m.run_id;
      },
    })) {
      if (p.event === "values") break;
    }
    controller.abort(); // what useStream's stop() does: the connection closes
    await waitFor(
      async () => (await client.runs.get(thread.thread_id, runId)).status === "interrupted",
      5000,
      "run cancelled",
    );
    expect((await client.threads.get(thread.thread_id)).status).not.toBe("busy");
  });

  test("multitask_strategy interrupt cancels the active run and starts the new one", async () => {
    const thread = await client.threads.create();
    let firstId = "";
    const first = collect(
      client.runs.stream(thread.thread_id, "lead_agent", {
        input: { messages: [{ type: "human", content: "slow first" }] },
        onDisconnect: "continue",
        onRunCreated: (m) => {
          firstId = m.run_id;
        },
      }),
    );
    await model.slowStarted();
    const second = await collect(
      client.runs.stream(thread.thread_id, "lead_agent", {
        input: { messages: [{ type: "human", content: "hi again" }] },
        multitaskStrategy: "interrupt",
      }),
    );
    expect(second.at(-1)?.event).toBe("end");
    expect((await client.runs.get(thread.thread_id, firstId)).status).toBe("interrupted");
    await first;
    const final = messagesOf((await client.threads.getState(thread.thread_id)).values);
    expect(final.at(-1)?.content).toBe("Hello there, friend.");
  });
});

describe("errors", () => {
  test("a failing model surfaces as an SSE error event and an error thread status", async () => {
    const thread = await client.threads.create();
    const parts = await collect(
      client.runs.stream(thread.thread_id, "lead_agent", { input: { messages: [{ type: "human", content: "boom" }] } }),
    );
    const err = parts.find((p) => p.event === "error")?.data as { error: string; message: string };
    expect(err.error).toBeTruthy();
    expect(err.message).toMatch(/upstream exploded|500/);
    expect(JSON.stringify(err)).not.toMatch(/\n\s+at /);
    expect(parts.at(-1)?.event).toBe("end");
    expect((await client.threads.get(thread.thread_id)).status).toBe("error");
  });

  test("unknown thread, run and assistant are 404; bad bodies are 400 naming the field", async () => {
    await expect(client.threads.get("no-such-thread")).rejects.toMatchObject({ status: 404 });
    await expect(client.threads.getState("no-such-thread")).rejects.toMatchObject({ status: 404 });
    const thread = await client.threads.create();
    await expect(client.runs.get(thread.thread_id, "no-such-run")).rejects.toMatchObject({ status: 404 });
    await expect(collect(client.runs.stream("no-such-thread", "lead_agent", { input: {} }))).rejects.toMatchObject({
      status: 404,
    });
    await expect(collect(client.runs.stream(thread.thread_id, "nobody", { input: {} }))).rejects.toMatchObject({
      status: 404,
    });
    const bad = collect(
      client.runs.stream(thread.thread_id, "lead_agent", { input: {}, streamMode: ["bogus" as never] }),
    );
    await expect(bad).rejects.toMatchObject({ status: 400 });
    await expect(bad).rejects.toThrow(/body\.stream_mode/);
    await expect(client.threads.search({ limit: -1 })).rejects.toThrow(/body\.limit/);
  });

  test("if_not_exists=create runs on a new thread", async () => {
    const parts = await collect(
      client.runs.stream("fresh-thread-1", "lead_agent", {
        input: { messages: [{ type: "human", content: "hi" }] },
        ifNotExists: "create",
      }),
    );
    expect(parts.at(-1)?.event).toBe("end");
    expect((await client.threads.get("fresh-thread-1")).metadata?.graph_id).toBe("lead_agent");
  });

  test("deleting a thread removes it and its checkpoints", async () => {
    const thread = await client.threads.create();
    await collect(
      client.runs.stream(thread.thread_id, "lead_agent", { input: { messages: [{ type: "human", content: "hi" }] } }),
    );
    await client.threads.delete(thread.thread_id);
    await expect(client.threads.get(thread.thread_id)).rejects.toMatchObject({ status: 404 });
    const snapshot = await runtime.graph.getState({ configurable: { thread_id: thread.thread_id } });
    expect(snapshot.values).toEqual({});
  });
});

describe("joining with cancel_on_disconnect", () => {
  /** Joins the run's stream with cancel_on_disconnect=true, reads its first bytes, then drops the connection. */
  async function joinAndDrop(threadId: string, runId: string, headers: Record<string, string>): Promise<void> {
    const controller = new AbortController();
    const res = await inProcessFetch(harness.api)(
      `${API_URL}/threads/${threadId}/runs/${runId}/stream?cancel_on_disconnect=true`,
      { headers, signal: controller.signal },
    );
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.cancel().catch(() => {});
  }

  test("a join the browser marks cross-site (an <img> on another site) may watch, not stop the run", async () => {
    const { thread, runId, first } = await startSlowRun();
    await joinAndDrop(thread.thread_id, runId, { "sec-fetch-site": "cross-site" });
    await new Promise((r) => setTimeout(r, 100));
    expect((await client.runs.get(thread.thread_id, runId)).status).toBe("running");

    // The same join from the app's own page stops it, as the SDK's option asks.
    await joinAndDrop(thread.thread_id, runId, { "sec-fetch-site": "same-origin" });
    await waitFor(
      async () => (await client.runs.get(thread.thread_id, runId)).status === "interrupted",
      5000,
      "the run to be interrupted",
    );
    await first;
  });
});
