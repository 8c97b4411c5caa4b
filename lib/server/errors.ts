/**
 * Turning thrown values into what a client may see: a name and a message, never a stack,
 * with anything that looks like a credential masked (model-provider errors sometimes echo headers or URLs).
 * `errorResponse` is the one error mapper of the HTTP edge.
 */
import { ApiError, jsonError } from "./http";
import type { Logger } from "./types";

const SECRET_PATTERNS: RegExp[] = [
  /\b(sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, // OpenAI-style keys
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  /\b(api[_-]?key|access[_-]?token|token|secret|password)(["']?\s*[:=]\s*["']?)[^\s"'&,;]{4,}/gi,
];

export function redactSecrets(text: string): string {
  let out = text;
  out = out.replace(SECRET_PATTERNS[0], (_m, p: string) => `${p}-***`);
  out = out.replace(SECRET_PATTERNS[1], (_m, scheme: string) => `${scheme} ***`);
  out = out.replace(SECRET_PATTERNS[2], (_m, name: string, sep: string) => `${name}${sep}***`);
  return out;
}

const MAX_MESSAGE = 4000;

/** `{error, message}` as LangGraph's SSE `error` event carries it. */
export function publicError(err: unknown): { error: string; message: string } {
  let name = "Error";
  let message: string;
  if (err instanceof Error) {
    name = err.name || "Error";
    message = err.message;
  } else if (typeof err === "string") {
    message = err;
  } else {
    try {
      message = JSON.stringify(err) ?? String(err);
    } catch {
      message = String(err);
    }
  }
  message = redactSecrets(message);
  if (message.length > MAX_MESSAGE) message = `${message.slice(0, MAX_MESSAGE)}…`;
  return { error: name, message };
}

/**
 * The one error mapper: an ApiError is the client's to see as it is; anything else is a 500 whose body
 * names only the request id, while the log line carries the redacted message and the stack.
 */
export function errorResponse(err: unknown, where: { logger: Logger; method: string; path: string }): Response {
  if (err instanceof ApiError) return jsonError(err.status, err.code, err.message);
  const requestId = crypto.randomUUID();
  where.logger("error", "http.unhandled", {
    request_id: requestId,
    method: where.method,
    path: where.path,
    ...publicError(err),
    // The stack repeats the message: it is masked the same way.
    stack: err instanceof Error && err.stack ? redactSecrets(err.stack) : undefined,
  });
  return jsonError(
    500,
    "internal",
    `Internal error handling ${where.method} ${where.path} (request ${requestId}; details in the server log)`,
  );
}
