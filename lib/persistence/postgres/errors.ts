/**
 * PostgreSQL failures a person can act on: unreachable, refused credentials, a missing database. They become
 * `StorageUnavailableError`, a 503 naming the database (never its password) and the reason, so a request is
 * refused up front instead of failing mid-run, and the status API can say the same.
 */
import { redactSecrets } from "@/lib/server/errors";
import { ApiError } from "@/lib/server/http";

export class StorageUnavailableError extends ApiError {
  constructor(message: string) {
    super(503, "storage_unavailable", message);
    this.name = "StorageUnavailableError";
  }
}

/** `postgres://user@host:port/database`: where, without the password. */
export function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || u.searchParams.get("host") || "localhost";
    const user = u.username ? `${decodeURIComponent(u.username)}@` : "";
    return `postgres://${user}${host}:${u.port || "5432"}${u.pathname.length > 1 ? u.pathname : "/"}`;
  } catch {
    return "postgres://(unparsable URL)";
  }
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);

/** SQLSTATE classes and codes that mean "the database is not usable now", not "this statement is wrong". */
function isUnavailableCode(code: string): boolean {
  return (
    code.startsWith("08") || // connection exception
    code.startsWith("28") || // invalid authorization
    code === "3D000" || // database does not exist
    code === "53300" || // too many connections
    code === "57P01" || // admin shutdown
    code === "57P02" || // crash shutdown
    code === "57P03" // cannot connect now (starting up)
  );
}

const LOST =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i;

export function isUnavailable(err: unknown): boolean {
  if (err instanceof StorageUnavailableError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || isUnavailableCode(code))) return true;
  return err instanceof Error && LOST.exec(err.message) !== null;
}

/** One sentence on why `target` cannot be used. */
export function explain(err: unknown, target: string): string {
  const code = (err as { code?: unknown } | null)?.code;
  const message = redactSecrets(err instanceof Error ? err.message : String(err));
  switch (code) {
    case "ECONNREFUSED":
      return `PostgreSQL at ${target} refused the connection: is it running and listening there? (checkpointer.url in config.yaml)`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `PostgreSQL at ${target}: the host name does not resolve (checkpointer.url in config.yaml)`;
    case "3D000":
      return `PostgreSQL at ${target}: the database does not exist (${message}); create it or fix checkpointer.url`;
    case "28P01":
    case "28000":
      return `PostgreSQL at ${target} refused the credentials: ${message}`;
    case "53300":
      return `PostgreSQL at ${target} has no free connections (${message}); lower checkpointer.pool_size or raise max_connections`;
    default:
      return `PostgreSQL at ${target} is unavailable: ${message}`;
  }
}

export function toUnavailable(err: unknown, target: string): StorageUnavailableError {
  return err instanceof StorageUnavailableError ? err : new StorageUnavailableError(explain(err, target));
}

/** What to throw for `err`: a StorageUnavailableError naming `target` when the database is unusable, else `err`. */
export function asUnavailable(err: unknown, target: string): unknown {
  return isUnavailable(err) ? toUnavailable(err, target) : err;
}
