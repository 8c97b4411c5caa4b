/**
 * Managing MCP servers over the wire: GET/POST /api/mcp/servers, PUT/PATCH/DELETE /api/mcp/servers/{name},
 * the connection check of one server (a POST under /api/mcp/servers/{name}/), the OAuth routes under /api/mcp/oauth/…,
 * and `fawn mcp … --json`.
 * An entry is one `mcpServers` value of extensions_config.json as written (`$VAR` references kept), checked by
 * the config's own schema (lib/config/extensions.ts). Secrets are write-only: env and header values come back as
 * `***` (a bare `$VAR` reference is shown as written), and `***` sent back means "keep the stored value".
 */
import { z } from "zod";
import { McpServerStateSchema, McpTransportSchema } from "./mcp";
import { DeferPolicySchema } from "./inventory";

/** Stands for a stored secret: shown instead of it, and sent back to keep it. */
export const SECRET_MASK = "***";

/** A server's name: the key of its `mcpServers` entry, a path segment of the API and a safe file name. */
export const ServerNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, "server names must match ^[A-Za-z0-9_-]{1,32}$");

/** One `mcpServers` entry as written in the file; its fields are checked by McpServerConfigSchema. */
export const McpServerEntrySchema = z.record(z.string(), z.unknown());
export type McpServerEntry = z.infer<typeof McpServerEntrySchema>;

/**
 * One `KEY=VALUE` (env) or `Name: value` (header) as the Servers form and `fawn mcp add` take it: the key is what
 * comes before the first separator, trimmed; the value is the rest, trimmed for a header only (an env value may
 * hold spaces and `=`). Null when nothing comes before the separator, or there is none.
 */
export function splitPair(text: string, separator: "=" | ":"): [key: string, value: string] | null {
  const at = text.indexOf(separator);
  if (at <= 0) return null;
  return [text.slice(0, at).trim(), separator === ":" ? text.slice(at + 1).trim() : text.slice(at + 1)];
}

/** POST /api/mcp/servers: the name and the fields of one entry, side by side. */
export const McpServerCreateSchema = z.object({ name: ServerNameSchema }).catchall(z.unknown());

/** PATCH /api/mcp/servers/{name}: top-level fields to set (`null` removes one), e.g. `{"enabled": false}`. */
export const McpServerPatchSchema = z
  .record(z.string(), z.unknown())
  .refine((o) => Object.keys(o).length > 0, "name at least one field to change");

/**
 * How a tool of a server is (or, for a checked entry, would be) offered to the model. A disabled server offers
 * nothing: its tools are known only from a connection check, which says how they would be offered once enabled.
 */
export const ServerToolStateSchema = z.enum(["deferred", "bound"]);
export type ServerToolState = z.infer<typeof ServerToolStateSchema>;

export const ServerToolSchema = z.object({
  /** The name the model sees (prefixed by default). */
  name: z.string(),
  description: z.string().default(""),
  /** o200k tokens of the tool's schema as the model receives it. */
  tokens: z.number(),
  state: ServerToolStateSchema,
  policy: DeferPolicySchema.default("auto"),
  /** Why the tool is bound although tool_search is on (its policy, the auto threshold, tool_search off). */
  why: z.string().nullable().default(null),
});
export type ServerTool = z.infer<typeof ServerToolSchema>;

export const ServerCostSchema = z.object({
  /** Every schema of the server's tools. */
  total: z.number(),
  /** Bound on every model call. */
  bound: z.number(),
  /** Only when promoted by tool_search. */
  deferred: z.number(),
});
export type ServerCost = z.infer<typeof ServerCostSchema>;

export const ServerAuthSchema = z.object({
  /** OAuth applies: an HTTP/SSE server without an Authorization header of its own. */
  oauth: z.boolean(),
  signed_in: z.boolean(),
  /** The server answered 401 and no usable token is held: show "Sign in". */
  required: z.boolean(),
  /** Epoch ms the access token expires (Fawn refreshes it before). */
  expires_at: z.number().nullable(),
});
export type ServerAuth = z.infer<typeof ServerAuthSchema>;

export const McpServerViewSchema = z.object({
  name: z.string(),
  /** The entry as written, secrets masked. */
  entry: McpServerEntrySchema,
  enabled: z.boolean(),
  transport: McpTransportSchema,
  /**
   * A server's state (`sleeping`: a lazy server not running now, started when one of its tools is promoted or
   * called), or `pending`: saved, not yet loaded.
   */
  status: z.enum([...McpServerStateSchema.options, "pending"]),
  error: z.string().nullable(),
  warnings: z.array(z.string()).default([]),
  connect_ms: z.number().nullable(),
  tools: z.array(ServerToolSchema),
  cost: ServerCostSchema,
  auth: ServerAuthSchema,
});
export type McpServerView = z.infer<typeof McpServerViewSchema>;

/**
 * The server waits for a person to sign in: it is enabled, answered 401 and no usable token is held. What the
 * Servers panel shows as "Sign in" and `fawn mcp list` as "sign-in needed".
 */
export function needsSignIn(view: Pick<McpServerView, "enabled" | "auth">): boolean {
  return view.enabled && view.auth.required && !view.auth.signed_in;
}

/** GET /api/mcp/servers (the ETag header carries `etag` too). */
export const McpServersResponseSchema = z.object({
  servers: z.array(McpServerViewSchema),
  /** Send it back as If-Match: a change is refused with 409 when the file changed since. */
  etag: z.string(),
  /** The config file, relative to the working folder when inside it. */
  file: z.string(),
  /** The newest config error (the previous configuration stays in force). */
  error: z.string().nullable(),
});
export type McpServersResponse = z.infer<typeof McpServersResponseSchema>;

/** POST, PUT, PATCH and DELETE answer with the entry as now written (masked) and the file's new ETag. */
export const McpServerWriteResponseSchema = z.object({
  name: z.string(),
  entry: McpServerEntrySchema.nullable(),
  etag: z.string(),
});
export type McpServerWriteResponse = z.infer<typeof McpServerWriteResponseSchema>;

/** "Test connection" (the check route of one server): a connection of its own; nothing is saved or changed. */
export const McpServerProbeResultSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  /** Connect + handshake + tools/list, in ms. */
  ms: z.number(),
  error: z.string().nullable(),
  /** The server wants an OAuth sign-in first. */
  auth_required: z.boolean().default(false),
  tools: z.array(ServerToolSchema),
  cost: ServerCostSchema,
  warnings: z.array(z.string()).default([]),
});
export type McpServerProbeResult = z.infer<typeof McpServerProbeResultSchema>;

/** POST /api/mcp/oauth/{name}/start: where to send the browser to sign in. */
export const OAuthStartResponseSchema = z.object({ authorization_url: z.url() });
export type OAuthStartResponse = z.infer<typeof OAuthStartResponseSchema>;

/** POST /api/mcp/oauth/{name}/signout. */
export const OAuthSignOutResponseSchema = z.object({ name: z.string(), revoked: z.number() });
export type OAuthSignOutResponse = z.infer<typeof OAuthSignOutResponseSchema>;

/** GET /api/mcp/oauth/callback: the authorization server's redirect (RFC 6749 §4.1.2). */
export const OAuthCallbackQuerySchema = z.object({
  state: z.string().min(1).max(512),
  code: z.string().min(1).max(4096).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  iss: z.string().max(1024).optional(),
});
