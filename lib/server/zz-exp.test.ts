import { test } from "vitest";
import { createLangGraphApi } from "./api";
import { API_URL, silentLogger, tempDbPath, scriptedModel } from "./test-support";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { Command } from "@langchain/langgraph";
import { ToolMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import { createAgent, tool } from "langchain";
import { z } from "zod";
test("cmd", async () => {
  const model = scriptedModel();
  const chat = new ChatOpenAI({ model: "s", apiKey: "k", maxRetries: 0, configuration: { baseURL: "http://m.invalid/v1", fetch: model.fetch } });
  const getWeather = tool(async ({ city }, config) => new Command({ update: { messages: [new ToolMessage({ tool_call_id: (config as any).toolCall.id, content: "cmd " + city })] } }),
    { name: "get_weather", description: "w", schema: z.object({ city: z.string() }) });
  const dbPath = tempDbPath();
  const agent = createAgent({ model: chat, tools: [getWeather], checkpointer: SqliteSaver.fromConnString(dbPath) });
  const api = createLangGraphApi({ getRuntime: async () => ({ graph: agent.graph, dbPath, assistant: { graph_id: "g", name: "n", description: "d" } }), logger: (l, e, f) => console.log(l, e, JSON.stringify(f)), corsOrigins: [], apiToken: undefined });
  const r = (m: string, p: string, b?: unknown) => api.handle(new Request(API_URL + p, { method: m, headers: { "content-type": "application/json" }, body: b ? JSON.stringify(b) : undefined }));
  const tid = ((await (await r("POST", "/threads", {})).json()) as any).thread_id;
  const text = await (await r("POST", `/threads/${tid}/runs/stream`, { assistant_id: "g", input: { messages: [{ type: "human", content: "weather" }] }, stream_mode: ["updates", "messages-tuple"], stream_subgraphs: true })).text();
  console.log(text.split("\n\n").filter(b => b.startsWith("event: updates") || b.includes("\"type\":\"tool\"")).join("\n\n"));
  await api.close();
});
