import { expect, test } from "@playwright/test";
import { startServer } from "../test/support/next-server";

const SECRETS = ["sk-e2e-MODELKEY-7f3a9c", "tok-e2e-ENVSECRET-51d2", "hdr-e2e-HEADERSECRET-88b1"];

test("API keys and MCP env/header values never appear in responses, SSE, logs or the UI", async ({ page }) => {
  test.setTimeout(120_000);
  const server = await startServer(
    "e2e-secrets-data",
    { FAWN_CONFIG: "e2e/fixtures/secrets/config.yaml", FAWN_LOG_LEVEL: "debug" },
    { captureLogs: true },
  );
  try {
    const seen: string[] = [];
    const get = async (path: string, init?: RequestInit) => {
      const r = await fetch(`${server.url}${path}`, init);
      const text = await r.text();
      seen.push(`${path} → ${r.status} ${text}`);
      return text;
    };
    const json = { "content-type": "application/json" };
    const thread = JSON.parse(await get("/api/langgraph/threads", { method: "POST", headers: json, body: "{}" })) as {
      thread_id: string;
    };
    // get-env prints the MCP server's environment: the value must come back masked.
    const sse = await get(`/api/langgraph/threads/${thread.thread_id}/runs/stream`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        assistant_id: "lead_agent",
        input: { messages: [{ type: "human", content: "everything_get-env: show it" }] },
        stream_mode: ["values", "messages-tuple", "updates"],
      }),
    });
    expect(sse).toContain("FAWN_E2E_TOKEN");
    expect(sse).toContain("***");
    await get(`/api/tools?thread_id=${thread.thread_id}`);
    const mcp = await get("/api/mcp");
    expect(mcp).toContain('"remote"');
    await get("/api/models");
    await get(`/api/langgraph/threads/${thread.thread_id}/state`);
    await get(`/api/langgraph/threads/${thread.thread_id}/history`, { method: "POST", headers: json, body: "{}" });
    await get("/api/langgraph/threads/search", { method: "POST", headers: json, body: "{}" });
    // A run on the hosted model fails (nothing listens there); its error must not carry the key either.
    await get(`/api/langgraph/threads/${thread.thread_id}/runs/stream`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        assistant_id: "lead_agent",
        input: { messages: [{ type: "human", content: "hi" }] },
        config: { configurable: { model_name: "hosted" } },
      }),
    });
    await page.goto(`${server.url}/?thread=${thread.thread_id}`);
    await expect(page.getByTestId("tools-panel")).toBeVisible();
    await expect(page.getByTestId("message").first()).toBeVisible();
    seen.push(await page.content());
    seen.push(server.logs());
    const all = seen.join("\n");
    expect(all.length).toBeGreaterThan(1000);
    for (const s of SECRETS) expect(all, `secret ${s} leaked`).not.toContain(s);
  } finally {
    await server.stop();
  }
});
