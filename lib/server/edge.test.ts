/** The one edge: every route, the LangGraph API's and Fawn's own, maps errors, auth and CORS the same way. */
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "@/lib/contracts/errors";
import { createEdge } from "./edge";
import { filesRoutes } from "./files/routes";
import { ApiError } from "./http";
import type { LogLevel } from "./types";

function recorder() {
  const logs: Array<{ level: LogLevel; event: string; fields?: Record<string, unknown> }> = [];
  return {
    logs,
    logger: (level: LogLevel, event: string, fields?: Record<string, unknown>) => logs.push({ level, event, fields }),
  };
}

const secretError = () => new Error("disk exploded at /srv/x with api_key=sk-abcdefghijklmnop\n    at read (x.ts:1:1)");

describe("createEdge", () => {
  it("passes an ApiError through as {error:{code,message}} with its status", async () => {
    const edge = createEdge({ logger: () => {}, apiToken: () => undefined, corsOrigins: () => [] });
    const res = await edge(async () => {
      throw new ApiError(404, "not_found", "no such thing 'x'");
    })(new Request("http://127.0.0.1/api/x"));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "no such thing 'x'" } });
  });

  it("answers any other error with code internal and a request id; the log keeps the redacted message", async () => {
    const { logs, logger } = recorder();
    const edge = createEdge({ logger, apiToken: () => undefined, corsOrigins: () => [] });
    const res = await edge(async () => {
      throw secretError();
    })(new Request("http://127.0.0.1/api/tools"));
    expect(res.status).toBe(500);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("internal");
    expect(body.error.message).toMatch(/^Internal error handling GET \/api\/tools \(request [0-9a-f-]{36};/);
    expect(body.error.message).not.toMatch(/exploded|api_key|sk-/);
    const logged = logs.find((l) => l.event === "http.unhandled");
    expect(String(logged?.fields?.message)).toContain("api_key=***");
    expect(JSON.stringify(logged)).not.toContain("sk-abcdefghijklmnop");
    expect(logs.find((l) => l.event === "http.request")?.fields).toMatchObject({ path: "/api/tools", status: 500 });
  });

  it("logs a polled route's answered requests at debug, its refusals and failures as usual", async () => {
    const { logs, logger } = recorder();
    const edge = createEdge({ logger, apiToken: () => "s3cret", corsOrigins: () => [] });
    const ok = async () => new Response("ok");
    const authed = { headers: { authorization: "Bearer s3cret" } };
    await edge(ok, { polled: true })(new Request("http://127.0.0.1/api/poll", authed));
    await edge(ok, { polled: true })(new Request("http://127.0.0.1/api/poll"));
    await edge(ok)(new Request("http://127.0.0.1/api/other", authed));
    const lines = logs.filter((l) => l.event === "http.request").map((l) => [l.level, l.fields?.status]);
    expect(lines).toEqual([
      ["debug", 200],
      ["info", 401],
      ["info", 200],
    ]);
  });

  it("checks the token unless the route hands it out, answers preflights, and adds CORS headers", async () => {
    const edge = createEdge({ logger: () => {}, apiToken: () => "s3cret", corsOrigins: () => ["https://ui.example"] });
    const ok = async () => new Response("ok");
    expect((await edge(ok)(new Request("http://127.0.0.1/api/x"))).status).toBe(401);
    const authed = await edge(ok)(
      new Request("http://127.0.0.1/api/x", {
        headers: { authorization: "Bearer s3cret", origin: "https://ui.example" },
      }),
    );
    expect(authed.status).toBe(200);
    expect(authed.headers.get("access-control-allow-origin")).toBe("https://ui.example");
    expect((await edge(ok, { auth: false })(new Request("http://127.0.0.1/auth"))).status).toBe(200);
    const preflight = await edge(ok)(
      new Request("http://127.0.0.1/api/x", { method: "OPTIONS", headers: { origin: "https://ui.example" } }),
    );
    expect(preflight.status).toBe(204);
  });
});

describe("Fawn's own routes share the LangGraph API's error mapper", () => {
  it("a failing runtime behind /api/files is a redacted internal error, not the raw message", async () => {
    const { logger } = recorder();
    const edge = createEdge({ logger, apiToken: () => undefined, corsOrigins: () => [] });
    const routes = filesRoutes({
      getRuntime: async () => {
        throw secretError();
      },
      threadExists: async () => true,
      edge,
    });
    const res = await routes.list(new Request("http://127.0.0.1/api/files/t1"), {
      params: Promise.resolve({ threadId: "t1" }),
    });
    expect(res.status).toBe(500);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("internal");
    expect(body.error.message).not.toMatch(/exploded|sk-/);
  });
});
