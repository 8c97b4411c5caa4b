import { z } from "zod";

// GET /api/tools?thread_id=. Decorations default so one missing extra does not blank the panel;
// the fields the panel is about (name, source, deferred, promoted) are required.
const toolSchema = z.object({
  name: z.string(),
  source: z.enum(["config", "builtin", "mcp"]),
  server: z.string().nullable().default(null),
  group: z.string().nullable().default(null),
  description: z.string().default(""),
  deferred: z.boolean(),
  promoted: z.boolean(),
  tokens: z.number().default(0),
});

export const toolsInventorySchema = z.object({
  tools: z.array(toolSchema),
  shadowed: z
    .array(
      z.object({
        name: z.string(),
        source: z.string(),
        server: z.string().nullable().default(null),
        shadowed_by: z.string(),
      }),
    )
    .default([]),
  mcp_servers: z
    .array(
      z.object({
        name: z.string(),
        status: z.enum(["connected", "failed", "disabled"]),
        transport: z.string().default(""),
        tools: z.number().default(0),
        error: z.string().nullable().default(null),
      }),
    )
    .default([]),
  catalog_hash: z.string().nullable().default(null),
  tool_search: z.object({ enabled: z.boolean(), max_results: z.number() }).default({ enabled: false, max_results: 0 }),
  thread: z
    .object({
      thread_id: z.string(),
      promoted: z.array(z.string()).default([]),
      promoted_hash: z.string().nullable().default(null),
      stale: z.boolean().default(false),
    })
    .nullable()
    .default(null),
  tokens: z
    .object({ bound_next_call: z.number(), all_bound: z.number() })
    .default({ bound_next_call: 0, all_bound: 0 }),
  /** A config edit or rebuild that failed; the previous configuration stays in force. */
  error: z.string().nullable().default(null),
  warnings: z.array(z.string()).default([]),
});

export type ToolsInventory = z.infer<typeof toolsInventorySchema>;
export type InventoryTool = ToolsInventory["tools"][number];
export type McpServer = ToolsInventory["mcp_servers"][number];

/** `values.promoted` of the thread as it streams in. */
export interface LivePromotion {
  catalog_hash?: string | null;
  names?: string[];
}

export type ToolState = "promoted" | "deferred" | "bound";

export interface ToolEntry extends InventoryTool {
  state: ToolState;
  /** Promoted by the stream ahead of the server's inventory catching up. */
  live: boolean;
}

export interface ServerView {
  server: McpServer;
  /** The server's tools that are not promoted: deferred, or bound when tool_search is off. */
  tools: ToolEntry[];
  promotedCount: number;
}

export interface InventoryView {
  promoted: ToolEntry[];
  /** Built-in and configured tools: always bound. */
  bound: ToolEntry[];
  servers: ServerView[];
  shadowed: ToolsInventory["shadowed"];
  stale: { names: string[]; promotedHash: string | null } | null;
  tokens: { nextCall: number; allBound: number };
  counts: { promoted: number; deferred: number; total: number };
}

export interface ViewOptions {
  /** Promotions from the live stream, applied before the server's inventory catches up. */
  live?: LivePromotion | null;
  /** False while the inventory on hand was fetched for another thread: its promotions do not apply. */
  sameThread?: boolean;
  filter?: string;
}

function matches(filter: string, ...fields: (string | null)[]): boolean {
  if (!filter) return true;
  return fields.some((f) => f?.toLowerCase().includes(filter));
}

export function inventoryView(inv: ToolsInventory, opts: ViewOptions = {}): InventoryView {
  const sameThread = opts.sameThread ?? true;
  const filter = (opts.filter ?? "").trim().toLowerCase();
  const live = opts.live;
  // Names promoted under another catalog are stale and never bound, so the stream's list only counts
  // when its hash matches the catalog the inventory describes.
  const liveNames =
    live?.names && (live.catalog_hash == null || inv.catalog_hash == null || live.catalog_hash === inv.catalog_hash)
      ? new Set(live.names)
      : new Set<string>();

  let liveExtraTokens = 0;
  const entries: ToolEntry[] = inv.tools.map((t) => {
    const serverSays = sameThread && t.promoted;
    const streamSays = t.deferred && liveNames.has(t.name);
    if (streamSays && !serverSays) liveExtraTokens += t.tokens;
    const promoted = serverSays || streamSays;
    const state: ToolState = promoted ? "promoted" : t.deferred ? "deferred" : "bound";
    return { ...t, state, live: streamSays && !serverSays };
  });

  const visible = entries.filter((t) => matches(filter, t.name, t.description, t.server, t.group));
  const mcpTools = visible.filter((t) => t.source === "mcp");
  const known = new Set(inv.mcp_servers.map((s) => s.name));
  const orphanServers = [...new Set(mcpTools.map((t) => t.server ?? "(unknown server)"))]
    .filter((name) => !known.has(name))
    .map((name): McpServer => ({ name, status: "connected", transport: "", tools: 0, error: null }));

  const servers = [...inv.mcp_servers, ...orphanServers]
    .map((server): ServerView => {
      const own = entries.filter((t) => t.source === "mcp" && (t.server ?? "(unknown server)") === server.name);
      return {
        server,
        tools: mcpTools.filter((t) => (t.server ?? "(unknown server)") === server.name && t.state !== "promoted"),
        promotedCount: own.filter((t) => t.state === "promoted").length,
      };
    })
    .filter((s) => !filter || s.tools.length > 0 || matches(filter, s.server.name, s.server.error));

  const thread = sameThread ? inv.thread : null;
  const byName = (a: ToolEntry, b: ToolEntry) => a.name.localeCompare(b.name);
  return {
    promoted: visible.filter((t) => t.state === "promoted").sort(byName),
    bound: visible.filter((t) => t.source !== "mcp" && t.state === "bound"),
    servers,
    shadowed: inv.shadowed.filter((s) => matches(filter, s.name, s.source, s.server, s.shadowed_by)),
    stale: thread?.stale ? { names: thread.promoted, promotedHash: thread.promoted_hash } : null,
    tokens: {
      nextCall:
        (sameThread ? inv.tokens.bound_next_call : inv.tokens.bound_next_call - promotedTokens(inv)) + liveExtraTokens,
      allBound: inv.tokens.all_bound,
    },
    counts: {
      promoted: entries.filter((t) => t.state === "promoted").length,
      deferred: entries.filter((t) => t.state === "deferred").length,
      total: entries.length,
    },
  };
}

/** Tokens the server counted for its own thread's promotions, removed when that thread is not shown. */
function promotedTokens(inv: ToolsInventory): number {
  return inv.tools.filter((t) => t.promoted).reduce((sum, t) => sum + t.tokens, 0);
}
