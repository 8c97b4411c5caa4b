import { describe, expect, test } from "vitest";
import { MemorySaver, MessagesAnnotation, StateGraph, interrupt } from "@langchain/langgraph";
import { AIMessage } from "@langchain/core/messages";
import { checkpointConfigurable, configToCheckpoint, interruptsByTask, snapshotToThreadState } from "./state";
import type { CompiledGraphLike } from "./types";

function interruptingGraph(): CompiledGraphLike {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async () => ({ messages: [new AIMessage({ content: "asking", id: "a1" })] }))
    .addNode("ask", async () => {
      const answer: unknown = interrupt({ question: "ok?" });
      return { messages: [new AIMessage({ content: `got ${String(answer)}` })] };
    })
    .addEdge("__start__", "agent")
    .addEdge("agent", "ask")
    .addEdge("ask", "__end__")
    .compile({ checkpointer: new MemorySaver() });
}

describe("state mapping", () => {
  test("an interrupted snapshot maps to the ThreadState the SDK reads", async () => {
    const graph = interruptingGraph();
    const config = { configurable: { thread_id: "t1" } };
    for await (const _ of await graph.stream(
      { messages: [{ type: "human", content: "hi" }] },
      { ...config, streamMode: "values" },
    )) {
      // drain
    }
    const snap = await graph.getState(config);
    const state = snapshotToThreadState(snap);
    expect(state.next).toEqual(["ask"]);
    expect(state.checkpoint).toMatchObject({ thread_id: "t1", checkpoint_ns: "", checkpoint_map: null });
    expect(state.checkpoint?.checkpoint_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(state.parent_checkpoint?.checkpoint_id).toBeTruthy();
    expect(state.tasks).toHaveLength(1);
    expect(state.tasks[0]).toMatchObject({
      name: "ask",
      error: null,
      interrupts: [{ value: { question: "ok?" } }],
      state: null,
    });
    expect(typeof state.created_at).toBe("string");
    const messages = (state.values as { messages: Array<{ type: string }> }).messages;
    expect(messages.map((m) => m.type)).toEqual(["human", "ai"]);
    expect(Object.values(interruptsByTask(snap))).toEqual([[{ id: expect.any(String), value: { question: "ok?" } }]]);
  });

  test("an empty thread has checkpoint null", async () => {
    const state = snapshotToThreadState(await interruptingGraph().getState({ configurable: { thread_id: "none" } }));
    expect(state).toMatchObject({ checkpoint: null, parent_checkpoint: null, values: {}, next: [], tasks: [] });
  });

  test("task errors are JSON {error, message} strings", () => {
    const state = snapshotToThreadState({
      values: {},
      next: ["x"],
      config: {},
      tasks: [{ id: "1", name: "x", interrupts: [], error: new TypeError("bad") }],
    });
    expect(JSON.parse(state.tasks[0].error!)).toEqual({ error: "TypeError", message: "bad" });
  });

  test("checkpoint references: nulls dropped, thread id forced", () => {
    expect(configToCheckpoint({ configurable: { thread_id: "t" } })).toBeNull();
    expect(checkpointConfigurable("t", { checkpoint_id: "c", checkpoint_ns: "", checkpoint_map: null })).toEqual({
      thread_id: "t",
      checkpoint_id: "c",
    });
    expect(checkpointConfigurable("t", null, "c2")).toEqual({ thread_id: "t", checkpoint_id: "c2" });
  });
});
