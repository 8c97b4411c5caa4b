import { errorText } from "./message-content";

/** What went wrong, in the terms a person can act on; `detail` keeps the technical text for a closer look. */
export type ErrorKind = "network" | "missing_thread" | "busy" | "other";

function statusOf(error: unknown): number | null {
  if (error && typeof error === "object" && "status" in error && typeof error.status === "number") return error.status;
  const m = /^HTTP (\d{3})\b/.exec(error instanceof Error ? error.message : typeof error === "string" ? error : "");
  return m ? Number(m[1]) : null;
}

export function classifyError(error: unknown): { kind: ErrorKind; detail: string } {
  const detail = errorText(error);
  const name = error instanceof Error ? error.name : "";
  if (
    name === "ConnectionError" ||
    /Failed to fetch|NetworkError|Unable to connect|ECONNREFUSED|fetch failed/i.exec(detail)
  ) {
    return { kind: "network", detail };
  }
  const status = statusOf(error);
  if (status === 404 && /thread/i.exec(detail)) return { kind: "missing_thread", detail };
  if (status === 409 || status === 422) return { kind: "busy", detail };
  return { kind: "other", detail };
}

/**
 * An error as a person reads it: the Fawn server out of reach said plainly (`unreachable`, the caller's phrase in
 * the page's language) instead of "TypeError: Failed to fetch", anything else as its own text.
 */
export function failureText(error: unknown, unreachable: string): string {
  return classifyError(error).kind === "network" ? unreachable : errorText(error);
}
