/** DNS rebinding and cross-site writes, refused at the real Next route handlers and at the proxy for pages. */
import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { tempConfig } from "@/test/support/config";
import * as langgraph from "@/app/api/langgraph/[...path]/route";
import * as tools from "@/app/api/tools/route";
import * as auth from "@/app/auth/route";
import { proxy } from "@/proxy";
import { checkRequestSource, type SourcePolicy, sourcePolicyFromEnv } from "./request-source";

const policy = (over: Partial<SourcePolicy> = {}): SourcePolicy => ({
  boundPort: "3000",
  allowedHosts: [],
  corsOrigins: [],
  ...over,
});
const request = (method: string, url: string, headers: Record<string, string>, body?: string) =>
  new Request(url, { method, headers, body });
const LOCAL = "http://127.0.0.1:3000";
const local = { host: "127.0.0.1:3000", "content-type": "application/json" };

/** Threads the real route handler knows, asked the way a page on 127.0.0.1 would. */
async function threadCount(): Promise<number> {
  const res = await langgraph.POST(
    request("POST", `${LOCAL}/api/langgraph/threads/search`, local, JSON.stringify({ limit: 1000 })),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as unknown[]).length;
}
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

afterEach(() => {
  delete process.env.FAWN_ALLOWED_HOSTS;
  delete process.env.FAWN_PUBLIC_URL;
  delete process.env.PORT;
});

describe("checkRequestSource", () => {
  it("accepts loopback names on the bound port, and FAWN_ALLOWED_HOSTS entries", () => {
    for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000", "LOCALHOST:3000"])
      expect(checkRequestSource(request("GET", "http://x/", { host }), policy()), host).toBeNull();
    expect(checkRequestSource(request("GET", "http://x/", { host: "localhost:3001" }), policy())?.status).toBe(403);
    expect(checkRequestSource(request("GET", "http://x/", { host: "localhost" }), policy())?.status).toBe(403);
    const lan = policy({ allowedHosts: ["fawn.lan", "box:8080"] });
    expect(checkRequestSource(request("GET", "http://x/", { host: "fawn.lan:3000" }), lan)).toBeNull();
    expect(checkRequestSource(request("GET", "http://x/", { host: "box:8080" }), lan)).toBeNull();
    expect(checkRequestSource(request("GET", "http://x/", { host: "box:9090" }), lan)?.status).toBe(403);
  });

  it("refuses a state-changing request from another origin, naming the Origin header", () => {
    const host = "127.0.0.1:3000";
    expect(
      checkRequestSource(request("POST", "http://x/", { host, origin: "http://127.0.0.1:3000" }), policy()),
    ).toBeNull();
    expect(checkRequestSource(request("POST", "http://x/", { host }), policy())).toBeNull();
    expect(
      checkRequestSource(request("GET", "http://x/", { host, origin: "https://evil.example" }), policy()),
    ).toBeNull();
    for (const origin of ["https://evil.example", "null", "http://localhost:3000"]) {
      const refused = checkRequestSource(request("POST", "http://x/", { host, origin }), policy());
      expect(refused?.status, origin).toBe(403);
      expect(refused?.message).toContain(`Origin header ${JSON.stringify(origin)}`);
    }
    const cors = policy({ corsOrigins: ["https://chat.example"] });
    expect(
      checkRequestSource(request("DELETE", "http://x/", { host, origin: "https://chat.example" }), cors),
    ).toBeNull();
  });

  it("FAWN_CORS_ORIGINS=* without FAWN_API_TOKEN lets no site change state, and the refusal says why", () => {
    const host = "127.0.0.1:3000";
    const post = (origin: string, env: Record<string, string>) =>
      checkRequestSource(
        request("POST", "http://x/", { host, origin }),
        sourcePolicyFromEnv({ PORT: "3000", FAWN_CORS_ORIGINS: "*", ...env }),
      );
    for (const origin of ["https://evil.example", "null"]) {
      const refused = post(origin, {});
      expect(refused?.status, origin).toBe(403);
      expect(refused?.message).toContain("FAWN_CORS_ORIGINS=* is ignored while FAWN_API_TOKEN is unset");
    }
    expect(post("https://chat.example", { FAWN_API_TOKEN: "secret" })).toBeNull();
  });
});

