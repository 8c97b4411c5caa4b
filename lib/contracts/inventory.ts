import { z } from "zod";
import { McpServerStatusSchema } from "./mcp";

/**
 * The tool inventory: GET /api/tools and `fawn tools --json`. Derived from the built agent and a thread's
 * promoted state, never stored. The fields the tools panel is about (name, source, deferred, promoted) are
 * required; decorations default, so one missing extra does not blank the panel.
 */
export const ToolSourceSchema = z.enum(["config", "builtin", "mcp"]);
export type ToolSource = z.infer<typeof ToolSourceSchema>;

export const InventoryToolSchema = z.object({
  name: z.string(),
  source: ToolSourceSchema,
  /** MCP server name, for MCP tools. */
  server: z.string().nullable().default(null),
  /** config.yaml group, for configured tools. */
  group: z.string().nullable().default(null),
  description: z.string().default(""),
  deferred: z.boolean(),
  /** Promoted in the given thread under the current catalog. */
  promoted: z.boolean(),
});
export type InventoryTool = z.infer<typeof InventoryToolSchema>;

/** A tool that lost its name to an earlier source (config > builtin > MCP). */
export const ShadowedToolSchema = z.object({
  name: z.string(),
  source: ToolSourceSchema,
  server: z.string().nullable().default(null),
  shadowed_by: ToolSourceSchema,
  shadowed_by_server: z.string().nullable().default(null),
});
export type ShadowedTool = z.infer<typeof ShadowedToolSchema>;

export const ThreadPromotionSchema = z.object({
  thread_id: z.string(),
  promoted: z.array(z.string()).default([]),
  promoted_hash: z.string().nullable().default(null),
  /** The thread's promotions were made under another catalog and no longer count. */
  stale: z.boolean().default(false),
});
export type ThreadPromotion = z.infer<typeof ThreadPromotionSchema>;

export const InventorySchema = z.object({
  tools: z.array(InventoryToolSchema),
  shadowed: z.array(ShadowedToolSchema).default([]),
  mcp_servers: z.array(McpServerStatusSchema).default([]),
  catalog_hash: z.string().nullable().default(null),
  tool_search: z.object({ enabled: z.boolean(), max_results: z.number() }).default({ enabled: false, max_results: 0 }),
  thread: ThreadPromotionSchema.nullable().default(null),
  warnings: z.array(z.string()).default([]),
  /** A config edit or rebuild that failed; the previous configuration stays in force. */
  error: z.string().nullable().default(null),
});
export type Inventory = z.infer<typeof InventorySchema>;

/** GET /api/tools: the inventory with each schema's o200k token cost and the thread's next-call cost. */
export const ToolsResponseSchema = InventorySchema.extend({
  tools: z.array(InventoryToolSchema.extend({ tokens: z.number().default(0) })),
  tokens: z
    .object({
      /** Schemas bound on the thread's next model call, plus the deferred-tools prompt section. */
      bound_next_call: z.number(),
      /** Every tool's schema bound, as without deferral (tool_search excluded). */
      all_bound: z.number(),
      deferred_section: z.number().default(0),
    })
    .default({ bound_next_call: 0, all_bound: 0, deferred_section: 0 }),
});
export type ToolsResponse = z.infer<typeof ToolsResponseSchema>;
