/**
 * The MCP server management routes against real parts: a FawnRuntime on a temp config (demo model, a real stdio
 * MCP server), a real extensions_config.json, and the in-repo OAuth fixture (authorization server + protected MCP
 * server) on loopback ports.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FawnRuntime } from "@/lib/agent/runtime";
import {
  McpServersResponseSchema,
  McpServerProbeResultSchema,
  McpServerWriteResponseSchema,
} from "@/lib/contracts/mcp-servers";
import { type RunningOAuthFixture, startOAuthFixture } from "@/servers/fixtures/oauth/server";
import { tempConfig } from "@/test/support/config";
import { approveInBrowser } from "@/test/support/oauth-browser";
import { REPO_ROOT } from "@/test/support/repo";
import { mcpServerRoutes } from "./routes";

const MEMORY = path.join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-memory/dist/index.js");
const SECRET = "tok-routes-SECRET-4411";
const BASE = "http://127.0.0.1:3599";

let cfg: ReturnType<typeof tempConfig>;
let fawn: FawnRuntime;
let fixture: RunningOAuthFixture;
let routes: ReturnType<typeof mcpServerRoutes>;

beforeAll(async () => {
  fixture = await startOAuthFixture();
  cfg = tempConfig({
    servers: {
      memory: {
        command: "node",
        args: [MEMORY],
        env: { MEMORY_FILE_PATH: "memory.jsonl", API_TOKEN: SECRET },
        description: "graph",
      },
    },
  });
  fawn = new FawnRuntime({ config: cfg.config, extensions: cfg.extensions });
  routes = mcpServerRoutes(() => fawn, process.env);
});
afterAll(async () => {
  await fawn.close();
  await fixture.close();
  fs.rmSync(cfg.dir, { recursive: true, force: true });
});

type Body = Record<string, unknown>;
const ctx = (name: string) => ({ params: Promise.resolve({ name }) });
const json = { "content-type": "application/json" };

function req(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Request {
  const text = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  return new Request(`${BASE}${url}`, { method, body: text, headers: { ...json, ...headers } });
}
async function read(res: Response): Promise<{ status: number; body: Body; text: string }> {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Body) : {}, text };
}
const list = async () => read(await routes.list(req("GET", "/api/mcp/servers"), undefined));
/** The server `name` as GET /api/mcp/servers lists it (undefined when it is not listed). */
const serverNamed = async (name: string) =>
  McpServersResponseSchema.parse((await list()).body).servers.find((s) => s.name === name);
/** The access token stored for `name` (never sent to the browser). */
const storedAccessToken = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(cfg.dir, ".fawn", "mcp-oauth.json"), "utf8")).servers[name].tokens
    .access_token as string;
const signOut = async (name: string) =>
  read(await routes.oauthSignOut(req("POST", `/api/mcp/oauth/${name}/signout`), ctx(name)));
const create = async (body: unknown, headers?: Record<string, string>) =>
  read(await routes.create(req("POST", "/api/mcp/servers", body, headers), undefined));
const put = async (name: string, body: unknown, headers?: Record<string, string>) =>
  read(await routes.replace(req("PUT", `/api/mcp/servers/${name}`, body, headers), ctx(name)));
const patch = async (name: string, body: unknown, headers?: Record<string, string>) =>
  read(await routes.patch(req("PATCH", `/api/mcp/servers/${name}`, body, headers), ctx(name)));
const del = async (name: string, headers?: Record<string, string>) =>
  read(await routes.remove(req("DELETE", `/api/mcp/servers/${name}`, undefined, headers), ctx(name)));
const test = async (name: string, body?: unknown) =>
  read(await routes.probe(req("POST", `/api/mcp/servers/${name}/test`, body), ctx(name)));
const errorOf = (r: { body: Body }) => r.body.error as { code: string; message: string };

