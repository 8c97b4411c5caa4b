import type { z } from "zod";
import { ErrorBodySchema } from "@/lib/contracts/errors";

/**
 * GETs JSON and validates it. Failures name the URL and, for a wrong shape, the field; a server's
 * `{error: {code, message}}` body is shown as its message.
 */
export async function fetchJson<S extends z.ZodType>(
  url: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  const res = await fetch(url, { signal, headers: { accept: "application/json" }, cache: "no-store" });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw new Error(`${url}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (!res.ok) throw new Error(`${url}: ${serverMessage(body) ?? `HTTP ${res.status}`}`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${url}: unexpected response at "${issue?.path.join(".") || "(root)"}": ${issue?.message ?? "invalid"}`,
    );
  }
  return parsed.data;
}

function serverMessage(body: unknown): string | null {
  const parsed = ErrorBodySchema.safeParse(body);
  return parsed.success ? `${parsed.data.error.message} (${parsed.data.error.code})` : null;
}
