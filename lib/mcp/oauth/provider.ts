/**
 * The two OAuthClientProviders the MCP SDK's client auth (`auth()`, the authProvider of its Streamable HTTP and
 * SSE transports) talks to:
 *  - `StoredTokenProvider` for every connection Fawn makes on its own: it hands out the stored access token,
 *    refreshes it shortly before it expires (and when the server answers 401), and never starts a sign-in:
 *    when a person is needed it throws SignInRequiredError, before registering anything anywhere;
 *  - `SignInFlowProvider` for one sign-in: dynamic client registration for Fawn's callback URL, the `state` and
 *    the PKCE verifier of that one flow, and the tokens the code is exchanged for.
 * Token refreshes Fawn makes itself go through the guarded fetch (lib/mcp/oauth/guarded-fetch): only to allowed
 * addresses, no redirects, bounded in time and size.
 */
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import { refreshAuthorization } from "@modelcontextprotocol/sdk/client/auth.js";
import { OAuthError, ServerError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { log } from "@/lib/log/logger";
import { checkAuthorizationUrl } from "./authorization-url";
import { SignInRequiredError } from "./errors";
import type { PendingFlow } from "./flows";
import { oauthNetworkFor } from "./guarded-fetch";
import type { OAuthStore, ServerRecord, StoredTokens } from "./store";

/** The MCP server a provider acts for: its name in the config and the URL tokens are bound to. */
export interface OAuthTarget {
  name: string;
  url: string;
}

/** Refresh this long before expiry, or a tenth of the token's lifetime when that is shorter. */
export const REFRESH_AHEAD_MS = 60_000;

export function fawnClientMetadata(redirectUri: string): OAuthClientMetadata {
  return {
    client_name: "Fawn",
    redirect_uris: [redirectUri],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    // A public client: the code is protected by PKCE, and Fawn has nowhere safer than its data file for a secret.
    token_endpoint_auth_method: "none",
  };
}

/** Tokens as stored: with the time they expire and the registration (redirect URI) they belong to. */
export function stampTokens(tokens: OAuthTokens, clientKey: string, previous?: StoredTokens): StoredTokens {
  return {
    ...tokens,
    // An authorization server that does not rotate refresh tokens sends none on refresh: keep the one we have.
    refresh_token: tokens.refresh_token ?? previous?.refresh_token,
    expires_at: tokens.expires_in !== undefined ? Date.now() + tokens.expires_in * 1000 : undefined,
    client_key: clientKey,
  };
}

export function dueForRefresh(t: StoredTokens, now = Date.now()): boolean {
  if (t.expires_at === undefined) return false;
  const lifetime = (t.expires_in ?? 3600) * 1000;
  return t.expires_at - now <= Math.min(REFRESH_AHEAD_MS, lifetime / 10);
}

// One refresh at a time per server: a rotating authorization server accepts each refresh token once.
const globalRefresh = globalThis as unknown as {
  __fawnOAuthRefreshing?: Map<string, Promise<StoredTokens | undefined>>;
};
globalRefresh.__fawnOAuthRefreshing ??= new Map();
const refreshing = globalRefresh.__fawnOAuthRefreshing;

/**
 * Trade the refresh token for new tokens; undefined when the grant is gone (the person must sign in again).
 * `fetchFn` defaults to the guarded fetch for the target: a token endpoint that does not answer cannot keep this
 * refresh (which every connection to the server waits for) pending for ever.
 */
export async function refreshStoredTokens(
  store: OAuthStore,
  target: OAuthTarget,
  fetchFn: FetchLike = oauthNetworkFor(target.url).fetchFn,
): Promise<StoredTokens | undefined> {
  const key = `${store.file}\0${target.name}`;
  const running = refreshing.get(key);
  if (running) return running;
  const job = (async () => {
    const rec = store.get(target.name, target.url);
    const tokens = rec?.tokens;
    if (!rec || !tokens) return undefined;
    const discovery = rec.discovery as OAuthDiscoveryState | undefined;
    const client = rec.clients[tokens.client_key] as OAuthClientInformationMixed | undefined;
    if (!tokens.refresh_token || !discovery?.authorizationServerUrl || !client) return tokens;
    try {
      const fresh = await refreshAuthorization(discovery.authorizationServerUrl, {
        metadata: discovery.authorizationServerMetadata,
        clientInformation: client,
        refreshToken: tokens.refresh_token,
        resource: discovery.resourceMetadata?.resource,
        fetchFn,
      });
      const stored = stampTokens(fresh, tokens.client_key, tokens);
      await store.update(target.name, target.url, (r) => ({ ...r, tokens: stored }));
      log("info", "mcp.oauth_refreshed", { server: target.name });
      return stored;
    } catch (e) {
      if (e instanceof OAuthError && !(e instanceof ServerError)) {
        // The grant is gone (revoked, expired, rotated elsewhere): only a new sign-in helps.
        await store.update(target.name, target.url, (r) => ({ ...r, tokens: undefined }));
        log("warn", "mcp.oauth_refresh_refused", { server: target.name, error: e.errorCode });
        return undefined;
      }
      // Unreachable or failing authorization server: keep the old token and let the MCP server judge it.
      log("warn", "mcp.oauth_refresh_failed", { server: target.name, error: (e as Error).message });
      return tokens;
    }
  })().finally(() => refreshing.delete(key));
  refreshing.set(key, job);
  return job;
}

/** Shared by both providers: discovery state is per server, whoever discovered it. */
abstract class StoreBacked {
  constructor(
    protected readonly store: OAuthStore,
    protected readonly target: OAuthTarget,
  ) {}

  protected record(): ServerRecord | undefined {
    return this.store.get(this.target.name, this.target.url);
  }

  protected change(fn: (rec: ServerRecord) => ServerRecord): Promise<void> {
    return this.store.update(this.target.name, this.target.url, fn);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.record()?.discovery as OAuthDiscoveryState | undefined;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    return this.change((r) => ({ ...r, discovery: { ...state } }));
  }
}

/** Fawn's own connections: stored tokens, refreshed ahead of expiry; never asks a person, says when one must. */
export class StoredTokenProvider extends StoreBacked implements OAuthClientProvider {
  constructor(
    store: OAuthStore,
    target: OAuthTarget,
    /** For Fawn's own refreshes; default the guarded fetch for the target. */
    private readonly fetchFn: FetchLike = oauthNetworkFor(target.url).fetchFn,
  ) {
    super(store, target);
  }

  /**
   * What the sign-in discovered. Without a sign-in (tokens, and the discovery they came with) only a person can
   * help: say so before the SDK discovers anything, since the transports run discovery through their own fetch,
   * not the guarded one, and with the server's configured headers.
   */
  override discoveryState(): OAuthDiscoveryState | undefined {
    const rec = this.record();
    const discovery = rec?.discovery as OAuthDiscoveryState | undefined;
    if (!rec?.tokens || !discovery?.authorizationServerUrl) throw new SignInRequiredError(this.target.name);
    return discovery;
  }

  /** The registration the stored tokens came from; a placeholder keeps `auth()` in its interactive branch. */
  get redirectUrl(): string {
    return this.record()?.tokens?.client_key ?? "http://127.0.0.1/fawn-oauth-not-signed-in";
  }

  get clientMetadata(): OAuthClientMetadata {
    return fawnClientMetadata(this.redirectUrl);
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const rec = this.record();
    const key = rec?.tokens?.client_key;
    const client = key ? rec?.clients[key] : undefined;
    // Without tokens and their registration, only a sign-in helps: stop before auth() registers a client.
    if (!client) throw new SignInRequiredError(this.target.name);
    return client as OAuthClientInformationMixed;
  }

  saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    const key = this.redirectUrl;
    return this.change((r) => ({ ...r, clients: { ...r.clients, [key]: { ...info } } }));
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    const stored = this.record()?.tokens;
    if (!stored) return undefined;
    if (dueForRefresh(stored)) return refreshStoredTokens(this.store, this.target, this.fetchFn);
    return stored;
  }

  saveTokens(tokens: OAuthTokens): Promise<void> {
    return this.change((r) => ({
      ...r,
      tokens: stampTokens(tokens, r.tokens?.client_key ?? this.redirectUrl, r.tokens),
    }));
  }

  redirectToAuthorization(): never {
    throw new SignInRequiredError(this.target.name);
  }

  saveCodeVerifier(): void {
    // Never starts a flow (redirectToAuthorization refuses), so there is no verifier to keep.
  }

  codeVerifier(): never {
    throw new SignInRequiredError(this.target.name);
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    return this.change((r) => {
      if (scope === "all") return { url: r.url, clients: {} };
      if (scope === "tokens") return { ...r, tokens: undefined };
      if (scope === "client") {
        const clients = { ...r.clients };
        if (r.tokens) delete clients[r.tokens.client_key];
        return { ...r, clients };
      }
      if (scope === "discovery") return { ...r, discovery: undefined };
      return r;
    });
  }
}