describe("GET /api/mcp/servers", () => {
  it("lists each server with status, tools, token costs and an ETag; secrets are masked", async () => {
    const r = await list();
    expect(r.status).toBe(200);
    const doc = McpServersResponseSchema.parse(r.body);
    const memory = doc.servers.find((s) => s.name === "memory");
    // Deferred tools make a server lazy: started once to list its tools (kept in the cache), then asleep.
    expect(memory).toMatchObject({ status: "sleeping", transport: "stdio", enabled: true });
    expect(memory?.tools.length).toBe(9);
    expect(memory?.tools.every((t) => t.state === "deferred" && t.tokens > 0)).toBe(true);
    expect(memory?.cost.total).toBe(memory?.tools.reduce((n, t) => n + t.tokens, 0));
    expect(memory?.entry.env).toEqual({ MEMORY_FILE_PATH: "***", API_TOKEN: "***" });
    expect(r.text).not.toContain(SECRET);
    expect(doc.etag).toMatch(/^"[0-9a-f]{32}"$/);
  });
});

describe("adding, changing and removing a server", () => {
  it("adds a stdio server, keeps a *** secret on PUT, toggles it with PATCH, removes it", async () => {
    const added = await create({
      name: "mem2",
      command: "node",
      args: [MEMORY],
      env: { MEMORY_FILE_PATH: "mem2.jsonl", KEY: SECRET },
    });
    expect(added.status).toBe(201);
    const w = McpServerWriteResponseSchema.parse(added.body);
    expect(w.entry?.env).toEqual({ MEMORY_FILE_PATH: "***", KEY: "***" });
    expect(added.text).not.toContain(SECRET);
    expect(JSON.parse(fs.readFileSync(cfg.extensions, "utf8")).mcpServers.mem2.env.KEY).toBe(SECRET);

    const listed = McpServersResponseSchema.parse((await list()).body);
    expect(listed.servers.find((s) => s.name === "mem2")?.status).toBe("sleeping");

    // The browser sends back what it was shown: *** keeps the stored value, a typed value replaces it.
    const replaced = await put("mem2", {
      command: "node",
      args: [MEMORY],
      env: { MEMORY_FILE_PATH: "mem3.jsonl", KEY: "***" },
      description: "second graph",
    });
    expect(replaced.status).toBe(200);
    const onDisk = JSON.parse(fs.readFileSync(cfg.extensions, "utf8")).mcpServers.mem2;
    expect(onDisk.env).toEqual({ MEMORY_FILE_PATH: "mem3.jsonl", KEY: SECRET });
    expect(onDisk.description).toBe("second graph");

    expect((await patch("mem2", { enabled: false })).status).toBe(200);
    const off = await serverNamed("mem2");
    expect(off).toMatchObject({ enabled: false, status: "disabled", tools: [] });

    const removed = await del("mem2");
    expect(removed.body).toMatchObject({ name: "mem2", entry: null });
    expect(JSON.parse(fs.readFileSync(cfg.extensions, "utf8")).mcpServers.mem2).toBeUndefined();
  });

  it("refuses a change when the file changed since it was read (If-Match), and keeps the hand edit", async () => {
    const { etag } = McpServersResponseSchema.parse((await list()).body);
    const text = fs.readFileSync(cfg.extensions, "utf8");
    const handEdit = text.replace('"description": "graph"', '"description": "edited by hand"');
    fs.writeFileSync(cfg.extensions, handEdit);
    const r = await patch("memory", { description: "from the panel" }, { "if-match": etag });
    expect(r.status).toBe(409);
    expect(errorOf(r).code).toBe("conflict");
    expect(errorOf(r).message).toMatch(/changed since you read it/);
    expect(fs.readFileSync(cfg.extensions, "utf8")).toBe(handEdit);
    const fresh = McpServersResponseSchema.parse((await list()).body).etag;
    expect((await patch("memory", { description: "from the panel" }, { "if-match": fresh })).status).toBe(200);
  });
});

