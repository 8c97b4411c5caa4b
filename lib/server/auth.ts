/**
 * Optional bearer-token auth for Fawn's HTTP API. Off unless `FAWN_API_TOKEN` is set.
 * Accepts `Authorization: Bearer <token>`, `x-api-key: <token>` (the LangGraph SDK and Agent Chat UI can
 * only send an API key) and, for the browser UI, the cookie set by `/auth?token=`. Comparison is constant-time.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { jsonError } from "./http";

export function configuredApiToken(): string | undefined {
  const token = process.env.FAWN_API_TOKEN?.trim();
  return token ? token : undefined;
}

function sameSecret(a: string, b: string): boolean {
  // Hash first so the comparison length never depends on the secret's length.
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** The token the request presents, if any. */
export function presentedToken(request: Request): string | undefined {
  const auth = request.headers.get("authorization");
  if (auth) {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (m) return m[1].trim();
  }
  const key = request.headers.get("x-api-key");
  if (key) return key.trim();
  // The browser UI: the HttpOnly, SameSite=Strict cookie set by /auth?token=…
  const cookie = request.headers.get("cookie");
  const fromCookie = cookie ? new RegExp(`(?:^|;\\s*)${TOKEN_COOKIE}=([^;]+)`).exec(cookie)?.[1] : undefined;
  if (!fromCookie) return undefined;
  try {
    return decodeURIComponent(fromCookie);
  } catch {
    // Not percent-encoding we wrote: presented, but it cannot be the token.
    return fromCookie;
  }
}

export const TOKEN_COOKIE = "fawn_token";

/**
 * The Set-Cookie value that lets the browser UI call the API (same-site requests only). `secure` when browsers
 * reach Fawn over https (directly, or through a proxy named by FAWN_PUBLIC_URL): the cookie is then never sent
 * over plain http.
 */
export function tokenCookie(token: string, secure = false): string {
  const base = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${60 * 60 * 24 * 30}`;
  return secure ? `${base}; Secure` : base;
}

/** Whether a presented value is the token (constant-time; any string, control characters included). */
export function tokenMatches(presented: string, token: string): boolean {
  return sameSecret(presented, token);
}

export function isAuthorized(request: Request, token: string | undefined = configuredApiToken()): boolean {
  if (!token) return true;
  const presented = presentedToken(request);
  return presented !== undefined && sameSecret(presented, token);
}

/**
 * `null` when the request may proceed, else a 401 JSON response.
 * OPTIONS preflights never carry credentials, so they always pass.
 */
export function requireAuth(request: Request, token: string | undefined = configuredApiToken()): Response | null {
  if (request.method === "OPTIONS" || isAuthorized(request, token)) return null;
  const hasCredentials = presentedToken(request) !== undefined;
  return jsonError(
    401,
    "unauthorized",
    hasCredentials
      ? "The API token is wrong (FAWN_API_TOKEN is set on the server)"
      : "Missing API token: send 'Authorization: Bearer <token>' (FAWN_API_TOKEN is set on the server)",
    { "WWW-Authenticate": 'Bearer realm="fawn"' },
  );
}
