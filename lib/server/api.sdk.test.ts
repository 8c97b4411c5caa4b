/**
 * The API driven by the official `@langchain/langgraph-sdk` Client (in-process fetch), against a real
 * createAgent graph and a real SQLite checkpointer; only the model endpoint is scripted.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Client } from "@langchain/langgraph-sdk";
import { assistantIdFor } from "./assistant";
import { collect, messagesOf, type Msg, type Part, startTestApi, type TestApi } from "@/test/support/api";

let client: Client;

let harness: TestApi;
beforeAll(() => {
  harness = startTestApi();
  ({ client } = harness);
});
afterAll(() => harness.stop());

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
    const streamed = tuples
      .filter(([m]) => m.id === lastAi.id)
      .map(([m]) => String(m.content))
      .join("");
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
    expect(thread.metadata).toMatchObject({
      owner: "tester",
      graph_id: "lead_agent",
      assistant_id: assistantIdFor("lead_agent"),
    });
    expect(messagesOf(thread.values)).toHaveLength(4);
  });

  test("history is newest first and pages with limit/before", async () => {
    const history = await client.threads.getHistory(threadId, { limit: 3 });
    expect(history).toHaveLength(3);
    const ids = history.map((h) => h.checkpoint!.checkpoint_id);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(history[0].checkpoint?.checkpoint_id).toBe(
      (await client.threads.getState(threadId)).checkpoint?.checkpoint_id,
    );
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
    const interruptValues = first.filter((p) => p.event === "values").at(-1)?.data as {
      __interrupt__?: Array<{ value: unknown }>;
    };
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
