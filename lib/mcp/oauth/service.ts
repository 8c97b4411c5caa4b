/**
 * OAuth for remote MCP servers, as the routes and the CLI use it: which servers get a token provider, starting
 * a sign-in (discovery from the server's protected-resource metadata, dynamic client registration,
 * authorization code + PKCE), finishing it from the callback, signing out (revocation, then the tokens are
 * deleted) and what the panel may know (signed in, until when; never a token).
 * Every request Fawn's server makes for OAuth goes through the guarded fetch of the MCP server it is for
 * (lib/mcp/oauth/guarded-fetch): discovered URLs may not lead it to this machine, a private network or the cloud
 * metadata service unless the MCP server is there too, redirects are not followed, time and size are bounded.
 */
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { ResolvedServer } from "@/lib/config";
import { log } from "@/lib/log/logger";
import { discoverCheckedly } from "./checked-discovery";
import { OAuthFlowError } from "./errors";
import { PendingFlows } from "./flows";
import { type OAuthNetworkOptions, oauthNetworkFor } from "./guarded-fetch";
import { SignInFlowProvider, StoredTokenProvider, type OAuthTarget } from "./provider";
import { OAuthStore, type ServerRecord } from "./store";

export interface SignInStatus {
  signed_in: boolean;
  /** Epoch ms the access token expires (it is refreshed before), null when unknown or not signed in. */
  expires_at: number | null;
}

export type CallbackParams = { state: string; code?: string; error?: string; error_description?: string };

const REVOKE_TIMEOUT_MS = 5000;
/** Error messages may quote a server's answer (an error body, an error_description): they are cut to this. */
export const MAX_ERROR_MESSAGE = 500;

function clipped(text: string): string {
  return text.length > MAX_ERROR_MESSAGE ? `${text.slice(0, MAX_ERROR_MESSAGE)}…` : text;
}

/** A server OAuth applies to: HTTP or SSE, without an Authorization header of its own (static tokens keep working). */
export function usesOAuth(server: Pick<ResolvedServer, "transport" | "config">): boolean {
  if (server.transport === "stdio" || !server.config.url) return false;
  return !Object.keys(server.config.headers).some((h) => h.toLowerCase() === "authorization");
}

function targetOf(server: Pick<ResolvedServer, "name" | "config">): OAuthTarget {
  return { name: server.name, url: server.config.url as string };
}

async function revoke(rec: ServerRecord, fetchFn: FetchLike): Promise<number> {
  const discovery = rec.discovery as OAuthDiscoveryState | undefined;
  // OIDC discovery documents type it differently; both may carry RFC 7009's revocation_endpoint.
  const metadata = discovery?.authorizationServerMetadata as { revocation_endpoint?: string } | undefined;
  const endpoint = metadata?.revocation_endpoint;
  const tokens = rec.tokens;
  const client = tokens ? rec.clients[tokens.client_key] : undefined;
  if (!endpoint || !tokens || !client) return 0;
  let revoked = 0;
  const pairs: Array<[string | undefined, string]> = [
    [tokens.refresh_token, "refresh_token"],
    [tokens.access_token, "access_token"],
  ];
  for (const [token, hint] of pairs) {
    if (!token) continue;
    const body = new URLSearchParams({ token, token_type_hint: hint, client_id: client.client_id });
    const secret = (client as { client_secret?: unknown }).client_secret;
    if (typeof secret === "string") body.set("client_secret", secret);
    try {
      const r = await fetchFn(endpoint, { method: "POST", body, signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS) });
      await r.body?.cancel();
      if (r.ok) revoked++;
    } catch {
      // The tokens are deleted here anyway; an unreachable authorization server cannot keep us signed in.
    }
  }
  return revoked;
}

export class McpOAuth {
  readonly store: OAuthStore;
  readonly flows: PendingFlows;

  constructor(
    dataDir: string,
    flows = new PendingFlows(),
    /** Where OAuth requests may go and how long and large they may be (tests shorten and re-classify). */
    private readonly network: OAuthNetworkOptions = {},
  ) {
    this.store = new OAuthStore(dataDir);
    this.flows = flows;
  }

  /** The policy and guarded fetch for OAuth requests on behalf of the MCP server at `url`. */
  networkFor(url: string) {
    return oauthNetworkFor(url, this.network);
  }

  /** The provider for Fawn's own connections to `server`, when OAuth applies to it. */
  providerFor(server: ResolvedServer): OAuthClientProvider | undefined {
    if (!usesOAuth(server)) return undefined;
    const target = targetOf(server);
    return new StoredTokenProvider(this.store, target, this.networkFor(target.url).fetchFn);
  }