describe("checkRequestSource with FAWN_PUBLIC_URL (behind a reverse proxy)", () => {
  const behind = policy({ publicOrigin: "https://fawn.example.com" });

  it("accepts the public host on its port (no port meaning the scheme's default), nothing else", () => {
    for (const host of ["fawn.example.com", "fawn.example.com:443", "FAWN.example.com", "127.0.0.1:3000"])
      expect(checkRequestSource(request("GET", "http://x/", { host }), behind), host).toBeNull();
    for (const host of ["fawn.example.com:8443", "other.example.com", "example.com"]) {
      const refused = checkRequestSource(request("GET", "http://x/", { host }), behind);
      expect(refused?.status, host).toBe(403);
      expect(refused?.message).toContain("and fawn.example.com (FAWN_PUBLIC_URL)");
    }
    const lan = policy({ publicOrigin: "http://fawn.lan:8080" });
    expect(checkRequestSource(request("GET", "http://x/", { host: "fawn.lan:8080" }), lan)).toBeNull();
    expect(checkRequestSource(request("GET", "http://x/", { host: "fawn.lan" }), lan)?.status).toBe(403);
  });

  it("accepts writes from the public origin whether the proxy keeps the Host or names its upstream", () => {
    const origin = "https://fawn.example.com";
    for (const host of ["fawn.example.com", "127.0.0.1:3000"])
      expect(checkRequestSource(request("POST", "http://x/", { host, origin }), behind), host).toBeNull();
    // Not the public origin: another scheme or port, or no FAWN_PUBLIC_URL at all.
    for (const other of ["http://fawn.example.com", "https://fawn.example.com:8443", "https://evil.example"]) {
      const refused = checkRequestSource(
        request("POST", "http://x/", { host: "127.0.0.1:3000", origin: other }),
        behind,
      );
      expect(refused?.status, other).toBe(403);
    }
    expect(checkRequestSource(request("POST", "http://x/", { host: "127.0.0.1:3000", origin }), policy())?.status).toBe(
      403,
    );
  });

  it("reads FAWN_PUBLIC_URL from the environment, and a malformed one is a 500 naming it", () => {
    expect(sourcePolicyFromEnv({ FAWN_PUBLIC_URL: "https://fawn.example.com/" }).publicOrigin).toBe(
      "https://fawn.example.com",
    );
    expect(sourcePolicyFromEnv({}).publicOrigin).toBeNull();
    let err: unknown;
    try {
      sourcePolicyFromEnv({ FAWN_PUBLIC_URL: "https://fawn.example.com/fawn" });
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ status: 500, code: "internal" });
    expect((err as Error).message).toMatch(/^The server is misconfigured: FAWN_PUBLIC_URL must be an origin only/);
  });
});

