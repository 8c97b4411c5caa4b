import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";

/**
 * The fetch of an HTTP or SSE transport that uses OAuth. Besides the MCP requests, the transport fetches for the
 * SDK's auth() with it: the protected-resource metadata a 401 names (`resource_metadata`, any URL the server likes)
 * and a refresh at the token endpoint, each with the server's configured headers (an API key meant for the server
 * alone) merged in. Requests to the MCP server's own origin go as before, through `base`; any other goes through
 * `guarded` (lib/mcp/oauth/guarded-fetch: no internal addresses unless the server is one, no redirects, bounded in
 * time and size) without the configured headers.
 */
export function ownOriginFetch(
  serverUrl: URL,
  configured: Readonly<Record<string, string>> | undefined,
  guarded: FetchLike,
  base: FetchLike = fetch,
): FetchLike {
  const origin = serverUrl.origin;
  const names = Object.keys(configured ?? {});
  return (url, init) => {
    const target = new URL(url instanceof URL ? url.href : String(url));
    if (target.origin === origin) return base(url, init);
    const headers = new Headers(init?.headers);
    for (const name of names) headers.delete(name);
    return guarded(url, { ...init, headers });
  };
}
