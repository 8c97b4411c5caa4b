import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolvedServer } from "@/lib/config";
import { McpServerConfigSchema } from "@/lib/config/extensions";
import { connectServer } from "@/lib/mcp/connect";
import { type RunningOAuthFixture, startOAuthFixture } from "@/servers/fixtures/oauth/server";
import { approveInBrowser } from "@/test/support/oauth-browser";
import { isSignInRequired, OAuthFlowError } from "./errors";
import { McpOAuth } from "./service";

const REDIRECT = "http://127.0.0.1:3599/api/mcp/oauth/callback";

type Remote = "http" | "sse";

function remoteServer(
  transport: Remote,
  name: string,
  url: string,
  headers: Record<string, string> = {},
): ResolvedServer {
  const config = McpServerConfigSchema.parse({ type: transport, url, headers, session_init_timeout: 5 });
  return { name, config, transport };
}

async function callEcho(oauth: McpOAuth, server: ResolvedServer, text: string): Promise<string> {
  const conn = await connectServer(server, process.cwd(), { authProvider: oauth.providerFor(server) });
  try {
    const r = await conn.client.callTool({ name: "echo", arguments: { text } });
    return (r.content as Array<{ text: string }>)[0].text;
  } finally {
    await conn.close();
  }
}

async function signIn(oauth: McpOAuth, server: ResolvedServer): Promise<void> {
  const { authorization_url } = await oauth.startSignIn(server, REDIRECT);
  const back = await approveInBrowser(authorization_url);
  await oauth.finishSignIn(
    { state: back.searchParams.get("state") ?? "", code: back.searchParams.get("code") ?? undefined },
    () => server,
  );
}

