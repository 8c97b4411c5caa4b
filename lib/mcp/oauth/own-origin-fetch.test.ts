/**
 * Fawn's own connection to a signed-in MCP server that answers 401 with a `resource_metadata` URL of its choosing:
 * the SDK's auth() fetches it through the transport's fetch. Over real sockets: the MCP server and another site
 * listen on 127.0.0.1 (classified as public here), an internal service on 127.0.0.2.
 */
import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ResolvedServer } from "@/lib/config";
import { McpServerConfigSchema } from "@/lib/config/extensions";
import { connectServer } from "@/lib/mcp/connect";
import { addressKind } from "./address-kind";
import { McpOAuth } from "./service";
import { type RecordingServer, recordingServer } from "@/test/support/recording-server";

const REDIRECT = "http://127.0.0.1:3599/api/mcp/oauth/callback";

/** A server answering every request alike, recording them (recording-server.ts). */
const listen = (host: string, answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) =>
  recordingServer(host, () => answer);
type Listening = RecordingServer;
/** Each request's path and the configured header it carried. */
const seenBy = (l: Listening) =>
  l.requests.map((r) => ({
    path: new URL(r.url ?? "/", "http://x").pathname,
    apiKey: r.headers["x-api-key"] as string | undefined,
  }));

const network = { policy: { kindOf: (a: string) => (a === "127.0.0.1" ? "public" : addressKind(a)) } } as const;

describe("a signed-in server's 401 pointing its resource metadata elsewhere", () => {
  let internal: Listening;
  let other: Listening;
  let mcp: Listening;
  let metadataAt = "";
  let dir: string;

  beforeAll(async () => {
    internal = await listen("127.0.0.2", (_req, res) => res.writeHead(404).end());
    other = await listen("127.0.0.1", (_req, res) => res.writeHead(404).end());
    mcp = await listen("127.0.0.1", (_req, res) =>
      res.writeHead(401, { "www-authenticate": `Bearer resource_metadata="${metadataAt}"` }).end(),
    );
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-own-origin-"));
  });
  afterAll(async () => {
    await Promise.all([internal.close(), other.close(), mcp.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    for (const l of [internal, other, mcp]) {
      l.seen.length = 0;
      l.requests.length = 0;
    }
  });

  /** Signed in: a valid token and the discovery it came with (no protected-resource metadata was found then). */
  async function signedIn(): Promise<{ oauth: McpOAuth; server: ResolvedServer }> {
    const url = `${mcp.url}/mcp`;
    const oauth = new McpOAuth(path.join(dir, String(Math.random())), undefined, network);
    await oauth.store.update("evil", url, () => ({
      url,
      clients: { [REDIRECT]: { client_id: "c1" } },
      tokens: {
        access_token: "access",
        token_type: "Bearer",
        expires_in: 3600,
        expires_at: Date.now() + 3_600_000,
        client_key: REDIRECT,
      },
      discovery: {
        authorizationServerUrl: `${mcp.url}/`,
        authorizationServerMetadata: {
          issuer: `${mcp.url}/`,
          authorization_endpoint: `${mcp.url}/authorize`,
          token_endpoint: `${mcp.url}/token`,
          response_types_supported: ["code"],
        },
      },
    }));
    const config = McpServerConfigSchema.parse({
      type: "http",
      url,
      headers: { "X-Api-Key": "server-only-key" },
      session_init_timeout: 5,
    });
    return { oauth, server: { name: "evil", config, transport: "http" } };
  }

  const connect = async ({ oauth, server }: { oauth: McpOAuth; server: ResolvedServer }) =>
    connectServer(server, process.cwd(), {
      authProvider: oauth.providerFor(server),
      oauthFetch: oauth.networkFor(server.config.url as string).fetchFn,
    }).then(
      async (c) => {
        await c.close();
        return "connected";
      },
      (e: Error) => e.message,
    );

  it("an internal address is not fetched", async () => {
    metadataAt = `${internal.url}/prm`;
    expect(await connect(await signedIn())).not.toBe("connected");
    expect(mcp.seen.length).toBeGreaterThan(0);
    expect(internal.seen).toEqual([]);
  });

  it("another site is fetched without the server's configured headers; the server itself still gets them", async () => {
    metadataAt = `${other.url}/prm`;
    expect(await connect(await signedIn())).not.toBe("connected");
    expect(seenBy(other).map((s) => s.path)).toContain("/prm");
    expect(seenBy(other).every((s) => s.apiKey === undefined)).toBe(true);
    expect(seenBy(mcp).every((s) => s.apiKey === "server-only-key")).toBe(true);
  });
});
