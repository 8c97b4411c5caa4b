import { z } from "zod";
import { McpServerStatusSchema } from "./mcp";

/**
 * The tool inventory: GET /api/tools and `fawn tools --json`. Derived from the built agent and a thread's
 * promoted state, never stored. The fields the tools panel is about (name, source, deferred, promoted) are
 * required; decorations default, so one missing extra does not blank the panel.
 */
export const ToolSourceSchema = z.enum(["config", "builtin", "mcp"]);
export type ToolSource = z.infer<typeof ToolSourceSchema>;

/** The hints an MCP server gives about a tool in `tools/list` (all optional, all advisory). */
export const ToolAnnotationsSchema = z
  .object({
    title: z.string(),
    readOnlyHint: z.boolean(),
    destructiveHint: z.boolean(),
    idempotentHint: z.boolean(),
    openWorldHint: z.boolean(),
  })
  .partial();
export type ToolAnnotations = z.infer<typeof ToolAnnotationsSchema>;

/** Whether tool_search defers a tool: `auto` follows tool_search.auto_threshold; `never` keeps it bound. */
export const DeferPolicySchema = z.enum(["auto", "always", "never"]);
export type DeferPolicy = z.infer<typeof DeferPolicySchema>;

/** A tool's defer policy and where it was set (extensions_config.json: the tool's entry, its server, or none). */
export const ToolPolicySchema = z.object({ policy: DeferPolicySchema, from: z.enum(["tool", "server", "default"]) });
export type ToolPolicy = z.infer<typeof ToolPolicySchema>;