// The same provider serves both remote transports: Streamable HTTP (`/mcp`) and HTTP+SSE (`/sse` + `/messages`).
describe.each<Remote>(["http", "sse"])(
  "OAuth sign-in for a remote MCP server over %s (real authorization server and MCP server)",
  (transport) => {
    let fixture: RunningOAuthFixture;
    let dir: string;
    let endpoint: string;
    const httpServer = (name: string, url: string, headers: Record<string, string> = {}) =>
      remoteServer(transport, name, url, headers);
    beforeAll(async () => {
      fixture = await startOAuthFixture();
      endpoint = transport === "sse" ? fixture.sseUrl : fixture.mcpUrl;
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-oauth-"));
    });
    afterAll(async () => {
      await fixture.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("a server that answers 401 needs a sign-in, and nothing is registered before a person asks", async () => {
      const oauth = new McpOAuth(path.join(dir, "a"));
      const server = httpServer("secure", endpoint);
      const before = fixture.stats().registrations;
      const err = await connectServer(server, process.cwd(), { authProvider: oauth.providerFor(server) }).catch(
        (e: unknown) => e,
      );
      expect(isSignInRequired(err)).toBe(true);
      expect((err as Error).message).toContain("sign-in required");
      expect(fixture.stats().registrations).toBe(before);
    });

    it("signs in with discovery, registration, code + PKCE; tokens go to a 0600 file; the tools work", async () => {
      const oauth = new McpOAuth(path.join(dir, "b"));
      const server = httpServer("secure", endpoint);
      const { authorization_url } = await oauth.startSignIn(server, REDIRECT);
      const url = new URL(authorization_url);
      // Discovered from the MCP server's protected-resource metadata: the authorization server's endpoint.
      expect(url.origin).toBe(new URL(fixture.issuer).origin);
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT);
      expect(url.searchParams.get("resource")).toBe(endpoint);
      const back = await approveInBrowser(authorization_url);
      expect(back.href.startsWith(REDIRECT)).toBe(true);
      const state = back.searchParams.get("state") ?? "";
      expect(state).toBe(url.searchParams.get("state"));
      const name = await oauth.finishSignIn({ state, code: back.searchParams.get("code") ?? undefined }, () => server);
      expect(name).toBe("secure");
      expect(oauth.status(server).signed_in).toBe(true);
      expect(fs.statSync(oauth.store.file).mode & 0o777).toBe(0o600);
      expect(await callEcho(oauth, server, "hi")).toBe("secure echo: hi");
      // The state was single-use: the same callback again finds nothing.
      await expect(
        oauth.finishSignIn({ state, code: back.searchParams.get("code") ?? undefined }, () => server),
      ).rejects.toThrow(/unknown, expired or already used/);
    });

    it("a forged state, a denied consent and a server changed meanwhile all end the flow", async () => {
      const oauth = new McpOAuth(path.join(dir, "c"));
      const server = httpServer("secure", endpoint);
      await expect(oauth.finishSignIn({ state: "forged", code: "x" }, () => server)).rejects.toBeInstanceOf(
        OAuthFlowError,
      );
      const denied = await approveInBrowser((await oauth.startSignIn(server, REDIRECT)).authorization_url, "deny");
      await expect(
        oauth.finishSignIn(
          { state: denied.searchParams.get("state") ?? "", error: denied.searchParams.get("error") ?? undefined },
          () => server,
        ),
      ).rejects.toThrow(/refused the sign-in \(access_denied/);
      const back = await approveInBrowser((await oauth.startSignIn(server, REDIRECT)).authorization_url);
      const moved = httpServer("secure", "http://127.0.0.1:9/mcp");
      await expect(
        oauth.finishSignIn(
          { state: back.searchParams.get("state") ?? "", code: back.searchParams.get("code") ?? undefined },
          () => moved,
        ),
      ).rejects.toThrow(/changed or was removed/);
      expect(oauth.status(server).signed_in).toBe(false);
    });

    it("an expired access token is refreshed without anyone signing in again", async () => {
      const oauth = new McpOAuth(path.join(dir, "d"));
      const server = httpServer("secure", endpoint);
      await signIn(oauth, server);
      const first = oauth.store.get("secure", endpoint)?.tokens?.access_token;
      const refreshes = fixture.stats().refreshes;
      // Expired at the authorization server while Fawn still thinks it valid: the 401 path refreshes.
      fixture.provider.expireAccessTokens();
      expect(await callEcho(oauth, server, "after 401")).toBe("secure echo: after 401");
      expect(fixture.stats().refreshes).toBe(refreshes + 1);
      // Expiring by Fawn's own clock: refreshed before it is sent.
      await oauth.store.update("secure", endpoint, (r) => ({
        ...r,
        tokens: r.tokens && { ...r.tokens, expires_at: Date.now() - 1 },
      }));
      const refused = fixture.stats().refusedTokens;
      expect(await callEcho(oauth, server, "ahead")).toBe("secure echo: ahead");
      expect(fixture.stats().refreshes).toBe(refreshes + 2);
      expect(fixture.stats().refusedTokens).toBe(refused);
      expect(oauth.store.get("secure", endpoint)?.tokens?.access_token).not.toBe(first);
    });

    it("a connection already open when its token expires refreshes on its next call and stays up", async () => {
      const oauth = new McpOAuth(path.join(dir, "g"));
      const server = httpServer("secure", endpoint);
      await signIn(oauth, server);
      const conn = await connectServer(server, process.cwd(), { authProvider: oauth.providerFor(server) });
      try {
        const echo = async (text: string) =>
          ((await conn.client.callTool({ name: "echo", arguments: { text } })).content as Array<{ text: string }>)[0]
            .text;
        expect(await echo("before")).toBe("secure echo: before");
        const { refreshes, refusedTokens } = fixture.stats();
        fixture.provider.expireAccessTokens();
        // The call's request is refused (401), the token refreshed and the request sent again on the same session.
        expect(await echo("after")).toBe("secure echo: after");
        expect(fixture.stats().refreshes).toBe(refreshes + 1);
        expect(fixture.stats().refusedTokens).toBe(refusedTokens + 1);
        expect(conn.closed).toBe(false);
        expect(await echo("again")).toBe("secure echo: again");
        expect(fixture.stats().refreshes).toBe(refreshes + 1);
      } finally {
        await conn.close();
      }
    });

    it("a server that refuses even a fresh token fails at once after one refresh, connecting or on an open connection", async () => {
      const oauth = new McpOAuth(path.join(dir, "h"));
      const server = httpServer("secure", endpoint);
      await signIn(oauth, server);
      const conn = await connectServer(server, process.cwd(), { authProvider: oauth.providerFor(server) });
      const settled = () => new Promise((resolve) => setTimeout(resolve, 300));
      fixture.provider.refuseAllTokens();
      try {
        const refreshes = fixture.stats().refreshes;
        // Before the guard, SSE refreshed ~70 times a second here until the call timed out.
        const callErr = await conn.client
          .callTool({ name: "echo", arguments: { text: "x" } }, undefined, { timeout: 10_000 })
          .catch((e: unknown) => e);
        expect(callErr).toBeInstanceOf(Error);
        expect((callErr as Error).message).not.toMatch(/timed out/);
        await settled();
        expect(fixture.stats().refreshes).toBe(refreshes + 1);
        if (transport === "sse") {
          expect((callErr as Error).message).toMatch(/refused a token it had just been issued/);
          // Closed, so the next use connects afresh (one refresh then) instead of failing on a dead session.
          expect(conn.closed).toBe(true);
        }

        const connectErr = await connectServer(server, process.cwd(), {
          authProvider: oauth.providerFor(server),
        }).catch((e: unknown) => e);
        if (transport === "sse") {
          expect((connectErr as Error).message).toMatch(/refused a token it had just been issued/);
          await settled();
          expect(fixture.stats().refreshes).toBe(refreshes + 2);
        } else {
          // The SDK's Streamable HTTP transport dropped the refused tokens on the call above: sign in again.
          expect(isSignInRequired(connectErr)).toBe(true);
          await settled();
          expect(fixture.stats().refreshes).toBe(refreshes + 1);
        }
      } finally {
        fixture.provider.refuseAllTokens(false);
        await conn.close();
      }
    });

    it("sign out revokes the grant at the authorization server and deletes the tokens", async () => {
      const oauth = new McpOAuth(path.join(dir, "e"));
      const server = httpServer("secure", endpoint);
      await signIn(oauth, server);
      const token = oauth.store.get("secure", endpoint)?.tokens?.access_token as string;
      const { revoked } = await oauth.signOut(server);
      expect(revoked).toBe(2);
      expect(oauth.status(server).signed_in).toBe(false);
      expect(fs.readFileSync(oauth.store.file, "utf8")).not.toContain(token);
      await expect(fixture.provider.verifyAccessToken(token)).rejects.toThrow();
      const err = await callEcho(oauth, server, "x").catch((e: unknown) => e);
      expect(isSignInRequired(err)).toBe(true);
    });

    it("tokens are bound to the URL they were issued for, and a static Authorization header bypasses OAuth", async () => {
      const oauth = new McpOAuth(path.join(dir, "f"));
      const server = httpServer("secure", endpoint);
      await signIn(oauth, server);
      const elsewhere = httpServer("secure", `${endpoint}?other`);
      expect(oauth.status(elsewhere).signed_in).toBe(false);
      expect(oauth.providerFor(httpServer("secure", endpoint, { Authorization: "Bearer static" }))).toBe(undefined);
    });
  },
);