describe("malformed input: a 4xx naming the field", () => {
  it.each([
    ["not JSON", "{", 400, "invalid_json", /not valid JSON/],
    ["no name", { command: "node" }, 400, "invalid_body", /body\.name/],
    ["a bad name", { name: "no spaces", command: "node" }, 400, "invalid_body", /body\.name/],
    ["an unknown field", { name: "x1", command: "node", comand: "typo" }, 400, "invalid_body", /body\.comand/],
    ["http without url", { name: "x2", type: "http" }, 400, "invalid_body", /body\.url/],
    ["a list that is not one", { name: "x3", command: "node", args: "a b" }, 400, "invalid_body", /body\.args/],
    [
      "*** with nothing stored",
      { name: "x4", command: "node", env: { K: "***" } },
      400,
      "invalid_body",
      /body\.env\.K/,
    ],
    [
      "a name that exists",
      { name: "memory", command: "node" },
      409,
      "name_taken",
      /^body\.name: an MCP server named "memory" already exists$/,
    ],
  ])("POST with %s", async (_what, body, status, code, message) => {
    const r = await create(body);
    expect(r.status).toBe(status);
    expect(errorOf(r).code).toBe(code);
    expect(errorOf(r).message).toMatch(message);
  });

  it("POST that is not JSON by content type is 415; nothing was written", async () => {
    const before = fs.readFileSync(cfg.extensions, "utf8");
    const r = await create("name=x", { "content-type": "application/x-www-form-urlencoded" });
    expect(r.status).toBe(415);
    expect(fs.readFileSync(cfg.extensions, "utf8")).toBe(before);
  });

  it("PUT, PATCH, DELETE and test name the path, the body field or the missing server", async () => {
    expect(errorOf(await put("bad name", { command: "node" })).message).toMatch(/^path\.name:/);
    expect((await put("nope", { command: "node" })).status).toBe(404);
    expect(errorOf(await put("memory", { name: "other", command: "node" })).message).toMatch(/body\.name/);
    expect(errorOf(await put("memory", { type: "sse" })).message).toMatch(/body\.url/);
    expect(errorOf(await patch("memory", {})).message).toMatch(/^body: name at least one field/);
    expect(errorOf(await patch("memory", { enabled: "no" })).message).toMatch(/body\.enabled/);
    expect(errorOf(await patch("memory", { name: "x" })).message).toMatch(/body\.name/);
    expect((await del("nope")).status).toBe(404);
    expect(errorOf(await del("a.b")).message).toMatch(/^path\.name:/);
    expect((await test("nope")).status).toBe(404);
    expect(errorOf(await test("nope", { type: "http" })).message).toMatch(/body\.url/);
    expect(errorOf(await test("x/y")).message).toMatch(/^path\.name:/);
  });

  it("the OAuth routes name the server or the query field", async () => {
    const start = await read(await routes.oauthStart(req("POST", "/api/mcp/oauth/nope/start"), ctx("nope")));
    expect(start.status).toBe(404);
    const stdio = await read(await routes.oauthStart(req("POST", "/api/mcp/oauth/memory/start"), ctx("memory")));
    expect(stdio.status).toBe(400);
    expect(errorOf(stdio).message).toMatch(/stdio server/);
    const out = await signOut("nope");
    expect(out.status).toBe(404);
    const noState = await read(await routes.oauthCallback(req("GET", "/api/mcp/oauth/callback?code=x"), undefined));
    expect(noState.status).toBe(400);
    expect(errorOf(noState).message).toMatch(/query\.state/);
    const forged = await routes.oauthCallback(req("GET", "/api/mcp/oauth/callback?state=forged&code=x"), undefined);
    expect(forged.status).toBe(303);
    expect(new URL(forged.headers.get("location") ?? "", BASE).searchParams.get("oauth_error")).toMatch(
      /unknown, expired or already used/,
    );
  });
});

