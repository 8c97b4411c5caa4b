/**
 * The origin browsers reach Fawn at, when that is not the address Fawn itself serves: behind a reverse proxy that
 * terminates TLS (https://fawn.example.com → http://127.0.0.1:3000) a request names the proxy's upstream, or the
 * public host without its scheme, so an absolute URL built from it (the OAuth redirect URI) points at the wrong
 * place. `FAWN_PUBLIC_URL` names the public origin once: absolute URLs Fawn hands out are built from it, and the
 * edge accepts its host (Host check) and the origin itself (Origin check) without FAWN_ALLOWED_HOSTS.
 * Read from the environment per request, like FAWN_ALLOWED_HOSTS and FAWN_CORS_ORIGINS.
 */

export const PUBLIC_URL_VAR = "FAWN_PUBLIC_URL";

/** FAWN_PUBLIC_URL is set but is not an http(s) origin; the message names the setting and what to write. */
export class PublicUrlError extends Error {
  constructor(problem: string) {
    super(`${PUBLIC_URL_VAR} ${problem}: set it to the origin browsers use, e.g. https://fawn.example.com`);
    this.name = "PublicUrlError";
  }
}

/**
 * The origin `value` names (`scheme://host[:port]`, lowercase, no trailing slash), null when unset or blank.
 * Refused: anything but http(s), credentials, a path, a query or a fragment (Fawn is served at the root).
 */
export function parsePublicUrl(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // A value that fails to parse may still hold a password: show it only when it has no "@".
    throw new PublicUrlError(`is not a URL${text.includes("@") ? "" : ` (${JSON.stringify(text.slice(0, 200))})`}`);
  }
  if (url.username || url.password) throw new PublicUrlError("must not carry credentials");
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new PublicUrlError(`must be http:// or https://, not ${url.protocol}//`);
  if (url.pathname !== "/") throw new PublicUrlError(`must be an origin only, without a path (${url.pathname})`);
  if (url.search || text.endsWith("?")) throw new PublicUrlError("must be an origin only, without a query");
  if (url.hash || text.endsWith("#")) throw new PublicUrlError("must be an origin only, without a fragment");
  return url.origin;
}

export function publicOriginFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  return parsePublicUrl(env[PUBLIC_URL_VAR]);
}

/**
 * The absolute URL of an app path as the browser reaches it: on the public origin when one is set, else on the
 * scheme of the request and the host it named (the caller checked that host against the allowed ones).
 */
export function appUrl(path: string, publicOrigin: string | null, requestOrigin: string): string {
  return `${publicOrigin ?? requestOrigin}${path}`;
}
