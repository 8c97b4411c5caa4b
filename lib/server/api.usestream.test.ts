/**
 * The logic behind React `useStream`, without React: the SDK's framework-agnostic `StreamOrchestrator`
 * (same StreamManager / MessageTupleManager / branching code the hook uses), configured the way
 * LangGraph's Agent Chat UI configures useStream, against the API in-process.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Client } from "@langchain/langgraph-sdk";
import { StreamOrchestrator, type SubmitOptions } from "@langchain/langgraph-sdk/ui";
import { waitFor, type ScriptedModel, startTestApi, type TestApi } from "@/test/support/api";

type Msg = { type: string; content: unknown; id?: string };

let client: Client;
let model: ScriptedModel;

function orchestrator(custom: unknown[] = []) {
  const o = new StreamOrchestrator(
    { assistantId: "lead_agent", fetchStateHistory: true, onCustomEvent: (data: unknown) => custom.push(data) },
    { getClient: () => client, getAssistantId: () => "lead_agent", getMessagesKey: () => "messages" },
  );
  // What reading `stream.messages` in a component does.
  o.trackStreamMode("messages-tuple", "values");
  return o;
}

// Agent Chat UI's submit options.
const chatUiOptions: SubmitOptions = {
  streamMode: ["values", "messages-tuple", "custom"],
  streamSubgraphs: true,
  streamResumable: true,
};

let harness: TestApi;
beforeAll(() => {
  harness = startTestApi();
  ({ model, client } = harness);
});
afterAll(() => harness.stop());

describe("useStream logic (StreamOrchestrator) against Fawn", () => {
  test("submit creates a thread, streams, and ends with the server's messages and history", async () => {
    const custom: unknown[] = [];
    const o = orchestrator(custom);
    await o.submitDirect({ messages: [{ type: "human", content: "weather please" }] }, { ...chatUiOptions });
    expect(o.error).toBeUndefined();
    expect(o.isLoading).toBe(false);
    expect(o.threadId).toBeTruthy();
    const messages = o.messages as Msg[];
    expect(messages.map((m) => m.type)).toEqual(["human", "ai", "tool", "ai"]);
    expect(messages.at(-1)?.content).toBe("Done: sunny in Paris");
    expect(custom).toContainEqual({ progress: "looking up Paris" });
    expect(o.flatHistory.length).toBeGreaterThan(0);
    const thread = await client.threads.get(o.threadId!);
    expect(thread.metadata?.graph_id).toBe("lead_agent");
  });

  test("interrupt shows up as stream.interrupt; resume with command continues", async () => {
    const o = orchestrator();
    await o.submitDirect({ messages: [{ type: "human", content: "approve it" }] }, { ...chatUiOptions });
    const pending = o.interrupt as { value: unknown } | undefined;
    expect(pending?.value).toEqual({ question: "Proceed?" });
    await o.submitDirect({}, { ...chatUiOptions, command: { resume: "yes" } });
    expect(o.error).toBeUndefined();
    expect(o.interrupt).toBeUndefined();
    expect((o.messages as Msg[]).at(-1)?.content).toBe('Done: approved: "yes"');
  });

  test("a model failure becomes stream.error", async () => {
    const o = orchestrator();
    await o.submitDirect({ messages: [{ type: "human", content: "boom" }] }, { ...chatUiOptions });
    expect(String((o.error as Error | undefined)?.message)).toMatch(/upstream exploded|500/);
  });

  test("reload mid-run: a new orchestrator joins the run with Last-Event-ID -1 and gets the whole answer", async () => {
    const first = orchestrator();
    let runId = "";
    const running = first.submitDirect({ messages: [{ type: "human", content: "slow answer" }] }, { ...chatUiOptions });
    await model.slowStarted();
    const threadId = first.threadId!;
    await waitFor(async () => {
      const runs = await client.runs.list(threadId);
      runId = runs[0]?.run_id ?? "";
      return runId !== "";
    });
    void first.stop(); // the page goes away; on_disconnect=continue keeps the run alive
    await running.catch(() => undefined);
    expect((await client.runs.get(threadId, runId)).status).toBe("running");

    const reloaded = orchestrator();
    reloaded.initThreadId(threadId);
    const joined = reloaded.joinStream(runId, "-1");
    model.releaseSlow();
    await joined;
    await waitFor(() => !reloaded.isLoading);
    expect(reloaded.error).toBeUndefined();
    expect((reloaded.messages as Msg[]).map((m) => m.content)).toEqual(["slow answer", "Finally done."]);
  });
});