describe("POST /api/mcp/servers/{name}/test", () => {
  it("tests an unsaved entry in isolation: a broken command is a clear error, and nothing is saved", async () => {
    const before = fs.readFileSync(cfg.extensions, "utf8");
    const r = await test("broken", { command: "fawn-no-such-command-xyz", env: { K: SECRET } });
    expect(r.status).toBe(200);
    const result = McpServerProbeResultSchema.parse(r.body);
    expect(result).toMatchObject({ ok: false, tools: [] });
    expect(result.error).toMatch(/ENOENT|not found/i);
    expect(fs.readFileSync(cfg.extensions, "utf8")).toBe(before);
    expect(McpServersResponseSchema.parse((await list()).body).servers.map((s) => s.name)).not.toContain("broken");
  });

  it("tests the saved entry and prices its tools the way the inventory does", async () => {
    const result = McpServerProbeResultSchema.parse((await test("memory")).body);
    expect(result.ok).toBe(true);
    expect(result.tools.length).toBe(9);
    const listed = await serverNamed("memory");
    expect(result.cost.total).toBe(listed?.cost.total);
    expect(result.tools.every((t) => t.state === "deferred")).toBe(true);
  });
});

describe("OAuth through the routes", () => {
  it("a 401 server shows sign-in required; signing in connects it; signing out removes access", async () => {
    expect((await create({ name: "secure", type: "http", url: fixture.mcpUrl })).status).toBe(201);
    expect(await serverNamed("secure")).toMatchObject({
      status: "failed",
      auth: { oauth: true, signed_in: false, required: true },
    });

    const start = await read(await routes.oauthStart(req("POST", "/api/mcp/oauth/secure/start"), ctx("secure")));
    expect(start.status).toBe(200);
    const back = await approveInBrowser(String(start.body.authorization_url));
    expect(back.origin).toBe(BASE);
    expect(back.pathname).toBe("/api/mcp/oauth/callback");
    const cb = await routes.oauthCallback(req("GET", `${back.pathname}${back.search}`), undefined);
    expect(cb.status).toBe(303);
    expect(cb.headers.get("location")).toBe("/?panel=servers&signed_in=secure");
    const signedIn = await serverNamed("secure");
    // Signed in, it connected and listed its tools; as a lazy server it then sleeps until a tool is used.
    expect(signedIn).toMatchObject({ status: "sleeping", auth: { signed_in: true, required: false } });
    expect(signedIn?.tools.map((t) => t.name).sort()).toEqual(["secure_echo", "secure_whoami"]);
    expect(signedIn?.tools.every((t) => t.state === "deferred")).toBe(true);
    // The token never leaves the server.
    const token = storedAccessToken("secure");
    expect((await list()).text).not.toContain(token);
    // A replayed callback finds nothing.
    const again = await routes.oauthCallback(req("GET", `${back.pathname}${back.search}`), undefined);
    expect(again.headers.get("location")).toContain("oauth_error=");

    const out = await signOut("secure");
    expect(out.body).toEqual({ name: "secure", revoked: 2 });
    expect(await serverNamed("secure")).toMatchObject({ status: "failed", auth: { signed_in: false, required: true } });
    await expect(fixture.provider.verifyAccessToken(token)).rejects.toThrow();
  });
});

