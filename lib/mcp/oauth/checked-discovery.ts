/**
 * OAuth discovery for a sign-in, with every URL Fawn will use checked before it is used and refusals naming the
 * document and field they came from: the protected-resource metadata's `authorization_servers[0]` before its
 * metadata is fetched, then the authorization-server metadata's endpoints Fawn's server will request
 * (`token_endpoint`, `registration_endpoint`, `revocation_endpoint`) and the one the browser is sent to
 * (`authorization_endpoint`). Fields Fawn never requests (`jwks_uri`, `userinfo_endpoint`, …) are not checked.
 * An authorization server without metadata gets the endpoints the MCP SDK falls back to (/authorize, /token,
 * /register on its URL) written down, so later token requests never have to discover anything again.
 */
import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  type OAuthDiscoveryState,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { checkAuthorizationUrl } from "./authorization-url";
import { type EndpointPolicy, OAuthEndpointRefusedError, shownUrl } from "./endpoint-policy";
import { OAuthResponseError } from "./guarded-fetch";

/** The authorization-server metadata fields whose URLs Fawn's server sends requests to. */
export const REQUESTED_ENDPOINTS = ["token_endpoint", "registration_endpoint", "revocation_endpoint"] as const;

type Metadata = NonNullable<OAuthDiscoveryState["authorizationServerMetadata"]>;

/** Errors of the guarded fetch end the sign-in; anything else means "no protected-resource metadata". */
function isGuardError(e: unknown): boolean {
  return e instanceof OAuthEndpointRefusedError || e instanceof OAuthResponseError;
}

/** Refuse the metadata when an endpoint Fawn will use is not allowed; the message names the document and field. */
export async function checkAuthorizationServerMetadata(
  metadata: Metadata,
  authorizationServerUrl: string,
  policy: EndpointPolicy,
): Promise<void> {
  const doc = `the authorization-server metadata of ${shownUrl(authorizationServerUrl)}`;
  checkAuthorizationUrl(metadata.authorization_endpoint, `${doc}: authorization_endpoint`);
  const fields = metadata as Record<string, unknown>;
  for (const field of REQUESTED_ENDPOINTS) {
    const value = fields[field];
    if (value === undefined) continue;
    if (typeof value !== "string")
      throw new OAuthEndpointRefusedError(`${doc}: ${field} is not a URL string`, String(value));
    await policy.check(value, `${doc}: ${field}`);
  }
}

/** What the MCP SDK would use for an authorization server that publishes no metadata, as metadata. */
function fallbackMetadata(authorizationServerUrl: string): Metadata {
  const at = (p: string) => new URL(p, authorizationServerUrl).href;
  return {
    issuer: authorizationServerUrl,
    authorization_endpoint: at("/authorize"),
    token_endpoint: at("/token"),
    registration_endpoint: at("/register"),
    response_types_supported: ["code"],
  };
}

/**
 * Discover the authorization server of the MCP server at `serverUrl` (RFC 9728, then RFC 8414 / OpenID
 * discovery, as the MCP SDK does) through `fetchFn`, checking each URL against `policy` before it is used.
 */
export async function discoverCheckedly(
  serverUrl: string,
  policy: EndpointPolicy,
  fetchFn: FetchLike,
): Promise<OAuthDiscoveryState> {
  let resourceMetadata: OAuthDiscoveryState["resourceMetadata"];
  try {
    resourceMetadata = await discoverOAuthProtectedResourceMetadata(serverUrl, undefined, fetchFn);
  } catch (e) {
    if (isGuardError(e)) throw e;
    // No protected-resource metadata: the MCP server is its own authorization server (the SDK's legacy rule).
  }
  const advertised = resourceMetadata?.authorization_servers?.[0];
  let authorizationServerUrl: string;
  if (advertised) {
    const doc = `the protected-resource metadata of ${shownUrl(serverUrl)}`;
    await policy.check(advertised, `${doc}: authorization_servers[0]`);
    // Kept as the resource server spelled it: the SDK binds registrations to this string.
    authorizationServerUrl = advertised;
  } else {
    authorizationServerUrl = new URL("/", serverUrl).href;
  }
  const found = await discoverAuthorizationServerMetadata(authorizationServerUrl, { fetchFn });
  const metadata = found ?? fallbackMetadata(authorizationServerUrl);
  await checkAuthorizationServerMetadata(metadata, authorizationServerUrl, policy);
  return { authorizationServerUrl, resourceMetadata, authorizationServerMetadata: metadata };
}
