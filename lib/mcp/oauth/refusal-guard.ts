/**
 * A circuit breaker for HTTP+SSE connections that use OAuth. The MCP SDK's SSE client transport answers every
 * 401 by running `auth()` (one token refresh) and trying again, without a limit, on the event stream and on
 * every message it posts: a server that refuses even a token it was just issued (one for another audience, a
 * misconfigured resource) made it refresh about 70 times a second until the connection was closed, and a tool
 * call on an open connection never returned. Streamable HTTP has its own breaker ("Server returned 401 after
 * successful authentication"); this gives SSE the same rule: a 401 for a new token, right after a 401 for the
 * previous one with nothing accepted in between, ends the attempt with an error instead of another refresh, and
 * the connection is closed (lib/mcp/connect), so its next use connects afresh: one refresh per use, not a loop.
 */
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";

export class TokenRefusedError extends Error {
  constructor(readonly server: string) {
    super(
      `"${server}" refused a token it had just been issued (HTTP 401 again after refreshing or signing in): ` +
        "it does not accept what its authorization server issues; check the server, or sign out and in again",
    );
    this.name = "TokenRefusedError";
  }
}

function bearerOf(init: RequestInit | undefined): string | null {
  const value = new Headers(init?.headers).get("authorization");
  const m = value ? /^Bearer\s+(.+)$/i.exec(value.trim()) : null;
  return m ? m[1] : null;
}

/**
 * `base` for one connection to `server`, refusing to go on after two 401s in a row for different tokens, and
 * telling `onRefused` (the connection should be closed: until then, each request it sends fails the same way).
 * Only requests carrying a bearer token count (discovery and token requests carry none).
 */
export function refusalGuard(server: string, onRefused: () => void = () => {}, base: FetchLike = fetch): FetchLike {
  // The token of the last request answered 401, until a request with a token is answered otherwise.
  let refused: string | null = null;
  return async (url, init) => {
    const token = bearerOf(init);
    const response = await base(url, init);
    if (token === null) return response;
    if (response.status !== 401) {
      refused = null;
      return response;
    }
    if (refused !== null && refused !== token) {
      await response.body?.cancel();
      onRefused();
      throw new TokenRefusedError(server);
    }
    refused = token;
    return response;
  };
}