describe("OAuth with an HTTP+SSE server, through the routes", () => {
  it("401 shows sign-in required; code + PKCE signs in; its tools are listed; an expired token is refreshed; sign out", async () => {
    expect((await create({ name: "legacy", type: "sse", url: fixture.sseUrl })).status).toBe(201);
    expect(await serverNamed("legacy")).toMatchObject({
      status: "failed",
      transport: "sse",
      auth: { oauth: true, signed_in: false, required: true },
    });
    expect((await serverNamed("legacy"))?.error).toMatch(/sign-in required/);

    const before = fixture.stats();
    const start = await read(await routes.oauthStart(req("POST", "/api/mcp/oauth/legacy/start"), ctx("legacy")));
    expect(start.status).toBe(200);
    const authorization = new URL(String(start.body.authorization_url));
    // Discovered from the SSE endpoint's own protected-resource metadata, with a PKCE challenge.
    expect(authorization.searchParams.get("resource")).toBe(fixture.sseUrl);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${BASE}/api/mcp/oauth/callback`);
    const back = await approveInBrowser(authorization.href);
    const cb = await routes.oauthCallback(req("GET", `${back.pathname}${back.search}`), undefined);
    expect(cb.headers.get("location")).toBe("/?panel=servers&signed_in=legacy");
    expect(fixture.stats().codeExchanges).toBe(before.codeExchanges + 1);
    const signedIn = await serverNamed("legacy");
    expect(signedIn).toMatchObject({ status: "sleeping", auth: { signed_in: true, required: false } });
    expect(signedIn?.tools.map((t) => t.name).sort()).toEqual(["legacy_echo", "legacy_whoami"]);

    // The access token runs out at the authorization server: the next connection refreshes it by itself.
    fixture.provider.expireAccessTokens();
    const refreshes = fixture.stats().refreshes;
    const probed = McpServerProbeResultSchema.parse((await test("legacy")).body);
    expect(probed).toMatchObject({ ok: true });
    expect(probed.tools.length).toBe(2);
    expect(fixture.stats().refreshes).toBe(refreshes + 1);
    expect(fixture.stats().codeExchanges).toBe(before.codeExchanges + 1);

    const token = storedAccessToken("legacy");
    const out = await signOut("legacy");
    expect(out.body).toEqual({ name: "legacy", revoked: 2 });
    expect(await serverNamed("legacy")).toMatchObject({ status: "failed", auth: { signed_in: false, required: true } });
    await expect(fixture.provider.verifyAccessToken(token)).rejects.toThrow();
    expect((await del("legacy")).status).toBe(200);
  });
});

describe("behind a TLS-terminating reverse proxy (FAWN_PUBLIC_URL)", () => {
  const PUBLIC = "https://fawn.example.com";
  // What reaches Fawn from the proxy: its upstream URL, and a Host that is the upstream's (nginx's default) or
  // the public one; the browser's Origin is always the public site.
  const proxied = (method: string, pathAndQuery: string, host: string) =>
    new Request(`http://${host}${pathAndQuery}`, {
      method,
      headers: { ...json, host, origin: PUBLIC, "x-forwarded-proto": "https" },
    });
  const startBehind = async (host: string) =>
    read(await routes.oauthStart(proxied("POST", "/api/mcp/oauth/behind/start", host), ctx("behind")));
  const redirectUriOf = (r: { body: Body }) =>
    new URL(String(r.body.authorization_url)).searchParams.get("redirect_uri");

  afterEach(() => {
    delete process.env.FAWN_PUBLIC_URL;
    delete process.env.FAWN_ALLOWED_HOSTS;
  });

  it("the redirect URI is on the public origin; the sign-in completes through the proxy", async () => {
    expect((await create({ name: "behind", type: "http", url: fixture.mcpUrl })).status).toBe(201);
    // Without the setting: the upstream's Host with the public Origin is refused, and the public Host (once
    // allowed) gives a redirect URI with the scheme Fawn saw, http, where the browser is on https.
    expect((await startBehind("127.0.0.1:3599")).status).toBe(403);
    process.env.FAWN_ALLOWED_HOSTS = "fawn.example.com";
    expect(redirectUriOf(await startBehind("fawn.example.com"))).toBe("http://fawn.example.com/api/mcp/oauth/callback");
    delete process.env.FAWN_ALLOWED_HOSTS;

    process.env.FAWN_PUBLIC_URL = `${PUBLIC}/`;
    expect(redirectUriOf(await startBehind("fawn.example.com"))).toBe(`${PUBLIC}/api/mcp/oauth/callback`);
    const start = await startBehind("127.0.0.1:3599");
    expect(start.status).toBe(200);
    expect(redirectUriOf(start)).toBe(`${PUBLIC}/api/mcp/oauth/callback`);
    const exchanges = fixture.stats().codeExchanges;
    const back = await approveInBrowser(String(start.body.authorization_url));
    expect(back.origin).toBe(PUBLIC);
    // The proxy hands the browser's callback to Fawn; the code is exchanged with the same (public) redirect URI.
    const cb = await routes.oauthCallback(
      proxied("GET", `${back.pathname}${back.search}`, "127.0.0.1:3599"),
      undefined,
    );
    expect(cb.status).toBe(303);
    expect(cb.headers.get("location")).toBe("/?panel=servers&signed_in=behind");
    expect(fixture.stats().codeExchanges).toBe(exchanges + 1);
    const behind = await serverNamed("behind");
    expect(behind).toMatchObject({ auth: { signed_in: true } });
    expect(behind?.tools.map((t) => t.name).sort()).toEqual(["behind_echo", "behind_whoami"]);
    expect((await del("behind")).status).toBe(200);
  });

  it("a malformed FAWN_PUBLIC_URL is a 500 naming it, and no sign-in starts", async () => {
    expect((await create({ name: "behind", type: "http", url: fixture.mcpUrl })).status).toBe(201);
    process.env.FAWN_PUBLIC_URL = "fawn.example.com";
    const before = fixture.stats().registrations;
    const r = await startBehind("127.0.0.1:3599");
    expect(r.status).toBe(500);
    expect(errorOf(r).message).toMatch(/FAWN_PUBLIC_URL is not a URL \("fawn\.example\.com"\)/);
    expect(fixture.stats().registrations).toBe(before);
    delete process.env.FAWN_PUBLIC_URL;
    expect((await del("behind")).status).toBe(200);
  });
});

