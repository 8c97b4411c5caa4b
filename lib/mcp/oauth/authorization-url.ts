/**
 * The authorization URL Fawn hands to the browser (the UI navigates to it with `window.location.assign`). It is
 * built from the authorization server's `authorization_endpoint` (or its URL from the protected-resource
 * metadata), both written by servers Fawn does not control. The MCP SDK refuses javascript:, data: and vbscript:,
 * but a `file:`, `vscode:` or `ms-msdt:` URL would still reach the browser and start whatever handles that
 * scheme, so only http: and https: are handed out, and never with a user name or password in them.
 */
import { httpUrlOnly } from "./endpoint-policy";

/** `url` parsed, when the browser may be sent there; else an OAuthEndpointRefusedError naming `what` and the URL. */
export function checkAuthorizationUrl(url: URL | string, what = "the authorization URL"): URL {
  return httpUrlOnly(url, what, {
    scheme: "(the browser is only sent to http: and https: sign-in pages)",
    credentials: ": the browser is not sent there",
  });
}
