import type { z } from "zod";
import { ErrorBodySchema } from "@/lib/contracts/errors";

/** A refused request: the server's own message (it names the field or the file), its status and its code. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

/** The server refused a change because the file changed since the list on screen was read: read it again. */
export function isConflict(e: unknown): e is RequestError {
  return e instanceof RequestError && e.status === 409 && e.code === "conflict";
}

export type JsonRequestInit = Omit<RequestInit, "headers" | "cache"> & { headers?: Record<string, string> };

/**
 * Fetches a JSON answer and validates it: the one place a response of Fawn's API is read. A refusal (or a body
 * that is not JSON) throws a RequestError carrying the server's `{error:{code,message}}` message, passed first
 * through `refused` (a caller's own wording). An answer of the wrong shape is no refusal but a client and server
 * that disagree: a plain Error naming the URL and the field.
 */
export async function requestJson<S extends z.ZodType>(
  url: string,
  schema: S,
  init: JsonRequestInit = {},
  refused: (e: RequestError) => Error = (e) => e,
): Promise<z.output<S>> {
  const res = await fetch(url, {
    ...init,
    headers: { accept: "application/json", ...init.headers },
    cache: "no-store",
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw refused(new RequestError(res.status, null, `HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`));
  }
  if (!res.ok) {
    const err = ErrorBodySchema.safeParse(body);
    throw refused(
      err.success
        ? new RequestError(res.status, err.data.error.code, err.data.error.message)
        : new RequestError(res.status, null, `HTTP ${res.status}`),
    );
  }
  const valid = schema.safeParse(body);
  if (!valid.success) {
    const issue = valid.error.issues[0];
    throw new Error(
      `${url}: unexpected response at "${issue?.path.join(".") || "(root)"}": ${issue?.message ?? "invalid"}`,
    );
  }
  return valid.data;
}