  status(server: Pick<ResolvedServer, "name" | "config">): SignInStatus {
    if (!server.config.url) return { signed_in: false, expires_at: null };
    const tokens = this.store.get(server.name, server.config.url)?.tokens;
    return { signed_in: tokens !== undefined, expires_at: tokens?.expires_at ?? null };
  }

  /**
   * Start a sign-in whose browser comes back to `redirectUri`: discovery and client registration happen now;
   * the answer is the authorization server's URL for the browser (with this flow's state and PKCE challenge).
   */
  async startSignIn(server: ResolvedServer, redirectUri: string): Promise<{ authorization_url: string }> {
    if (!usesOAuth(server)) {
      throw new OAuthFlowError(
        server.transport === "stdio"
          ? `"${server.name}" is a stdio server: OAuth is for HTTP and SSE servers`
          : `"${server.name}" sends its own Authorization header: remove it to sign in with OAuth instead`,
        server.name,
      );
    }
    const target = targetOf(server);
    const { policy, fetchFn } = this.networkFor(target.url);
    const flow = this.flows.create(server.name, target.url, redirectUri);
    try {
      policy.checkScheme(target.url, "the MCP server URL");
      // Discovered afresh for every sign-in, each URL checked before it is used; the SDK then works from it.
      flow.discovery = await discoverCheckedly(target.url, policy, fetchFn);
      const result = await auth(new SignInFlowProvider(this.store, target, flow), { serverUrl: target.url, fetchFn });
      if (result !== "REDIRECT" || !flow.authorizationUrl) throw new Error("the authorization server gave no URL");
      log("info", "mcp.oauth_started", { server: server.name });
      return { authorization_url: flow.authorizationUrl };
    } catch (e) {
      this.flows.discard(flow.state);
      throw new OAuthFlowError(clipped(`cannot sign in to "${server.name}": ${(e as Error).message}`), server.name);
    }
  }

  /**
   * The browser came back: take the flow its `state` names (once), and trade the code for tokens with the
   * flow's own PKCE verifier. `serverOf` gives the server as configured now (it may have changed meanwhile).
   */
  async finishSignIn(params: CallbackParams, serverOf: (name: string) => ResolvedServer | undefined): Promise<string> {
    const flow = this.flows.take(params.state);
    if (!flow) throw new OAuthFlowError("this sign-in is unknown, expired or already used: start it again");
    if (params.error) {
      const why = params.error_description ? `${params.error}: ${params.error_description}` : params.error;
      throw new OAuthFlowError(clipped(`the authorization server refused the sign-in (${why})`), flow.server);
    }
    if (!params.code) throw new OAuthFlowError("the callback carries no authorization code", flow.server);
    const server = serverOf(flow.server);
    if (!server || server.config.url !== flow.url || !usesOAuth(server))
      throw new OAuthFlowError(`"${flow.server}" changed or was removed during the sign-in`, flow.server);
    try {
      const result = await auth(new SignInFlowProvider(this.store, targetOf(server), flow), {
        serverUrl: flow.url,
        authorizationCode: params.code,
        fetchFn: this.networkFor(flow.url).fetchFn,
      });
      if (result !== "AUTHORIZED") throw new Error("no tokens were issued");
    } catch (e) {
      throw new OAuthFlowError(clipped(`signing in to "${flow.server}" failed: ${(e as Error).message}`), flow.server);
    }
    log("info", "mcp.oauth_signed_in", { server: flow.server });
    return flow.server;
  }

  /** Revoke the tokens at the authorization server (when it offers revocation), then delete them here. */
  async signOut(server: Pick<ResolvedServer, "name" | "config">): Promise<{ revoked: number }> {
    if (!server.config.url) return { revoked: 0 };
    const rec = this.store.get(server.name, server.config.url);
    if (!rec?.tokens) return { revoked: 0 };
    const revoked = await revoke(rec, this.networkFor(server.config.url).fetchFn);
    await this.store.update(server.name, server.config.url, (r) => ({ ...r, tokens: undefined }));
    log("info", "mcp.oauth_signed_out", { server: server.name, revoked });
    return { revoked };
  }

  /** The server left the config: forget its tokens and registrations. */
  forget(name: string): Promise<void> {
    return this.store.remove(name);
  }
}

// One per data folder and process: the routes that start and finish a sign-in must share the pending flows.
const globalOAuth = globalThis as unknown as { __fawnMcpOAuth?: Map<string, McpOAuth> };

export function mcpOAuthFor(dataDir: string): McpOAuth {
  globalOAuth.__fawnMcpOAuth ??= new Map();
  let oauth = globalOAuth.__fawnMcpOAuth.get(dataDir);
  if (!oauth) {
    oauth = new McpOAuth(dataDir);
    globalOAuth.__fawnMcpOAuth.set(dataDir, oauth);
  }
  return oauth;
}
