import path from "node:path";
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfigFiles, resolveConfigPaths } from "@/lib/config";
import { scriptedFetch } from "@/test/support/model-fetch";
import type { DemoReply } from "@/lib/models/demo/wire";
import { sqliteCheckpointer } from "@/lib/persistence/checkpointer";
import { buildLeadAgent } from "../lead-agent";
import { runTurn, type TurnEvent } from "../run-turn";
import { FawnRuntime } from "../runtime";
import { tempConfig } from "@/test/support/config";
import { REJECTED_ARGS_KEY, TOOL_CALL_BOUNDS, nestingDepth } from "./tool-call-bounds";

function nested(levels: number): Record<string, unknown> {
  let v: Record<string, unknown> = { leaf: "x" };
  for (let i = 1; i < levels; i++) v = { a: v };
  return v;
}

const runtimes: FawnRuntime[] = [];
afterAll(() => Promise.all(runtimes.map((r) => r.close())));

/** The real agent and ChatOpenAI client, the model scripted at the fetch boundary. */
async function agentWith(replies: DemoReply[]) {
  const rt = new FawnRuntime({ ...tempConfig({ servers: {} }), models: { fetch: scriptedFetch(replies) } });
  runtimes.push(rt);
  const runtime = await rt.get();
  const turn = async (threadId: string, message: string) => {
    const events: TurnEvent[] = [];
    const { ok } = await runTurn(runtime, { message, threadId }, (e) => events.push(e));
    return { ok, events };
  };
  const messages = async (threadId: string) =>
    ((await runtime.graph.getState({ configurable: { thread_id: threadId } })).values as { messages: BaseMessage[] })
      .messages;
  return { turn, messages };
}

describe("nestingDepth", () => {
  it("counts objects and arrays, stops counting past the limit", () => {
    expect(nestingDepth("x", 5)).toBe(0);
    expect(nestingDepth({ a: [1, { b: 2 }] }, 5)).toBe(3);
    expect(nestingDepth(nested(10_000), 20)).toBe(21);
  });
});

describe("tool-call arguments from the model are bounded before the message is saved", () => {
  it("a call nested 60 levels deep gets an error result naming the tool and the limit; the thread stays readable and the next turn works", async () => {
    const agent = await agentWith([
      { content: "", toolCalls: [{ name: "present_files", args: { filepaths: ["outputs/a.md"], extra: nested(60) } }] },
      { content: "That call failed.", toolCalls: [] },
      { content: "Still here.", toolCalls: [] },
    ]);
    const first = await agent.turn("deep", "present the file");
    expect(first.ok).toBe(true);
    const result = first.events.find((e) => e.type === "tool_result");
    expect(result).toMatchObject({ name: "present_files", status: "error" });
    expect(result?.type === "tool_result" && result.content).toMatch(
      new RegExp(`tool "present_files" was not run: .*nested more than ${TOOL_CALL_BOUNDS.maxArgsDepth} levels`),
    );
    // Before the bound, this read failed with "Maximum recursion depth (50) exceeded during deserialization".
    const saved = await agent.messages("deep");
    const ai = saved.find((m) => AIMessage.isInstance(m) && (m.tool_calls ?? []).length > 0) as AIMessage;
    expect(Object.keys(ai.tool_calls?.[0].args ?? {})).toEqual([REJECTED_ARGS_KEY]);
    const second = await agent.turn("deep", "hello again");
    expect(second.ok).toBe(true);
    expect(second.events.at(-1)).toMatchObject({ type: "done", answer: "Still here." });
    expect((await agent.messages("deep")).length).toBe(saved.length + 2);
  });

  it("arguments over the size limit are not saved; arguments within both limits are kept as sent", async () => {
    const huge = "x".repeat(TOOL_CALL_BOUNDS.maxArgsBytes + 10);
    const fine = { filepaths: ["outputs/a.md"], extra: nested(15) };
    const agent = await agentWith([
      { content: "", toolCalls: [{ name: "present_files", args: { filepaths: [huge] } }] },
      { content: "", toolCalls: [{ name: "present_files", args: fine }] },
      { content: "done", toolCalls: [] },
    ]);
    const r = await agent.turn("big", "present");
    expect(r.ok).toBe(true);
    const results = r.events.filter((e) => e.type === "tool_result");
    expect(results[0]).toMatchObject({ name: "present_files", status: "error" });
    expect(results[0].type === "tool_result" && results[0].content).toMatch(/arguments are 2\.0 MB of JSON/);
    // The second call was within bounds: it ran (the tool itself reports the missing file).
    expect(results[1].type === "tool_result" && results[1].content).not.toMatch(/was not run/);
    const saved = await agent.messages("big");
    expect(JSON.stringify(saved).length).toBeLessThan(100_000);
    const calls = saved.flatMap((m) => (AIMessage.isInstance(m) ? (m.tool_calls ?? []) : []));
    expect(calls[1].args).toEqual(fine);
  });
});

describe("tool results are bounded too", () => {
  it("a result nested deeper than the limit becomes an error result and the thread stays readable", async () => {
    const paths = tempConfig({
      servers: {},
      extraYaml: "tool_search:\n  enabled: false\napprovals:\n  default: never\n",
    });
    const config = loadConfigFiles(resolveConfigPaths(paths));
    const deepTool = tool(async () => ["here it is", nested(60)], {
      name: "deep_result",
      description: "Returns a deeply nested artifact",
      schema: z.object({}),
      responseFormat: "content_and_artifact",
    });
    const built = await buildLeadAgent({
      config,
      mcp: { tools: [{ tool: deepTool, server: "fake", originalName: "deep_result" }], servers: [] },
      checkpointer: sqliteCheckpointer(path.join(paths.dir, "threads.sqlite")),
      models: {
        fetch: scriptedFetch([
          { content: "", toolCalls: [{ name: "deep_result", args: {} }] },
          { content: "ok", toolCalls: [] },
        ]),
      },
    });
    const thread = { configurable: { thread_id: "deep-result" } };
    await built.agent.invoke({ messages: [new HumanMessage("go")] }, thread);
    const state = await built.agent.graph.getState(thread);
    const messages = (state.values as { messages: BaseMessage[] }).messages;
    const result = messages.find((m) => ToolMessage.isInstance(m)) as ToolMessage;
    expect(result.status).toBe("error");
    expect(result.content).toMatch(/tool "deep_result" returned a result nested more than 20 levels deep/);
    await built.agent.invoke({ messages: [new HumanMessage("again")] }, thread);
    expect(
      ((await built.agent.graph.getState(thread)).values as { messages: BaseMessage[] }).messages.length,
    ).toBeGreaterThan(messages.length);
  });
});
