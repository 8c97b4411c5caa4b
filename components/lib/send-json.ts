import type { z } from "zod";
import { ErrorBodySchema } from "@/lib/contracts/errors";

/** A refused request: the server's own message (it names the field or the file) and its status. */
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

/**
 * Sends a JSON request (POST, PUT, PATCH, DELETE) and validates the answer. A refusal throws a RequestError
 * with the server's `{error:{code,message}}` message, so a form can show exactly what the server said.
 */
export async function sendJson<S extends z.ZodType>(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body: unknown,
  schema: S,
  headers: Record<string, string> = {},
): Promise<z.output<S>> {
  const res = await fetch(url, {
    method,
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    throw new RequestError(res.status, null, `HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (!res.ok) {
    const err = ErrorBodySchema.safeParse(parsed);
    throw err.success
      ? new RequestError(res.status, err.data.error.code, err.data.error.message)
      : new RequestError(res.status, null, `HTTP ${res.status}`);
  }
  const valid = schema.safeParse(parsed);
  if (!valid.success) {
    const issue = valid.error.issues[0];
    throw new RequestError(
      res.status,
      null,
      `${url}: unexpected response at "${issue?.path.join(".") || "(root)"}": ${issue?.message ?? "invalid"}`,
    );
  }
  return valid.data;
}

/** What to show for a failed request: the server's message as it is (it names the field), else the error. */
export function requestMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
