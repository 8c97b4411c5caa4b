import { Client } from "@langchain/langgraph-sdk";
import { expect, test } from "@playwright/test";
import { startServer } from "../test/support/next-server";

type Values = { messages: Array<{ type: string; content: unknown; tool_calls?: unknown[] }> };

test("the server is SIGKILLed mid-run: after a restart the thread loads intact and the next run works", async () => {
  test.setTimeout(120_000);
  const first = await startServer("e2e-kill-data", { FAWN_DEMO_DELAY_MS: "40" });
  let threadId = "";
  let savedBefore = 0;
  try {
    const client = new Client({ apiUrl: `${first.url}/api/langgraph` });
    const thread = await client.threads.create();
    threadId = thread.thread_id;
    for await (const _ of client.runs.stream(threadId, "lead_agent", {
      input: { messages: [{ type: "human", content: 'echo "turn one"' }] },
    })) {
      /* run to completion */
    }
    savedBefore = (await client.threads.getState<Values>(threadId)).values.messages.length;
    expect(savedBefore).toBeGreaterThanOrEqual(4);
    // Second run: kill the whole server as soon as tokens flow.
    for await (const chunk of client.runs.stream(threadId, "lead_agent", {
      input: { messages: [{ type: "human", content: "workbench_calculate: 6*7" }] },
      streamMode: ["messages-tuple"],
    })) {
      if (chunk.event === "messages") {
        first.kill();
        break;
      }
    }
  } catch {
    /* the killed connection may surface as an error here */
  } finally {
    first.kill();
  }

  const second = await startServer("e2e-kill-data", {}, { keep: true });
  try {
    const client = new Client({ apiUrl: `${second.url}/api/langgraph` });
    const state = await client.threads.getState<Values>(threadId);
    const msgs = state.values.messages;
    expect(msgs.length).toBeGreaterThanOrEqual(savedBefore);
    expect(msgs.slice(0, savedBefore).map((m) => m.type)).toEqual(expect.arrayContaining(["human", "ai", "tool"]));
    const history = await client.threads.getHistory(threadId, { limit: 50 });
    expect(history.length).toBeGreaterThan(0);
    const thread = await client.threads.get(threadId);
    expect(thread.status).not.toBe("busy");
    let text = "";
    let errors = 0;
    for await (const chunk of client.runs.stream(threadId, "lead_agent", {
      input: { messages: [{ type: "human", content: 'echo "after the crash"' }] },
      streamMode: ["values"],
    })) {
      if (chunk.event === "error") errors++;
      if (chunk.event === "values") text = JSON.stringify(chunk.data);
    }
    expect(errors).toBe(0);
    expect(text).toContain("Echo: after the crash");
  } finally {
    await second.stop();
  }
});
