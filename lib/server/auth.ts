/**
 * Optional bearer-token auth for Fawn's HTTP API. Off unless `FAWN_API_TOKEN` is set.
 * Accepts `Authorization: Bearer <token>` and, because the LangGraph SDK and Agent Chat UI can only
 * send an API key, `x-api-key: <token>`. Comparison is constant-time.
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
  return key ? key.trim() : undefined;
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
