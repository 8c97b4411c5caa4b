/**
 * Where a request comes from, checked before anything else (the model: the MCP TypeScript SDK's DNS-rebinding
 * protection and Vite's `allowedHosts`). A page on another site that re-binds its DNS name to 127.0.0.1 is
 * same-origin with Fawn as far as the browser knows, but its requests still name the attacker's host, so:
 *  - Host must be one the server is meant to be reached by: 127.0.0.1, localhost or [::1] on the bound port,
 *    the host of FAWN_PUBLIC_URL (lib/server/public-url), or an entry of FAWN_ALLOWED_HOSTS (comma-separated
 *    `host` or `host:port`);
 *  - a state-changing request that carries an Origin must be same-origin, FAWN_PUBLIC_URL itself (a proxy may
 *    forward the request under its upstream's Host) or from FAWN_CORS_ORIGINS.
 * Requests without an Origin (curl, the SDK from Node) are not a browser's and pass the second check.
 */
import { isOriginAllowed, parseCorsOrigins, WILDCARD_IGNORED, wildcardWithoutToken } from "./cors";
import { ApiError } from "./http";
import { PublicUrlError, publicOriginFromEnv } from "./public-url";

export interface SourcePolicy {
  /** The port the server listens on (Next sets PORT); null when unknown, then any port of a loopback name passes. */
  boundPort: string | null;
  /** Extra `host` or `host:port` entries, lowercase. */
  allowedHosts: string[];
  corsOrigins: string[];
  /** FAWN_CORS_ORIGINS said `*`, ignored for want of FAWN_API_TOKEN (a refusal says why). */
  wildcardIgnored?: boolean;
  /** FAWN_PUBLIC_URL's origin (`https://fawn.example.com`), null when unset. */
  publicOrigin?: string | null;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** The policy the environment sets; a malformed FAWN_PUBLIC_URL is a 500 naming it (every request, until fixed). */
export function sourcePolicyFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): SourcePolicy {
  let publicOrigin: string | null;
  try {
    publicOrigin = publicOriginFromEnv(env);
  } catch (e) {
    if (!(e instanceof PublicUrlError)) throw e;
    throw new ApiError(500, "internal", `The server is misconfigured: ${e.message}`);
  }
  return {
    boundPort: env.PORT?.trim() || null,
    allowedHosts: parseAllowedHosts(env.FAWN_ALLOWED_HOSTS),
    corsOrigins: parseCorsOrigins(env.FAWN_CORS_ORIGINS, env.FAWN_API_TOKEN),
    wildcardIgnored: wildcardWithoutToken(env.FAWN_CORS_ORIGINS, env.FAWN_API_TOKEN),
    publicOrigin,
  };
}

/** `host[:port]` split the way URLs do it (IPv6 in brackets); null when it is not a host at all. */
function splitHost(host: string): { hostname: string; port: string } | null {
  try {
    const u = new URL(`http://${host}`);
    if (u.username || u.password || u.pathname !== "/" || u.search || u.hash) return null;
    return { hostname: u.hostname.toLowerCase(), port: u.port };
  } catch {
    return null;
  }
}

const DEFAULT_PORT: Record<string, string> = { "http:": "80", "https:": "443" };

/** Whether `host` names the public origin: its host name, on its port (a Host without one: the scheme's default). */
function isPublicHost(parts: { hostname: string; port: string }, publicOrigin: string): boolean {
  const pub = new URL(publicOrigin);
  const fallback = DEFAULT_PORT[pub.protocol];
  return parts.hostname === pub.hostname && (parts.port || fallback) === (pub.port || fallback);
}

function hostAllowed(host: string, policy: SourcePolicy): boolean {
  const parts = splitHost(host);
  if (!parts) return false;
  const { hostname, port } = parts;
  const effectivePort = port || "80";
  if (LOOPBACK.has(hostname) && (policy.boundPort === null || effectivePort === policy.boundPort)) return true;
  if (policy.publicOrigin && isPublicHost(parts, policy.publicOrigin)) return true;
  return policy.allowedHosts.some((entry) => {
    const allowed = splitHost(entry);
    return allowed !== null && allowed.hostname === hostname && (allowed.port === "" || allowed.port === port);
  });
}

/** The Host a request names: its Host header, else the host of its URL (in-process callers build no header). */
export function hostOf(request: Request): string {
  return (request.headers.get("host") ?? new URL(request.url).host).trim().toLowerCase();
}

const quote = (s: string) => JSON.stringify(s.length > 200 ? `${s.slice(0, 200)}…` : s);

/** null when the request may go on, else the 403 to answer with (naming the header and what to configure). */
export function checkRequestSource(request: Request, policy: SourcePolicy): ApiError | null {
  const host = hostOf(request);
  if (!hostAllowed(host, policy)) {
    const port = policy.boundPort ? `:${policy.boundPort}` : "";
    const names = [`127.0.0.1${port}`, `localhost${port}`, `[::1]${port}`];
    if (policy.publicOrigin) names.push(`${new URL(policy.publicOrigin).host} (FAWN_PUBLIC_URL)`);
    return new ApiError(
      403,
      "forbidden",
      `Host header ${quote(host)} is not allowed: this server answers to ${names.slice(0, -1).join(", ")} and ${names.at(-1)}` +
        " (add other host[:port] names to FAWN_ALLOWED_HOSTS)",
    );
  }
  const origin = request.headers.get("origin");
  if (origin === null || !STATE_CHANGING.has(request.method)) return null;
  let sameOrigin = false;
  let isPublic = false;
  try {
    const u = new URL(origin);
    sameOrigin = (u.protocol === "http:" || u.protocol === "https:") && u.host.toLowerCase() === host;
    isPublic = u.origin === policy.publicOrigin;
  } catch {
    sameOrigin = false;
  }
  if (sameOrigin || isPublic || isOriginAllowed(origin, policy.corsOrigins)) return null;
  return new ApiError(
    403,
    "forbidden",
    `Origin header ${quote(origin)} may not ${request.method} here: only same-origin pages, FAWN_PUBLIC_URL and FAWN_CORS_ORIGINS may change state` +
      (policy.wildcardIgnored ? ` (${WILDCARD_IGNORED})` : ""),
  );
}
