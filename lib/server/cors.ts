/**
 * CORS for a UI served from another origin (e.g. LangGraph's Agent Chat UI) talking to Fawn directly.
 * Allowed origins come from `FAWN_CORS_ORIGINS` (comma-separated; `*` allows any origin, once FAWN_API_TOKEN is set).
 * Same-origin requests carry no Origin match requirement and get no CORS headers.
 */

export const CORS_ALLOW_HEADERS = ["content-type", "x-api-key", "last-event-id", "x-auth-scheme", "authorization"];
export const CORS_EXPOSE_HEADERS = ["Content-Location", "Location"];
export const CORS_ALLOW_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function listedOrigins(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim().replace(/\/+$/, ""))
    .filter(Boolean);
}

const ignoresWildcard = (listed: readonly string[], token: string | undefined) =>
  listed.includes("*") && (token ?? "").trim() === "";

/**
 * Whether FAWN_CORS_ORIGINS says `*` with no FAWN_API_TOKEN: any website could then read every thread and change
 * anything (run commands, add a stdio MCP server), so `*` is ignored until a token is set.
 */
export function wildcardWithoutToken(
  value: string | undefined = process.env.FAWN_CORS_ORIGINS,
  token: string | undefined = process.env.FAWN_API_TOKEN,
): boolean {
  return ignoresWildcard(listedOrigins(value), token);
}

/** The origins FAWN_CORS_ORIGINS allows; `*` only with FAWN_API_TOKEN set (wildcardWithoutToken). Read per request. */
export function parseCorsOrigins(
  value: string | undefined = process.env.FAWN_CORS_ORIGINS,
  token: string | undefined = process.env.FAWN_API_TOKEN,
): string[] {
  const listed = listedOrigins(value);
  return ignoresWildcard(listed, token) ? listed.filter((o) => o !== "*") : listed;
}

/** What the log and a refused request say when `*` was ignored. */
export const WILDCARD_IGNORED =
  "FAWN_CORS_ORIGINS=* is ignored while FAWN_API_TOKEN is unset: it would let any website use this server's API (read threads, run commands, add MCP servers); set FAWN_API_TOKEN, or list the origins";

export function isOriginAllowed(origin: string | null, allowed: readonly string[]): origin is string {
  if (!origin) return false;
  return allowed.includes("*") || allowed.includes(origin.replace(/\/+$/, ""));
}

/** Headers to add to a response for this request's Origin; empty when the origin is not allowed. */
export function corsHeaders(request: Request, allowed: readonly string[] = parseCorsOrigins()): Record<string, string> {
  const origin = request.headers.get("origin");
  if (!isOriginAllowed(origin, allowed)) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Expose-Headers": CORS_EXPOSE_HEADERS.join(", "),
    Vary: "Origin",
  };
}

/** Answer an OPTIONS preflight: 204 with the allow lists for an allowed origin, plain 204 otherwise. */
export function preflightResponse(request: Request, allowed: readonly string[] = parseCorsOrigins()): Response {
  const base = corsHeaders(request, allowed);
  if (!base["Access-Control-Allow-Origin"]) return new Response(null, { status: 204, headers: { Vary: "Origin" } });
  return new Response(null, {
    status: 204,
    headers: {
      ...base,
      "Access-Control-Allow-Methods": CORS_ALLOW_METHODS.join(", "),
      "Access-Control-Allow-Headers": CORS_ALLOW_HEADERS.join(", "),
      "Access-Control-Max-Age": "600",
    },
  });
}

/** Copy the CORS headers onto a response (streaming bodies included; headers are set before the body flows). */
export function withCors(
  request: Request,
  response: Response,
  allowed: readonly string[] = parseCorsOrigins(),
): Response {
  const extra = corsHeaders(request, allowed);
  if (Object.keys(extra).length === 0) return response;
  for (const [k, v] of Object.entries(extra)) {
    if (k === "Vary") response.headers.append("Vary", v);
    else response.headers.set(k, v);
  }
  return response;
}