/** One sign-in: the flow's state and PKCE verifier, Fawn's callback URL, the registration made for it. */
export class SignInFlowProvider extends StoreBacked implements OAuthClientProvider {
  constructor(
    store: OAuthStore,
    target: OAuthTarget,
    private readonly flow: PendingFlow,
  ) {
    super(store, target);
  }

  get redirectUrl(): string {
    return this.flow.redirectUri;
  }

  /** This flow's own discovery (checked when the sign-in started), never another sign-in's stored one. */
  override discoveryState(): OAuthDiscoveryState | undefined {
    return this.flow.discovery;
  }

  override saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.flow.discovery = { ...state };
    return Promise.resolve();
  }

  get clientMetadata(): OAuthClientMetadata {
    return fawnClientMetadata(this.flow.redirectUri);
  }

  state(): string {
    return this.flow.state;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.record()?.clients[this.flow.redirectUri] as OAuthClientInformationMixed | undefined;
  }

  saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    return this.change((r) => ({ ...r, clients: { ...r.clients, [this.flow.redirectUri]: { ...info } } }));
  }

  /** A sign-in always asks the person: stored tokens are not refreshed instead. */
  tokens(): undefined {
    return undefined;
  }

  /** Tokens are issued: they are stored with the discovery they came from (where they are refreshed and revoked). */
  saveTokens(tokens: OAuthTokens): Promise<void> {
    const discovery = this.flow.discovery;
    return this.change((r) => ({
      ...r,
      tokens: stampTokens(tokens, this.flow.redirectUri),
      discovery: discovery ? { ...discovery } : r.discovery,
    }));
  }

  /** The browser will be sent here: http(s) only (no file:, no other application's URL scheme). */
  redirectToAuthorization(url: URL): void {
    this.flow.authorizationUrl = checkAuthorizationUrl(url).href;
  }

  saveCodeVerifier(verifier: string): void {
    this.flow.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.flow.verifier) throw new Error("this sign-in has no PKCE verifier (it was not started here)");
    return this.flow.verifier;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> | void {
    if (scope === "verifier") {
      this.flow.verifier = undefined;
      return;
    }
    return this.change((r) => {
      const clients = { ...r.clients };
      if (scope === "all" || scope === "client") delete clients[this.flow.redirectUri];
      return {
        ...r,
        clients,
        tokens: scope === "all" || scope === "tokens" ? undefined : r.tokens,
        discovery: scope === "all" || scope === "discovery" ? undefined : r.discovery,
      };
    });
  }
}
