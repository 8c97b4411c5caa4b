import type { z } from "zod";
import { requestJson } from "./request-json";

/**
 * Sends a JSON request (POST, PUT, PATCH, DELETE) and validates the answer. A refusal throws a RequestError
 * with the server's `{error:{code,message}}` message, so a form can show exactly what the server said.
 */
export function sendJson<S extends z.ZodType>(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body: unknown,
  schema: S,
  headers: Record<string, string> = {},
): Promise<z.output<S>> {
  return requestJson(url, schema, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** What to show for a failed request: the server's message as it is (it names the field), else the error. */
export function requestMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
