/**
 * A hostile MCP server (and the authorization server it names) against Fawn's OAuth client, over real sockets:
 * the hostile side listens on 127.0.0.1, which these tests classify as a public address, and an internal service
 * listens on 127.0.0.2 (loopback, as 127.0.0.1 really is). Nothing may reach the internal service.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ResolvedServer } from "@/lib/config";
import { McpServerConfigSchema } from "@/lib/config/extensions";
import { connectServer } from "@/lib/mcp/connect";
import { addressKind } from "./address-kind";
import { isSignInRequired } from "./errors";
import type { OAuthNetworkOptions } from "./guarded-fetch";
import { McpOAuth } from "./service";
import { type RecordingServer, type Route, recordingServer } from "@/test/support/recording-server";

const REDIRECT = "http://127.0.0.1:3599/api/mcp/oauth/callback";

const listen = recordingServer;
type Listening = RecordingServer;

const json =
  (value: unknown, status = 200): Route =>
  (_req, res) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));

function remote(name: string, url: string, type: "http" | "sse" = "http"): ResolvedServer {
  const config = McpServerConfigSchema.parse({ type, url, headers: {}, session_init_timeout: 5 });
  return { name, config, transport: type };
}

const network: OAuthNetworkOptions = {
  policy: { kindOf: (a) => (a === "127.0.0.1" ? "public" : addressKind(a)) },
  fetch: { timeoutMs: 400, maxBytes: 32 * 1024 },
};

describe("OAuth sign-in against a hostile MCP server: discovered URLs cannot reach internal addresses", () => {
  let internal: Listening;
  let hostile: Listening;
  let dir: string;
  let mcpUrl: string;
  const routes = new Map<string, Route>();
  let n = 0;
  const fresh = () => new McpOAuth(path.join(dir, String(n++)), undefined, network);

  /** The hostile side's documents: its own protected-resource metadata naming itself, metadata `as` on top. */
  function hostileAuthorizationServer(as: Record<string, unknown> = {}) {
    routes.set(
      "/.well-known/oauth-protected-resource/mcp",
      json({ resource: mcpUrl, authorization_servers: [`${hostile.url}/`] }),
    );
    routes.set(
      "/.well-known/oauth-authorization-server",
      json({
        issuer: `${hostile.url}/`,
        authorization_endpoint: `${hostile.url}/authorize`,
        token_endpoint: `${hostile.url}/token`,
        registration_endpoint: `${hostile.url}/register`,
        response_types_supported: ["code"],
        code_challenge_methods_supported: ["S256"],
        ...as,
      }),
    );
    routes.set("/register", json({ client_id: "c1", redirect_uris: [REDIRECT] }, 201));
  }

  async function startAndFinish(oauth: McpOAuth, server: ResolvedServer): Promise<unknown> {
    try {
      const { authorization_url } = await oauth.startSignIn(server, REDIRECT);
      const state = new URL(authorization_url).searchParams.get("state") ?? "";
      await oauth.finishSignIn({ state, code: "code-1" }, () => server);
      return null;
    } catch (e) {
      return e;
    }
  }

  beforeAll(async () => {
    internal = await listen("127.0.0.2", () => json({ secret: "internal" }));
    hostile = await listen("127.0.0.1", (p) => routes.get(p));
    mcpUrl = `${hostile.url}/mcp`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-oauth-ssrf-"));
  });
  afterAll(async () => {
    await internal.close();
    await hostile.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    routes.clear();
    internal.seen.length = 0;
    hostile.seen.length = 0;
  });

  it("authorization_servers naming an internal address: refused before its metadata is fetched", async () => {
    routes.set(
      "/.well-known/oauth-protected-resource/mcp",
      json({ resource: mcpUrl, authorization_servers: [`${internal.url}/`] }),
    );
    const err = await fresh()
      .startSignIn(remote("evil", mcpUrl), REDIRECT)
      .catch((e: unknown) => e);
    expect((err as Error).message).toContain(
      `the protected-resource metadata of ${mcpUrl}: authorization_servers[0] ${internal.url}/ is refused: 127.0.0.2 is a loopback address`,
    );
    expect(internal.seen).toEqual([]);
  });

  it("registration_endpoint naming an internal address: refused, naming the document and field", async () => {
    hostileAuthorizationServer({ registration_endpoint: `${internal.url}/admin/users` });
    const err = await startAndFinish(fresh(), remote("evil", mcpUrl));
    expect((err as Error).message).toContain(
      `the authorization-server metadata of ${hostile.url}/: registration_endpoint ${internal.url}/admin/users is refused`,
    );
    expect(internal.seen).toEqual([]);
  });

  it("token_endpoint naming the cloud metadata service or an internal address: refused, no code is sent there", async () => {
    hostileAuthorizationServer({ token_endpoint: `${internal.url}/token` });
    const err = await startAndFinish(fresh(), remote("evil", mcpUrl));
    expect((err as Error).message).toMatch(/authorization-server metadata .*: token_endpoint .* is refused/);
    expect(internal.seen).toEqual([]);
    hostileAuthorizationServer({ token_endpoint: "http://169.254.169.254/latest/api/token" });
    const metadataErr = await startAndFinish(fresh(), remote("evil", mcpUrl));
    expect((metadataErr as Error).message).toContain("169.254.169.254 is a link-local address");
  });

  it("a redirect of the token endpoint to an internal address is not followed (the SDK's own rule, kept)", async () => {
    hostileAuthorizationServer();
    routes.set("/token", (_req, res) => res.writeHead(307, { location: `${internal.url}/token` }).end());
    const err = await startAndFinish(fresh(), remote("evil", mcpUrl));
    expect((err as Error).message).toMatch(/signing in to "evil" failed/);
    expect(internal.seen).toEqual([]);
  });

  it("the browser is never handed a URL of another scheme (file:, vscode:, ms-msdt:)", async () => {
    for (const endpoint of ["vscode://evil/run?cmd=x", "file:///etc/passwd", "ms-msdt:/id PCWDiagnostic"]) {
      hostileAuthorizationServer({ authorization_endpoint: endpoint });
      const err = await fresh()
        .startSignIn(remote("evil", mcpUrl), REDIRECT)
        .catch((e: unknown) => e);
      expect((err as Error).message, endpoint).toMatch(
        /authorization_endpoint .* uses [a-z-]+: \(the browser is only sent to http: and https: sign-in pages\)/,
      );
    }
  });

  it("oversized and never-ending discovery documents end the sign-in within the bounds", async () => {
    routes.set("/.well-known/oauth-protected-resource/mcp", json({ resource: mcpUrl, pad: "x".repeat(64 * 1024) }));
    const big = await fresh()
      .startSignIn(remote("evil", mcpUrl), REDIRECT)
      .catch((e: unknown) => e);
    expect((big as Error).message).toMatch(/oauth-protected-resource\/mcp answered with more than 32 KiB: not read/);
    routes.set("/.well-known/oauth-protected-resource/mcp", () => {
      // Never answers.
    });
    const started = Date.now();
    const hung = await fresh()
      .startSignIn(remote("evil", mcpUrl), REDIRECT)
      .catch((e: unknown) => e);
    expect((hung as Error).message).toMatch(/did not answer within 0.4s/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("an error body is not echoed at length into the message (it goes to the callback's redirect)", async () => {
    hostileAuthorizationServer();
    routes.set("/register", (_req, res) => res.writeHead(500).end("e".repeat(20_000)));
    const err = await fresh()
      .startSignIn(remote("evil", mcpUrl), REDIRECT)
      .catch((e: unknown) => e);
    expect((err as Error).message.length).toBeLessThanOrEqual(501);
  });

  describe("after a sign-in: refresh and revocation", () => {
    async function signedIn(oauth: McpOAuth, as: Record<string, unknown>) {
      await oauth.store.update("evil", mcpUrl, () => ({
        url: mcpUrl,
        clients: { [REDIRECT]: { client_id: "c1" } },
        tokens: {
          access_token: "access-secret",
          refresh_token: "refresh-secret",
          token_type: "Bearer",
          expires_in: 3600,
          expires_at: Date.now() - 1,
          client_key: REDIRECT,
        },
        discovery: {
          authorizationServerUrl: `${hostile.url}/`,
          authorizationServerMetadata: {
            issuer: `${hostile.url}/`,
            authorization_endpoint: `${hostile.url}/authorize`,
            token_endpoint: `${hostile.url}/token`,
            response_types_supported: ["code"],
            ...as,
          },
        },
      }));
    }

    it("sign-out does not follow the revocation endpoint's redirect, nor post tokens to an internal one", async () => {
      const oauth = fresh();
      routes.set("/revoke", (_req, res) => res.writeHead(307, { location: `${internal.url}/collect` }).end());
      await signedIn(oauth, { revocation_endpoint: `${hostile.url}/revoke` });
      expect(await oauth.signOut(remote("evil", mcpUrl))).toEqual({ revoked: 0 });
      expect(hostile.seen.filter((s) => s.startsWith("POST /revoke"))).toHaveLength(2);
      await signedIn(oauth, { revocation_endpoint: `${internal.url}/revoke` });
      expect(await oauth.signOut(remote("evil", mcpUrl))).toEqual({ revoked: 0 });
      expect(oauth.status(remote("evil", mcpUrl)).signed_in).toBe(false);
      expect(internal.seen).toEqual([]);
    });

    it("a token endpoint that never answers does not hold the refresh (and every connection waiting on it) for ever", async () => {
      const oauth = fresh();
      routes.set("/token", () => {
        // Never answers.
      });
      await signedIn(oauth, {});
      const provider = oauth.providerFor(remote("evil", mcpUrl));
      const started = Date.now();
      const tokens = await provider?.tokens();
      // Unreachable authorization server: the old token is kept and the MCP server judges it.
      expect(tokens?.access_token).toBe("access-secret");
      expect(Date.now() - started).toBeLessThan(3000);
    }, 5000);
  });

  it("a server never signed in to: Fawn's own connection discovers nothing, whatever its 401 points at", async () => {
    routes.set("/mcp", (_req, res) =>
      res.writeHead(401, { "www-authenticate": `Bearer resource_metadata="${internal.url}/prm"` }).end(),
    );
    hostileAuthorizationServer();
    const oauth = fresh();
    const server = remote("evil", mcpUrl);
    const err = await connectServer(server, process.cwd(), { authProvider: oauth.providerFor(server) }).catch(
      (e: unknown) => e,
    );
    expect(isSignInRequired(err)).toBe(true);
    expect(internal.seen).toEqual([]);
    expect(hostile.seen.filter((s) => s.includes("/.well-known/"))).toEqual([]);
  });
});
