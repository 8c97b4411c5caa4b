import { test } from "vitest";
import { createLangGraphApi } from "./api";
import { API_URL, buildTestRuntime, silentLogger } from "./test-support";
test("dbg", async () => {
  const { runtime } = buildTestRuntime();
  const api = createLangGraphApi({ getRuntime: async () => runtime, logger: silentLogger, corsOrigins: [], apiToken: undefined });
  const r = (m: string, p: string, b?: unknown) => api.handle(new Request(API_URL + p, { method: m, headers: { "content-type": "application/json" }, body: b ? JSON.stringify(b) : undefined }));
  const tid = ((await (await r("POST", "/threads", {})).json()) as any).thread_id;
  await (await r("POST", `/threads/${tid}/runs/stream`, { assistant_id: "lead_agent", input: { messages: [{ type: "human", content: "hi" }] } })).text();
  const h1 = (await (await r("POST", `/threads/${tid}/history`, { limit: 10 })).json()) as any[];
  console.log(h1.map((s) => [s.checkpoint.checkpoint_id, s.parent_checkpoint?.checkpoint_id, s.next, s.metadata.step, s.values.messages?.length]));
  const parent = h1[0].parent_checkpoint;
  console.log(await (await r("POST", `/threads/${tid}/runs/stream`, { assistant_id: "lead_agent", checkpoint: parent, stream_mode: ["updates"] })).text());
  const h2 = (await (await r("POST", `/threads/${tid}/history`, { limit: 10 })).json()) as any[];
  console.log(h2.map((s) => [s.checkpoint.checkpoint_id, s.parent_checkpoint?.checkpoint_id, s.next, s.metadata.step, s.metadata.source, s.values.messages?.length]));
  await api.close();
});
