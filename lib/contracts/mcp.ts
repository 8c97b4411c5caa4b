import { z } from "zod";

export const McpTransportSchema = z.enum(["stdio", "sse", "http"]);
export type McpTransport = z.infer<typeof McpTransportSchema>;

/** When a server runs: `eager` from boot, `lazy` only while one of its tools is promoted or called (see lib/mcp/lifecycle.ts). */
export const McpLifecycleSchema = z.enum(["lazy", "eager"]);
export type McpLifecycle = z.infer<typeof McpLifecycleSchema>;

/** `connected`: running; `sleeping`: a lazy server not running now, its tools known from the cache. */
export const McpServerStateSchema = z.enum(["connected", "sleeping", "failed", "disabled"]);
export type McpServerState = z.infer<typeof McpServerStateSchema>;

/**
 * One MCP server's status, with its error (never env or header values). Decorations default, so a
 * client reading an older or partial document still shows the server.
 */
export const McpServerStatusSchema = z.object({
  name: z.string(),
  status: McpServerStateSchema,
  transport: McpTransportSchema.nullable().default(null),
  description: z.string().nullable().default(null),
  /** Number of tools this server contributes (after name validation). */
  tools: z.number().default(0),
  error: z.string().nullable().default(null),
  /** Tools dropped for invalid names, with why. */
  warnings: z.array(z.string()).default([]),
  /** Milliseconds from spawn/connect to a listed catalog. */
  connect_ms: z.number().nullable().default(null),
  /** The server wants an OAuth sign-in (it answered 401 and Fawn holds no usable token for it). */
  auth_required: z.boolean().default(false),
  /** `lazy`: started when one of its tools is promoted or called, stopped when idle; `eager`: runs from boot. */
  lifecycle: McpLifecycleSchema.default("eager"),
  /** Why the server has this lifecycle (the setting, or what forced it eager). */
  lifecycle_reason: z.string().nullable().default(null),
  /** A lazy server is stopped after this many seconds unused. */
  idle_timeout_s: z.number().nullable().default(null),
  /** When its tools/list was last stored in the tools cache (ISO time), if ever. */
  cached_at: z.string().nullable().default(null),
});
export type McpServerStatus = z.infer<typeof McpServerStatusSchema>;

/** GET /api/mcp: every server's status, and the newest config error (the previous agent stays in force). */
export const McpStatusResponseSchema = z.object({
  servers: z.array(McpServerStatusSchema),
  error: z.string().nullable(),
});
export type McpStatusResponse = z.infer<typeof McpStatusResponseSchema>;