describe("the edge guards every new route", () => {
  it("refuses a foreign Origin or Host before anything is written, and asks for the API token when one is set", async () => {
    const before = fs.readFileSync(cfg.extensions, "utf8");
    const evil = await create({ name: "evil", command: "sh" }, { origin: "http://evil.example" });
    expect(evil.status).toBe(403);
    expect(errorOf(evil).message).toMatch(/Origin/);
    const rebound = await read(
      await routes.create(
        new Request("http://attacker.example:3599/api/mcp/servers", {
          method: "POST",
          headers: { ...json, host: "attacker.example:3599" },
          body: JSON.stringify({ name: "evil", command: "sh" }),
        }),
        undefined,
      ),
    );
    expect(rebound.status).toBe(403);
    expect(errorOf(rebound).message).toMatch(/Host header/);
    process.env.FAWN_API_TOKEN = "route-token-1234";
    try {
      expect((await create({ name: "evil", command: "sh" })).status).toBe(401);
      expect((await list()).status).toBe(401);
      expect((await test("memory")).status).toBe(401);
      const start = await read(await routes.oauthStart(req("POST", "/api/mcp/oauth/secure/start"), ctx("secure")));
      expect(start.status).toBe(401);
      // The callback asks for no token (the browser comes from the authorization server's site); the state is the key.
      const cb = await routes.oauthCallback(req("GET", "/api/mcp/oauth/callback?state=nothing&code=x"), undefined);
      expect(cb.status).toBe(303);
      expect(cb.headers.get("location")).toContain("oauth_error=");
      const authed = await create(
        { name: "tokened", command: "node", args: [MEMORY] },
        { authorization: "Bearer route-token-1234" },
      );
      expect(authed.status).toBe(201);
      expect((await del("tokened", { authorization: "Bearer route-token-1234" })).status).toBe(200);
    } finally {
      delete process.env.FAWN_API_TOKEN;
    }
    expect(JSON.parse(fs.readFileSync(cfg.extensions, "utf8")).mcpServers.evil).toBeUndefined();
    expect(fs.readFileSync(cfg.extensions, "utf8")).toBe(before);
  });
});
