import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addressKind } from "./address-kind";
import { EndpointPolicy, OAuthEndpointRefusedError } from "./endpoint-policy";
import { guardedFetch, OAuthResponseError } from "./guarded-fetch";

/** A real HTTP server on `host` answering with `handler`, counting the requests it gets. */
async function listen(host: string, handler: http.RequestListener) {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${host}:${port}`,
    hits: () => hits,
    reset: () => {
      hits = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type Listening = Awaited<ReturnType<typeof listen>>;

// The "public" MCP server's world is played by 127.0.0.1; 127.0.0.2 (also this machine) is an internal service.
const asIfPublic = (a: string) => (a === "127.0.0.1" ? "public" : addressKind(a));

describe("guardedFetch: OAuth requests with checked addresses, no redirects, bounded time and size", () => {
  let internal: Listening;
  let hostile: Listening;
  let policy: EndpointPolicy;
  const routes = new Map<string, http.RequestListener>();

  beforeAll(async () => {
    internal = await listen("127.0.0.2", (_req, res) => res.end('{"secret":"internal"}'));
    hostile = await listen("127.0.0.1", (req, res) => {
      const route = routes.get(new URL(req.url ?? "/", "http://x").pathname);
      if (route) route(req, res);
      else res.writeHead(404).end();
    });
    policy = new EndpointPolicy(`${hostile.url}/mcp`, { kindOf: asIfPublic });
  });
  afterAll(async () => {
    await internal.close();
    await hostile.close();
  });
  beforeEach(() => {
    internal.reset();
    routes.clear();
  });

  it("fetches an allowed URL: status, headers, body, and a form body sent as the SDK sends it", async () => {
    routes.set("/token", (req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () =>
        res
          .writeHead(200, { "content-type": "application/json", "x-seen": req.headers["content-type"] ?? "" })
          .end(JSON.stringify({ body })),
      );
    });
    const f = guardedFetch(policy);
    const r = await f(new URL(`${hostile.url}/token`), {
      method: "POST",
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "r" }),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-seen")).toMatch(/application\/x-www-form-urlencoded/);
    expect(await r.json()).toEqual({ body: "grant_type=refresh_token&refresh_token=r" });
    expect(r.url).toBe(`${hostile.url}/token`);
  });

  it("refuses an internal address before connecting, naming the URL and why", async () => {
    const err = await guardedFetch(policy)(`${internal.url}/latest/meta-data/`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OAuthEndpointRefusedError);
    expect((err as Error).message).toContain(`${internal.url}/latest/meta-data/ is refused: 127.0.0.2 is a loopback`);
    expect(internal.hits()).toBe(0);
  });

  it("refuses file:, and any other scheme, without touching anything", async () => {
    await expect(guardedFetch(policy)("file:///etc/passwd")).rejects.toThrow(/uses file: \(Fawn sends OAuth/);
  });

  it("checks again when connecting: a name that resolves elsewhere the second time (DNS rebinding) is refused", async () => {
    let lookups = 0;
    const rebinding = new EndpointPolicy(`${hostile.url}/mcp`, {
      kindOf: asIfPublic,
      resolve: async () => [{ address: lookups++ === 0 ? "127.0.0.1" : "127.0.0.2", family: 4 }],
    });
    const err = await guardedFetch(rebinding)(`http://rebind.test:${internal.port}/token`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OAuthEndpointRefusedError);
    expect((err as Error).message).toContain("rebind.test resolves to 127.0.0.2, a loopback address");
    expect(lookups).toBe(2);
    expect(internal.hits()).toBe(0);
  });

  it("follows no redirect: a 302 or 307 to an internal address comes back as it is", async () => {
    for (const status of [302, 307]) {
      routes.set("/moved", (_req, res) => res.writeHead(status, { location: `${internal.url}/admin` }).end());
      const r = await guardedFetch(policy)(`${hostile.url}/moved`, { method: "POST", body: "token=secret" });
      expect(r.status).toBe(status);
      expect(r.headers.get("location")).toBe(`${internal.url}/admin`);
    }
    expect(internal.hits()).toBe(0);
  });

  it("refuses a body larger than the limit, announced or streamed", async () => {
    const big = "x".repeat(64 * 1024);
    routes.set("/announced", (_req, res) => res.writeHead(200, { "content-length": String(big.length) }).end(big));
    routes.set("/streamed", (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      for (let i = 0; i < 8; i++) res.write(big.slice(0, 8 * 1024));
      res.end();
    });
    const f = guardedFetch(policy, { maxBytes: 16 * 1024 });
    const announced = await f(`${hostile.url}/announced`).catch((e: unknown) => e);
    expect(announced).toBeInstanceOf(OAuthResponseError);
    expect((announced as Error).message).toBe(`${hostile.url}/announced answered with more than 16 KiB: not read`);
    const streamed = await f(`${hostile.url}/streamed`);
    await expect(streamed.text()).rejects.toThrow(/\/streamed answered with more than 16 KiB/);
  });

  it("gives up on a server that does not answer, or answers too slowly, within the time limit", async () => {
    routes.set("/hang", () => {
      // Never answers.
    });
    routes.set("/drip", (_req, res) => {
      res.writeHead(200);
      res.write("{");
    });
    const f = guardedFetch(policy, { timeoutMs: 300 });
    const started = Date.now();
    await expect(f(`${hostile.url}/hang`)).rejects.toThrow(`${hostile.url}/hang did not answer within 0.3s`);
    const drip = await f(`${hostile.url}/drip`);
    await expect(drip.json()).rejects.toThrow(/did not answer within 0.3s/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("a network failure is a TypeError, as fetch's is (the SDK tries the next discovery URL)", async () => {
    const closed = await listen("127.0.0.1", () => {});
    await closed.close();
    await expect(guardedFetch(policy)(`${closed.url}/x`)).rejects.toBeInstanceOf(TypeError);
  });
});
