import type { z } from "zod";
import { requestJson } from "./request-json";

/**
 * GETs JSON and validates it. Failures are plain Errors that name the URL and, for a wrong shape, the field; a
 * server's `{error: {code, message}}` body is shown as its message and code.
 */
export function fetchJson<S extends z.ZodType>(url: string, schema: S, signal?: AbortSignal): Promise<z.output<S>> {
  return requestJson(
    url,
    schema,
    { signal },
    (e) => new Error(`${url}: ${e.code ? `${e.message} (${e.code})` : e.message}`),
  );
}
