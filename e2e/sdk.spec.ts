import { Client } from "@langchain/langgraph-sdk";
import { expect, test } from "@playwright/test";
import { PORT } from "../playwright.config";

test("the official LangGraph SDK Client drives Fawn: thread, streamed run, state", async () => {
  const client = new Client({ apiUrl: `http://127.0.0.1:${PORT}/api/langgraph` });
  const [assistant] = await client.assistants.search({ limit: 10 });
  expect(assistant.graph_id).toBe("lead_agent");
  const thread = await client.threads.create({ metadata: { source: "sdk-e2e" } });
  const events: string[] = [];
  let tokens = "";
  for await (const chunk of client.runs.stream(thread.thread_id, "lead_agent", {
    input: { messages: [{ type: "human", content: 'echo "via the sdk"' }] },
    streamMode: ["values", "messages-tuple", "updates"],
  })) {
    events.push(chunk.event);
    if (chunk.event === "messages") {
      const [msg] = chunk.data as unknown as [{ type: string; content: unknown }];
      if (typeof msg.content === "string" && msg.type.startsWith("ai")) tokens += msg.content;
    }
  }
  expect(events[0]).toBe("metadata");
  expect(events).toContain("values");
  expect(events).toContain("updates");
  expect(events).not.toContain("error");
  expect(tokens).toContain("Echo: via the sdk");
  const state = await client.threads.getState<{
    messages: Array<{ type: string }>;
    promoted: { names: string[]; catalog_hash: string };
  }>(thread.thread_id);
  expect(state.values.promoted.names).toContain("everything_echo");
  expect(state.values.messages.map((m) => m.type)).toEqual(expect.arrayContaining(["human", "ai", "tool"]));
  const found = await client.threads.search({ metadata: { source: "sdk-e2e" } });
  expect(found.map((t) => t.thread_id)).toContain(thread.thread_id);
  const history = await client.threads.getHistory(thread.thread_id, { limit: 3 });
  expect(history.length).toBeGreaterThan(0);
});