describe("the real route handlers refuse a DNS-rebinding request", () => {
  // The real handlers use the process-wide runtime: point it at a throwaway config and data folder.
  beforeAll(() => {
    const paths = tempConfig({ servers: {} });
    process.env.FAWN_CONFIG = paths.config;
    process.env.FAWN_EXTENSIONS_CONFIG = paths.extensions;
  });

  const evil = { host: "evil.example:3000", origin: "http://evil.example:3000", "content-type": "application/json" };

  it("POST /api/langgraph/threads with Host evil.example is a 403 naming the Host header; nothing is created", async () => {
    const before = await threadCount();
    const res = await langgraph.POST(request("POST", "http://evil.example:3000/api/langgraph/threads", evil, "{}"));
    expect(res.status).toBe(403);
    const err = await errorOf(res);
    expect(err.code).toBe("forbidden");
    expect(err.message).toMatch(/^Host header "evil\.example:3000" is not allowed/);
    expect(err.message).toContain("FAWN_ALLOWED_HOSTS");
    expect(await threadCount()).toBe(before);
  });

  it("the issue's reproduction (a thread, then runs/stream running bash) from evil.example changes nothing", async () => {
    const created = await langgraph.POST(request("POST", `${LOCAL}/api/langgraph/threads`, local, "{}"));
    const { thread_id } = (await created.json()) as { thread_id: string };
    const count = await threadCount();
    const body = JSON.stringify({
      assistant_id: "lead_agent",
      input: { messages: [{ type: "human", content: 'bash {"command":"id; hostname"}' }] },
    });
    const res = await langgraph.POST(
      request("POST", `http://evil.example:3000/api/langgraph/threads/${thread_id}/runs/stream`, evil, body),
    );
    expect(res.status).toBe(403);
    expect(await threadCount()).toBe(count);
    const state = await langgraph.GET(request("GET", `${LOCAL}/api/langgraph/threads/${thread_id}/state`, local));
    expect(((await state.json()) as { values: { messages?: unknown[] } }).values.messages ?? []).toEqual([]);
  });

  it("Fawn's own routes and /auth are behind the same check", async () => {
    expect((await tools.GET(request("GET", "http://evil.example:3000/api/tools", evil))).status).toBe(403);
    expect((await auth.GET(request("GET", "http://evil.example:3000/auth?token=x", evil))).status).toBe(403);
  });

  it("FAWN_ALLOWED_HOSTS lets a named host in", async () => {
    process.env.FAWN_ALLOWED_HOSTS = "evil.example:3000";
    const res = await langgraph.GET(
      request("GET", "http://evil.example:3000/api/langgraph/info", { host: "evil.example:3000" }),
    );
    expect(res.status).toBe(200);
  });

  it("FAWN_PUBLIC_URL lets the public host in, and writes from its origin under the upstream's Host", async () => {
    process.env.FAWN_PUBLIC_URL = "https://fawn.example.com";
    const publicHost = {
      host: "fawn.example.com",
      origin: "https://fawn.example.com",
      "content-type": "application/json",
    };
    const kept = await langgraph.POST(
      request("POST", "http://fawn.example.com/api/langgraph/threads", publicHost, "{}"),
    );
    expect(kept.status).toBe(200);
    // nginx's default: the request names the upstream, the browser's Origin the public site.
    const upstream = { ...publicHost, host: "127.0.0.1:3000" };
    const rewritten = await langgraph.POST(request("POST", `${LOCAL}/api/langgraph/threads`, upstream, "{}"));
    expect(rewritten.status).toBe(200);
    expect((await tools.GET(request("GET", "http://fawn.example.com/api/tools", publicHost))).status).toBe(200);
    const page = proxy(new NextRequest("http://fawn.example.com/", { headers: { host: "fawn.example.com" } }));
    expect(page.status).toBe(200);
    delete process.env.FAWN_PUBLIC_URL;
    const refused = await langgraph.POST(request("POST", `${LOCAL}/api/langgraph/threads`, upstream, "{}"));
    expect(refused.status).toBe(403);
  });

  it("a malformed FAWN_PUBLIC_URL is a 500 naming it, from the API and the page proxy alike; nothing is created", async () => {
    process.env.FAWN_PUBLIC_URL = "https://fawn.example.com/fawn";
    const before = await (async () => {
      delete process.env.FAWN_PUBLIC_URL;
      const n = await threadCount();
      process.env.FAWN_PUBLIC_URL = "https://fawn.example.com/fawn";
      return n;
    })();
    const res = await langgraph.POST(request("POST", `${LOCAL}/api/langgraph/threads`, local, "{}"));
    expect(res.status).toBe(500);
    const err = await errorOf(res);
    expect(err.code).toBe("internal");
    expect(err.message).toContain("FAWN_PUBLIC_URL must be an origin only, without a path (/fawn)");
    const page = proxy(new NextRequest(`${LOCAL}/`, { headers: { host: "127.0.0.1:3000" } }));
    expect(page.status).toBe(500);
    expect((await errorOf(page)).message).toContain("FAWN_PUBLIC_URL");
    delete process.env.FAWN_PUBLIC_URL;
    expect(await threadCount()).toBe(before);
  });

  it("the proxy refuses pages to a foreign Host and gives them a nonce CSP otherwise", async () => {
    process.env.PORT = "3000";
    const refused = proxy(new NextRequest("http://evil.example:3000/", { headers: { host: "evil.example:3000" } }));
    expect(refused.status).toBe(403);
    const page = proxy(new NextRequest("http://127.0.0.1:3000/", { headers: { host: "127.0.0.1:3000" } }));
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("img-src 'self' data: blob:");
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    const badPath = proxy(
      new NextRequest("http://127.0.0.1:3000/api/langgraph/threads/%ZZ", { headers: { host: "127.0.0.1:3000" } }),
    );
    expect(badPath.status).toBe(400);
  });
});
