/**
 * The API driven by the official `@langchain/langgraph-sdk` Client (in-process fetch), against a real
 * createAgent graph and a real SQLite checkpointer; only the model endpoint is scripted.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Client } from "@langchain/langgraph-sdk";
import { createLangGraphApi, type LangGraphApi } from "./api";
import { assistantIdFor } from "./assistant";
import { buildTestRuntime, sdkClient, silentLogger, waitFor, type ScriptedModel } from "./test-support";
import type { AgentRuntime } from "./types";

interface Part {
  event: string;
  data: unknown;
  id?: string;
}

async function collect(stream: AsyncIterable<{ event: string; data: unknown; id?: string }>): Promise<Part[]> {
  const parts: Part[] = [];
  for await (const p of stream) parts.push({ event: p.event, data: p.data, id: p.id });
  return parts;
}

type Msg = { type: string; id?: string; content?: unknown; tool_calls?: Array<{ name: string; args: unknown }> };
const messagesOf = (values: unknown): Msg[] => ((values as { messages?: Msg[] })?.messages ?? []);

let api: LangGraphApi;
let client: Client;
let runtime: AgentRuntime;
let model: ScriptedModel;

beforeAll(() => {
  const built = buildTestRuntime();
  runtime = built.runtime;
  model = built.model;
  api = createLangGraphApi({ getRuntime: async () => runtime, logger: silentLogger, apiToken: undefined, corsOrigins: [] });
  client = sdkClient(api);
});

afterAll(async () => {
  model.releaseSlow();
  await api.close();
});

describe("assistants and info", () => {
  test("one assistant, addressable by graph id and by UUID", async () => {
    const found = await client.assistants.search({ graphId: "lead_agent" });
    expect(found).toHaveLength(1);
    expect(found[0].assistant_id).toBe(assistantIdFor("lead_agent"));
    expect((await client.assistants.get("lead_agent")).graph_id).toBe("lead_agent");
    expect((await client.assistants.get(found[0].assistant_id)).name).toBe("Fawn");
    expect(await client.assistants.search({ graphId: "other" })).toEqual([]);
    await expect(client.assistants.get("nope")).rejects.toMatchObject({ status: 404 });
  });
});

describe("threads, streaming, state, history, search", () => {
  let threadId: string;
  let runId: string | undefined;
  let parts: Part[];

  beforeAll(async () => {
    const thread = await client.threads.create({ metadata: { owner: "tester" } });
    threadId = thread.thread_id;
    parts = await collect(
      client.runs.stream(threadId, "lead_agent", {
        input: { messages: [{ type: "human", content: "what is the weather?" }] },
        streamMode: ["values", "messages-tuple", "updates", "custom"],
        config: { configurable: { model_name: "scripted" } },
        onRunCreated: (meta) => {
          runId = meta.run_id;
        },
      }),
    );
  });

  test("thread create honours if_exists", async () => {
    const again = await client.threads.create({ threadId, ifExists: "do_nothing" });
    expect(again.thread_id).toBe(threadId);
    await expect(client.threads.create({ threadId, ifExists: "raise" })).rejects.toMatchObject({ status: 409 });
  });

  test("the stream starts with metadata, ends with end, numbers every event and learns the run id", () => {
    expect(parts[0].event).toBe("metadata");
    expect((parts[0].data as { run_id: string }).run_id).toBe(runId);
    expect(parts[parts.length - 1].event).toBe("end");
    expect(parts.map((p) => p.id)).toEqual(parts.map((_, i) => String(i)));
    expect(parts.some((p) => p.event === "error")).toBe(false);
  });

  test("messages-tuple chunks carry ids that match the final values", () => {
    const tuples = parts.filter((p) => p.event === "messages").map((p) => p.data as [Msg, Record<string, unknown>]);
    expect(tuples.length).toBeGreaterThan(3);
    for (const [msg, meta] of tuples) {
      expect(typeof msg.id).toBe("string");
      expect(meta.langgraph_node).toBeDefined();
    }
    const final = messagesOf(parts.filter((p) => p.event === "values").at(-1)?.data);
    expect(final.map((m) => m.type)).toEqual(["human", "ai", "tool", "ai"]);
    const lastAi = final[3];
    const streamed = tuples.filter(([m]) => m.id === lastAi.id).map(([m]) => String(m.content)).join("");
    expect(streamed).toBe("Done: sunny in Paris");
    expect(final[1].tool_calls?.[0]).toMatchObject({ name: "get_weather", args: { city: "Paris" } });
    // Input messages are never streamed as message chunks.
    expect(tuples.some(([m]) => m.type === "human")).toBe(false);
  });

  test("updates name their node and custom events pass through", () => {
    const nodes = parts.filter((p) => p.event === "updates").flatMap((p) => Object.keys(p.data as object));
    expect(nodes).toEqual(expect.arrayContaining(["model_request", "tools"]));
    const custom = parts.filter((p) => p.event === "custom").map((p) => p.data);
    expect(custom).toContainEqual({ progress: "looking up Paris" });
  });

  test("state, run and thread reflect the finished run", async () => {
    const state = await client.threads.getState(threadId);
    expect(messagesOf(state.values)).toHaveLength(4);
    expect(state.next).toEqual([]);
    expect(state.checkpoint?.checkpoint_id).toBeTruthy();
    expect(state.parent_checkpoint?.checkpoint_id).toBeTruthy();
    const run = await client.runs.get(threadId, runId!);
    expect(run.status).toBe("success");
    const thread = await client.threads.get(threadId);
    expect(thread.status).toBe("idle");
    expect(thread.metadata).toMatchObject({ owner: "tester", graph_id: "lead_agent", assistant_id: assistantIdFor("lead_agent") });
    expect(messagesOf(thread.values)).toHaveLength(4);
  });

  test("history is newest first and pages with limit/before", async () => {
    const history = await client.threads.getHistory(threadId, { limit: 3 });
    expect(history).toHaveLength(3);
    const ids = history.map((h) => h.checkpoint!.checkpoint_id);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(history[0].checkpoint?.checkpoint_id).toBe((await client.threads.getState(threadId)).checkpoint?.checkpoint_id);
    const older = await client.threads.getHistory(threadId, {
      limit: 2,
      before: { configurable: { checkpoint_id: ids[2] } },
    });
    expect(older[0].checkpoint!.checkpoint_id! < ids[2]!).toBe(true);
  });

  test("search by metadata, assistant UUID, ids and status", async () => {
    const byGraph = await client.threads.search({ metadata: { graph_id: "lead_agent" }, limit: 100 });
    expect(byGraph.map((t) => t.thread_id)).toContain(threadId);
    const byAssistant = await client.threads.search({ metadata: { assistant_id: assistantIdFor("lead_agent") } });
    expect(byAssistant.map((t) => t.thread_id)).toContain(threadId);
    expect((await client.threads.search({ metadata: { owner: "nobody" } })).length).toBe(0);
    const byIds = await client.threads.search({ ids: [threadId], status: "idle" });
    expect(byIds).toHaveLength(1);
    expect(messagesOf(byIds[0].values)[0].content).toBe("what is the weather?");
    expect(await client.threads.search({ ids: [threadId], status: "busy" })).toHaveLength(0);
  });

  test("state update writes a checkpoint as a node", async () => {
    const res = await client.threads.updateState(threadId, {
      values: { messages: [{ type: "human", content: "note", id: "note-1" }] },
      asNode: "model_request",
    });
    expect((res as unknown as { checkpoint: { checkpoint_id: string } }).checkpoint.checkpoint_id).toBeTruthy();
    expect(res.configurable?.checkpoint_id).toBeTruthy();
    const state = await client.threads.getState(threadId);
    expect(messagesOf(state.values).at(-1)?.id).toBe("note-1");
  });
});

describe("interrupt and resume", () => {
  test("an interrupt ends the run with __interrupt__; command.resume continues it", async () => {
    const thread = await client.threads.create();
    const first = await collect(
      client.runs.stream(thread.thread_id, "lead_agent", {
        input: { messages: [{ type: "human", content: "please approve this" }] },
        streamMode: ["values", "updates"],
      }),
    );
    const interruptValues = first.filter((p) => p.event === "values").at(-1)?.data as { __interrupt__?: Array<{ value: unknown }> };
    expect(interruptValues.__interrupt__?.[0].value).toEqual({ question: "Proceed?" });
    const interrupted = await client.threads.get(thread.thread_id);
    expect(interrupted.status).toBe("interrupted");
    expect(Object.values(interrupted.interrupts).flat()).toHaveLength(1);
    const state = await client.threads.getState(thread.thread_id);
    expect(state.next).toEqual(["tools"]);
    expect(state.tasks[0].interrupts[0].value).toEqual({ question: "Proceed?" });

    // Agent Chat UI sends an empty input together with the command: the command wins.
    const second = await collect(
      client.runs.stream(thread.thread_id, "lead_agent", {
        input: {},
        command: { resume: { decision: "yes" } },
        streamMode: ["values"],
      }),
    );
    const final = messagesOf(second.filter((p) => p.event === "values").at(-1)?.data);
    expect(final.at(-1)?.content).toBe('Done: approved: {"decision":"yes"}');
    expect((await client.threads.get(thread.thread_id)).status).toBe("idle");
  });
});

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
    expect(messagesOf(after.filter((p) => p.event === "values").at(-1)?.data).at(-1)?.content).toBe("Hello there, friend.");
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
    await waitFor(async () => (await client.runs.get(thread.thread_id, runId)).status === "interrupted", 5000, "run cancelled");
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
    await expect(collect(client.runs.stream("no-such-thread", "lead_agent", { input: {} }))).rejects.toMatchObject({ status: 404 });
    await expect(collect(client.runs.stream(thread.thread_id, "nobody", { input: {} }))).rejects.toMatchObject({ status: 404 });
    const bad = collect(client.runs.stream(thread.thread_id, "lead_agent", { input: {}, streamMode: ["bogus" as never] }));
    await expect(bad).rejects.toMatchObject({ status: 400 });
    await expect(bad).rejects.toThrow(/body\.stream_mode/);
    await expect(client.threads.search({ limit: -1 })).rejects.toThrow(/body\.limit/);
  });

  test("if_not_exists=create runs on a new thread", async () => {
    const parts = await collect(
      client.runs.stream("fresh-thread-1", "lead_agent", { input: { messages: [{ type: "human", content: "hi" }] }, ifNotExists: "create" }),
    );
    expect(parts.at(-1)?.event).toBe("end");
    expect((await client.threads.get("fresh-thread-1")).metadata?.graph_id).toBe("lead_agent");
  });

  test("deleting a thread removes it and its checkpoints", async () => {
    const thread = await client.threads.create();
    await collect(client.runs.stream(thread.thread_id, "lead_agent", { input: { messages: [{ type: "human", content: "hi" }] } }));
    await client.threads.delete(thread.thread_id);
    await expect(client.threads.get(thread.thread_id)).rejects.toMatchObject({ status: 404 });
    const snapshot = await runtime.graph.getState({ configurable: { thread_id: thread.thread_id } });
    expect(snapshot.values).toEqual({});
  });
});
