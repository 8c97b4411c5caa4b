/**
 * HTTP helpers shared by every Fawn route handler: JSON errors `{error:{code,message}}`,
 * size-capped body reading and zod validation whose messages name the offending field.
 */
import type { z } from "zod";
import type { ErrorBody, ErrorCode } from "@/lib/contracts/errors";
import { lineCol } from "@/lib/config/parse";
import { MAX_JSON_DEPTH, tooDeepPath } from "./json-depth";

export type { ErrorCode };

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** An error meant for the client: its message is safe to show and names the culprit. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function jsonResponse(body: unknown, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status, headers: h });
}

export function jsonError(status: number, code: ErrorCode, message: string, headers?: HeadersInit): Response {
  const body: ErrorBody = { error: { code, message } };
  return jsonResponse(body, status, headers);
}

/** 202/204 carry no body: the SDK parses every other response as JSON. */
export function emptyResponse(status: 202 | 204 = 204, headers?: HeadersInit): Response {
  return new Response(null, { status, headers });
}

/**
 * Read the body, refusing more than `maxBytes` (413) whatever Content-Length claims.
 * `describe` phrases the 413 for the caller (it gets the limit and, when known, the declared size).
 */
export async function readBodyBytes(
  request: Request,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
  describe: (limit: number, declared?: number) => string = (limit, declared) =>
    declared !== undefined
      ? `Request body is ${declared} bytes; the limit is ${limit} bytes`
      : `Request body exceeds the limit of ${limit} bytes`,
): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes)
    throw new ApiError(413, "payload_too_large", describe(maxBytes, declared));
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ApiError(413, "payload_too_large", describe(maxBytes));
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Read the body as text, refusing more than `maxBytes` (413) whatever Content-Length claims. */
export async function readBodyText(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString("utf8");
}

/** Parse a JSON body; an empty body counts as `{}` (the SDK sends no body for some POSTs, e.g. cancel). */
export async function readJsonBody(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const contentType = request.headers.get("content-type");
  const text = await readBodyText(request, maxBytes);
  if (text.trim() === "") return {};
  if (contentType && /json/i.exec(contentType) === null) {
    throw new ApiError(
      415,
      "unsupported_media_type",
      `Expected a JSON body (content-type application/json), got '${contentType}'`,
    );
  }
  const tooDeep = tooDeepPath(text);
  if (tooDeep !== null) {
    throw new ApiError(400, "invalid_body", `body${tooDeep}: nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new ApiError(400, "invalid_json", `Request body is not valid JSON: ${jsonSyntaxReason(text, err)}`);
  }
}

/** JSON.parse's complaint with its place as line and column (a position in characters helps nobody). */
function jsonSyntaxReason(text: string, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const at = / in JSON at position (\d+)(?: \(line \d+ column \d+\))?/.exec(message);
  if (!at) return message;
  const { line, col } = lineCol(text, Number(at[1]));
  return `${message.replace(at[0], "")} (line ${line}, column ${col})`;
}

/** Format zod issues as `where.field: message; …` so the client sees which field is wrong. */
export function describeZodError(error: z.ZodError, where: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
      return `${where}${path}: ${issue.message}`;
    })
    .join("; ");
}

export function parseWith<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: "body" | "query" | "path",
): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const code: ErrorCode = where === "body" ? "invalid_body" : where === "query" ? "invalid_query" : "invalid_path";
    throw new ApiError(400, code, describeZodError(result.error, where));
  }
  return result.data;
}

/** Read, size-check, JSON-parse and validate a request body in one step. */
export async function parseJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<z.output<T>> {
  return parseWith(schema, await readJsonBody(request, maxBytes), "body");
}

/**
 * Query parameters as an object; repeated keys become arrays. A value that is a JSON array
 * (`stream_mode=["values"]`, as SDK 2.x sends) is expanded, so both SDK styles parse the same.
 */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key).flatMap((v) => {
      if (v.startsWith("[")) {
        try {
          const parsed: unknown = JSON.parse(v);
          if (Array.isArray(parsed)) return parsed.map(String);
        } catch {
          // not JSON: keep the raw value
        }
      }
      return [v];
    });
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/** `1|true|yes` → true, `0|false|no|""` → false. */
export function parseBooleanParam(value: string | string[] | undefined | null): boolean | undefined {
  const v = Array.isArray(value) ? value[value.length - 1] : value;
  if (v == null) return undefined;
  const s = v.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(s)) return true;
  if (["0", "false", "no", "off", ""].includes(s)) return false;
  return undefined;
}
