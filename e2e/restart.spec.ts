import { Client } from "@langchain/langgraph-sdk";
import { expect, test } from "@playwright/test";
import { startServer } from "../test/support/next-server";

type Values = { messages: Array<{ type: string; content: unknown; tool_calls?: unknown[] }> };

const textOf = (m: Values["messages"][number]) =>
  typeof m.content === "string" ? m.content : JSON.stringify(m.content);

test("the server is SIGKILLed mid-run: after a restart the thread loads intact and the next run works", async () => {
  test.setTimeout(120_000);
  const first = await startServer("e2e-kill-data", { FAWN_DEMO_DELAY_MS: "40" });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    first.child.once("exit", (_code, sig) => resolve(sig)),
  );
  let savedBefore = 0;
  let threadId = "";
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

    // Second run: kill the whole server while it streams tokens, before the run can finish.
    let killedMidRun = false;
    let finishedBeforeKill = false;
    for await (const chunk of client.runs.stream(threadId, "lead_agent", {
      input: { messages: [{ type: "human", content: "workbench_calculate: 6*7" }] },
      streamMode: ["messages-tuple"],
    })) {
      if (chunk.event === "end") finishedBeforeKill = true;
      if (chunk.event === "messages") {
        first.kill();
        killedMidRun = true;
        break;
      }
    }
    expect(killedMidRun).toBe(true);
    expect(finishedBeforeKill).toBe(false);
  } finally {
    first.kill();
  }
  expect(await exited).toBe("SIGKILL");

  const second = await startServer("e2e-kill-data", {}, { keep: true });
  try {
    const client2 = new Client({ apiUrl: `${second.url}/api/langgraph` });
    const msgs = (await client2.threads.getState<Values>(threadId)).values.messages;
    expect(msgs.length).toBeGreaterThanOrEqual(savedBefore);
    expect(msgs.slice(0, savedBefore).map((m) => m.type)).toEqual(expect.arrayContaining(["human", "ai", "tool"]));
    // The killed run never finished: no answer from the calculator made it into the thread.
    expect(msgs.slice(savedBefore).some((m) => m.type === "ai" && textOf(m).includes("returned"))).toBe(false);
    const history = await client2.threads.getHistory(threadId, { limit: 50 });
    expect(history.length).toBeGreaterThan(0);
    expect((await client2.threads.get(threadId)).status).not.toBe("busy");
    let text = "";
    let errors = 0;
    for await (const chunk of client2.runs.stream(threadId, "lead_agent", {
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
