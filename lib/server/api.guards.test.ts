/** The API's guards at the HTTP level: CORS, token auth, body validation and size caps, error shapes. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLangGraphApi, type LangGraphApi } from "./api";
import { API_URL, apiRequest, callApi, silentLogger, startTestApi, type TestApi } from "@/test/support/api";
import type { AgentRuntime, LogLevel } from "./types";

let runtime: AgentRuntime;
let api: LangGraphApi;
const logs: Array<{ level: LogLevel; event: string; fields?: Record<string, unknown> }> = [];

const req = apiRequest;
const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  callApi(api, method, path, body, headers);

let harness: TestApi;
beforeAll(() => {
  harness = startTestApi({
    logger: (level, event, fields) => logs.push({ level, event, fields }),
    corsOrigins: ["https://chat.example"],
    heartbeatMs: 20,
    maxBodyBytes: 4096,
  });
  ({ api, runtime } = harness);
});
afterAll(() => harness.stop());

describe("CORS and auth", () => {
  test("preflight for an allowed origin lists the headers the SDK sends", async () => {
    const res = await api.handle(
      req("OPTIONS", "/threads", undefined, {
        origin: "https://chat.example",
        "access-control-request-method": "POST",
      }),
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://chat.example");
    const allowed = res.headers.get("access-control-allow-headers")!;
    for (const h of ["content-type", "x-api-key", "last-event-id", "x-auth-scheme", "authorization"])
      expect(allowed).toContain(h);
  });

  test("responses expose Content-Location to allowed origins only", async () => {
    const ok = await api.handle(req("GET", "/info", undefined, { origin: "https://chat.example" }));
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://chat.example");
    expect(ok.headers.get("access-control-expose-headers")).toContain("Content-Location");
    const other = await api.handle(req("GET", "/info", undefined, { origin: "https://evil.example" }));
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("with a token configured, requests need it (Bearer or x-api-key); preflights do not", async () => {
    const secured = createLangGraphApi({
      getRuntime: async () => runtime,
      logger: silentLogger,
      apiToken: "s3cret-token",
      corsOrigins: [],
      allowedHosts: [new URL(API_URL).host],
    });
    try {
      const denied = await secured.handle(req("GET", "/info"));
      expect(denied.status).toBe(401);
      expect(await denied.json()).toMatchObject({ error: { code: "unauthorized" } });
      expect((await secured.handle(req("GET", "/info", undefined, { authorization: "Bearer wrong" }))).status).toBe(
        401,
      );
      expect(
        (await secured.handle(req("GET", "/info", undefined, { authorization: "Bearer s3cret-token" }))).status,
      ).toBe(200);
      expect((await secured.handle(req("GET", "/info", undefined, { "x-api-key": "s3cret-token" }))).status).toBe(200);
      expect((await secured.handle(req("OPTIONS", "/info"))).status).toBe(204);
    } finally {
      await secured.close();
    }
  });
});

describe("errors", () => {
  test("invalid JSON, wrong types, oversize bodies, unknown routes and methods", async () => {
    const badJson = await call("POST", "/threads", "{not json");
    expect(badJson.status).toBe(400);
    expect(badJson.json).toMatchObject({ error: { code: "invalid_json" } });
    const badField = await call("POST", "/threads/search", { metadata: "x" });
    expect(badField.status).toBe(400);
    expect((badField.json!.error as { message: string }).message).toMatch(/^body\.metadata: /);
    const big = await call("POST", "/threads", { metadata: { blob: "x".repeat(5000) } });
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ error: { code: "payload_too_large" } });
    expect((await call("GET", "/nope")).status).toBe(404);
    expect((await call("DELETE", "/info")).status).toBe(405);
    const badId = await call("GET", "/threads/..%2F..%2Fetc");
    expect(badId.status).toBe(400);
    expect((badId.json!.error as { message: string }).message).toMatch(/^path: /);
  });

  test("an internal failure is a 500 with a request id, never a stack trace", async () => {
    const broken = createLangGraphApi({
      getRuntime: async () => ({
        ...runtime,
        graph: {
          ...runtime.graph,
          getState: async () => {
            throw new Error("disk exploded at /secret/path with api_key=sk-abcdefghijklmnop");
          },
        },
      }),
      logger: (level, event, fields) => logs.push({ level, event, fields }),
      apiToken: undefined,
      corsOrigins: [],
      allowedHosts: [new URL(API_URL).host],
    });
    const tid = (await (await broken.handle(req("POST", "/threads", {}))).json()) as { thread_id: string };
    const res = await broken.handle(req("GET", `/threads/${tid.thread_id}/state`));
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("internal");
    expect(body.error.message).toMatch(/request [0-9a-f-]{36}/);
    expect(body.error.message).not.toMatch(/exploded|secret|\bat /);
    const logged = logs.find((l) => l.event === "http.unhandled");
    expect(String(logged?.fields?.message)).toContain("api_key=***");
    expect(String(logged?.fields?.message)).not.toContain("sk-abcdefghijklmnop");
    await broken.close();
  });

  test("an agent that cannot start is a 503 naming the reason, credentials masked", async () => {
    const down = createLangGraphApi({
      getRuntime: async () => {
        throw new Error("config.yaml: models[0].api_key=sk-abcdefghijklmnop is invalid\n    at load (config.ts:1:1)");
      },
      logger: silentLogger,
      apiToken: undefined,
      corsOrigins: [],
      allowedHosts: [new URL(API_URL).host],
    });
    const res = await down.handle(req("GET", "/threads/abc"));
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({
      code: "agent_unavailable",
      message: "The agent is not available: config.yaml: models[0].api_key=*** is invalid",
    });
    expect((await down.handle(req("GET", "/info"))).status).toBe(200);
    await down.close();
  });
});
