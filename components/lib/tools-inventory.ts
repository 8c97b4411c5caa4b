import type { McpServerStatus } from "@/lib/contracts/mcp";
import type { ToolsResponse } from "@/lib/contracts/inventory";

/** GET /api/tools, as the panel reads it (the contract's schema is `ToolsResponseSchema`). */
export type ToolsInventory = ToolsResponse;
export type InventoryTool = ToolsInventory["tools"][number];
export type McpServer = McpServerStatus;

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
    .map(
      (name): McpServer => ({
        name,
        status: "connected",
        transport: null,
        description: null,
        tools: 0,
        error: null,
        warnings: [],
        connect_ms: null,
      }),
    );

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
