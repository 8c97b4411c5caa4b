/**
 * The authorization URL Fawn hands to the browser (the UI navigates to it with `window.location.assign`). It is
 * built from the authorization server's `authorization_endpoint` (or its URL from the protected-resource
 * metadata), both written by servers Fawn does not control. The MCP SDK refuses javascript:, data: and vbscript:,
 * but a `file:`, `vscode:` or `ms-msdt:` URL would still reach the browser and start whatever handles that
 * scheme, so only http: and https: are handed out, and never with a user name or password in them.
 */
import { OAuthEndpointRefusedError, shownUrl } from "./endpoint-policy";

/** `url` parsed, when the browser may be sent there; else an OAuthEndpointRefusedError naming `what` and the URL. */
export function checkAuthorizationUrl(url: URL | string, what = "the authorization URL"): URL {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    throw new OAuthEndpointRefusedError(`${what} is not a URL: ${JSON.stringify(shownUrl(url))}`, String(url));
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    throw new OAuthEndpointRefusedError(
      `${what} ${shownUrl(parsed)} uses ${parsed.protocol} (the browser is only sent to http: and https: sign-in pages)`,
      parsed.href,
    );
  if (parsed.username || parsed.password)
    throw new OAuthEndpointRefusedError(
      `${what} ${shownUrl(parsed)} carries a user name or password: the browser is not sent there`,
      parsed.href,
    );
  return parsed;
}