export const InventoryToolSchema = z.object({
  name: z.string(),
  source: ToolSourceSchema,
  /** MCP server name, for MCP tools. */
  server: z.string().nullable().default(null),
  /** config.yaml group, for configured tools. */
  group: z.string().nullable().default(null),
  description: z.string().default(""),
  deferred: z.boolean(),
  /** Promoted in the given thread under the tool's current schema. */
  promoted: z.boolean(),
  /** A deferred tool's own schema hash (what its promotion is keyed by); null for the others. */
  hash: z.string().nullable().default(null),
  /** MCP tools: the defer policy from extensions_config.json and where it was set. */
  defer_policy: ToolPolicySchema.nullable().default(null),
  /** Why an MCP tool is bound although tool_search is on (its policy, or the auto threshold). */
  bound_reason: z.string().nullable().default(null),
  annotations: ToolAnnotationsSchema.nullable().default(null),
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

/**
 * Why a tool left the promoted set: `evicted` to make room under the budget (least recently used
 * first), `over_budget` when a new promotion could not fit even after evicting all older ones,
 * `upgrade` when the thread was saved before promotions were keyed per tool.
 */
export const DemotionReasonSchema = z.enum(["evicted", "over_budget", "upgrade"]);
export type DemotionReason = z.infer<typeof DemotionReasonSchema>;

export const DemotionSchema = z.object({
  name: z.string(),
  hash: z.string().nullable(),
  tokens: z.number().int().nonnegative(),
  reason: DemotionReasonSchema,
  at: z.number().int().nonnegative(),
  used_at: z.number().int().nonnegative().nullable(),
  /** The promotion that needed the room. */
  for: z.array(z.string()),
});
export type Demotion = z.infer<typeof DemotionSchema>;

/** A promotion that no longer counts because its own tool changed (`changed`) or left (`removed`). */
export const DriftedPromotionSchema = z.object({
  name: z.string(),
  reason: z.enum(["changed", "removed"]),
  promoted_hash: z.string(),
  current_hash: z.string().nullable(),
});
export type DriftedPromotion = z.infer<typeof DriftedPromotionSchema>;

export const ThreadPromotionSchema = z.object({
  thread_id: z.string(),
  /** The names bound for this thread now. */
  promoted: z.array(z.string()).default([]),
  /** The catalog of the thread's newest promotion. */
  promoted_hash: z.string().nullable().default(null),
  /** Some promotions no longer count because their tool changed or left (see `drifted`). */
  stale: z.boolean().default(false),
  drifted: z.array(DriftedPromotionSchema).default([]),
  /** The most recent tools that left the promoted set, with why. */
  demoted: z.array(DemotionSchema).default([]),
  /** What the promoted set holds against the budget (drifted promotions still hold their place). */
  budget_used: z.object({ tokens: z.number(), count: z.number() }).default({ tokens: 0, count: 0 }),
  /** Of `promoted`, the tools prefetch promoted from a message (no model round trip). */
  prefetched: z.array(z.string()).default([]),
});
export type ThreadPromotion = z.infer<typeof ThreadPromotionSchema>;

/** `bind`: promoted tools are bound to the model; `proxy`: the bound tools never change, promoted ones go through call_tool. */
export const ToolBindingSchema = z.enum(["bind", "proxy"]);
export type ToolBinding = z.infer<typeof ToolBindingSchema>;

export const ListingSettingSchema = z.enum(["auto", "names", "servers"]);
export type ListingSetting = z.infer<typeof ListingSettingSchema>;
export const ListingModeSchema = z.enum(["names", "servers"]);
export type ListingMode = z.infer<typeof ListingModeSchema>;

export const ToolSearchSettingsSchema = z.object({
  enabled: z.boolean(),
  max_results: z.number(),
  listing: z
    .object({
      setting: ListingSettingSchema,
      mode: ListingModeSchema.nullable(),
      reason: z.string().nullable().default(null),
      tokens: z.number().default(0),
      omitted: z.number().default(0),
      /** Deferred tools the listing covers, and `listing_max_tokens`: what `auto` decided by. */
      names: z.number().default(0),
      max_tokens: z.number().nullable().default(null),
    })
    .nullable()
    .default(null),
  budget: z
    .object({ tokens: z.number().nullable(), count: z.number().nullable() })
    .default({ tokens: null, count: null }),
  min_relative_score: z.number().default(0),
  /** The auto threshold in tokens (0: `auto` tools are always deferred). */
  auto_threshold_tokens: z.number().default(0),
  embeddings: z.boolean().default(false),
  /** Promote from the person's message before the first model call of a turn. */
  prefetch: z
    .object({ enabled: z.boolean(), k: z.number(), min_score: z.number() })
    .default({ enabled: false, k: 0, min_score: 0 }),
  binding: ToolBindingSchema.default("bind"),
});
export type ToolSearchSettings = z.infer<typeof ToolSearchSettingsSchema>;

/** What a new catalog changed, tool by tool: only the changed tools' promotions stop counting. */
export const CatalogChangeSchema = z.object({
  from_hash: z.string().nullable().default(null),
  to_hash: z.string().nullable().default(null),
  /** ISO time the new catalog was built. */
  at: z.string(),
  added: z.array(z.string()).default([]),
  removed: z.array(z.string()).default([]),
  changed: z.array(z.object({ name: z.string(), fields: z.array(z.enum(["description", "parameters"])) })).default([]),
});
export type CatalogChange = z.infer<typeof CatalogChangeSchema>;

export const InventorySchema = z.object({
  tools: z.array(InventoryToolSchema),
  shadowed: z.array(ShadowedToolSchema).default([]),
  mcp_servers: z.array(McpServerStatusSchema).default([]),
  catalog_hash: z.string().nullable().default(null),
  tool_search: ToolSearchSettingsSchema.default({
    enabled: false,
    max_results: 0,
    listing: null,
    budget: { tokens: null, count: null },
    min_relative_score: 0,
    auto_threshold_tokens: 0,
    embeddings: false,
    prefetch: { enabled: false, k: 0, min_score: 0 },
    binding: "bind",
  }),
  thread: ThreadPromotionSchema.nullable().default(null),
  /** The newest rebuild that changed the catalog, tool by tool. */
  catalog_change: CatalogChangeSchema.nullable().default(null),
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

/**
 * GET /api/tools/stamp: a fingerprint of what the tools panel shows that can change without a run (the
 * catalog after tools/list_changed, server statuses, a config edit). The panel polls it and refetches
 * the inventory when it differs.
 */
export const ToolsStampSchema = z.object({ stamp: z.string() });
export type ToolsStamp = z.infer<typeof ToolsStampSchema>;
