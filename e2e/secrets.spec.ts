import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer } from "../test/support/next-server";
import { REPO_ROOT } from "../test/support/repo";
import { serverCard } from "./helpers";

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

test("the Servers panel and its API never show env or header values, whatever is added, edited or tested", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const added = ["tok-e2e-ADDED-ENV-0c4e", "hdr-e2e-ADDED-HEADER-93aa"];
  // A copy of the fixture's servers, so the panel's writes never touch the repo (relative paths made absolute).
  const dir = path.join(REPO_ROOT, "test-results", "e2e-secrets-servers");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const original = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, "e2e/fixtures/secrets/extensions_config.json"), "utf8"),
  );
  original.mcpServers.everything.args[0] = path.join(
    REPO_ROOT,
    "node_modules/@modelcontextprotocol/server-everything/dist/index.js",
  );
  const extensions = path.join(dir, "extensions_config.json");
  fs.writeFileSync(extensions, JSON.stringify(original, null, 2));
  const server = await startServer(
    "e2e-secrets-servers-data",
    { FAWN_CONFIG: "e2e/fixtures/secrets/config.yaml", FAWN_EXTENSIONS_CONFIG: extensions, FAWN_LOG_LEVEL: "debug" },
    { captureLogs: true },
  );
  try {
    const seen: string[] = [];
    const call = async (method: string, route: string, body?: unknown) => {
      const r = await fetch(`${server.url}${route}`, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      seen.push(`${method} ${route} → ${r.status} ${text}`);
      return { status: r.status, text };
    };
    const listed = await call("GET", "/api/mcp/servers");
    expect(listed.text).toContain('"FAWN_E2E_TOKEN":"***"');
    expect(listed.text).toContain('"Authorization":"***"');
    expect((await call("POST", "/api/mcp/servers/everything/test", {})).text).toContain('"ok":true');
    expect((await call("POST", "/api/mcp/servers/remote/test", {})).text).toContain('"ok":false');
    const created = await call("POST", "/api/mcp/servers", {
      name: "third",
      type: "http",
      url: "http://127.0.0.1:9/mcp",
      headers: { Authorization: `Bearer ${added[1]}` },
      session_init_timeout: 1,
    });
    expect(created.status).toBe(201);
    const edited = await call("PUT", "/api/mcp/servers/everything", {
      ...original.mcpServers.everything,
      env: { FAWN_E2E_TOKEN: "***", ADDED: added[0] },
    });
    expect(edited.status).toBe(200);
    // *** kept the stored value; the typed one was written; neither came back.
    const onDisk = JSON.parse(fs.readFileSync(extensions, "utf8")).mcpServers;
    expect(onDisk.everything.env).toEqual({ FAWN_E2E_TOKEN: "tok-e2e-ENVSECRET-51d2", ADDED: added[0] });
    await call("POST", "/api/mcp/servers/third/test", {});
    await call("POST", "/api/mcp/servers/unsaved/test", { command: "no-such-cmd", env: { K: added[0] } });
    await call("GET", "/api/mcp/servers");
    await call("GET", "/api/mcp");
    await call("GET", "/api/tools");

    await page.goto(`${server.url}/?panel=servers`);
    const everything = serverCard(page, "everything");
    await everything.getByTestId("server-edit").click();
    await expect(page.getByTestId("server-form-env")).toHaveValue("FAWN_E2E_TOKEN=***\nADDED=***");
    await page.getByTestId("server-form-test").click();
    await expect(page.getByTestId("server-test-result")).toHaveAttribute("data-ok", "true");
    seen.push(await page.content());
    await page.getByTestId("server-form-cancel").click();
    const third = serverCard(page, "third");
    await third.getByTestId("server-edit").click();
    await expect(page.getByTestId("server-form-headers")).toHaveValue("Authorization: ***");
    seen.push(await page.content());
    seen.push(server.logs());
    const all = seen.join("\n");
    for (const s of [...SECRETS, ...added]) expect(all, `secret ${s} leaked`).not.toContain(s);
  } finally {
    await server.stop();
  }
});
