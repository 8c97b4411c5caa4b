import type { Phrase } from "@/components/i18n/phrase";
import type { CatalogChange, Demotion, ToolsResponse } from "@/lib/contracts/inventory";
import type { McpServerStatus } from "@/lib/contracts/mcp";
import { type BudgetView, budgetView, demotionWhy, driftWhy, liveActiveNames } from "./promotion-view";

export type { BudgetView, CatalogChange, Demotion };

/** GET /api/tools, as the panel reads it (the contract's schema is `ToolsResponseSchema`). */
export type ToolsInventory = ToolsResponse;
export type InventoryTool = ToolsInventory["tools"][number];
export type McpServer = McpServerStatus;

/** `values.promoted` of the thread as it streams in. */
export interface LivePromotion {
  catalog_hash?: string | null;
  names?: string[];
  /** Each promoted tool under the schema hash it was promoted with. */
  tools?: Array<{ name: string; hash: string; tokens?: number; via?: "prefetch" }>;
  demoted?: Demotion[];
}

export type ToolState = "promoted" | "deferred" | "bound";

export interface ToolEntry extends InventoryTool {
  state: ToolState;
  /** Promoted by the stream ahead of the server's inventory catching up. */
  live: boolean;
  /** Promoted by prefetch, from the person's message, not by a search the model made. */
  prefetched: boolean;
}

export interface ServerView {
  server: McpServer;
  /** The server's tools that are not promoted: deferred, or bound when tool_search is off. */
  tools: ToolEntry[];
  promotedCount: number;
}

export interface InventoryView {
  promoted: ToolEntry[];
  /** Promotions that stopped counting because their own tool changed or left. */
  drifted: Array<{ name: string; server: string | null; why: Phrase }>;
  /** Tools that left the promoted set, newest first, with why. */
  demoted: Array<{ name: string; server: string | null; reason: string; why: Phrase; tokens: number }>;
  budget: BudgetView;
  /** Built-in and configured tools: always bound. */
  bound: ToolEntry[];
  servers: ServerView[];
  shadowed: ToolsInventory["shadowed"];
  catalogChange: CatalogChange | null;
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

/** Text as the filter compares it: lower case, `_`, `-`, `.` and runs of spaces as one space ("get-sum" ~ "get sum"). */
const filterText = (text: string) => text.toLowerCase().replace(/[\s_.-]+/g, " ");

function matches(filter: string, ...fields: (string | null)[]): boolean {
  if (!filter) return true;
  const wanted = filterText(filter);
  return fields.some((f) => f !== null && f !== undefined && filterText(f).includes(wanted));
}

export function inventoryView(inv: ToolsInventory, opts: ViewOptions = {}): InventoryView {
  const sameThread = opts.sameThread ?? true;
  const filter = (opts.filter ?? "").trim().toLowerCase();
  const live = opts.live;
  const liveNames = liveActiveNames(inv, live);

  // A streamed state that lists its tools is the thread's whole promoted set (demotions included);
  // the earlier shape only adds names.
  const streamIsWhole = Array.isArray(live?.tools);
  const prefetched = streamIsWhole
    ? new Set((live?.tools ?? []).filter((t) => t.via === "prefetch").map((t) => t.name))
    : new Set(sameThread ? (inv.thread?.prefetched ?? []) : []);
  const entries: ToolEntry[] = inv.tools.map((t) => {
    const serverSays = sameThread && t.promoted;
    const streamSays = t.deferred && liveNames.has(t.name);
    const promoted = streamIsWhole ? streamSays : serverSays || streamSays;
    const state: ToolState = promoted ? "promoted" : t.deferred ? "deferred" : "bound";
    return { ...t, state, live: streamSays && !serverSays, prefetched: promoted && prefetched.has(t.name) };
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
        auth_required: false,
        lifecycle: "eager",
        lifecycle_reason: null,
        idle_timeout_s: null,
        cached_at: null,
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
  const serverOf = new Map(inv.tools.map((t) => [t.name, t.server]));
  const promotedNow = new Set(entries.filter((t) => t.state === "promoted").map((t) => t.name));
  const demoted = (live?.demoted ?? thread?.demoted ?? [])
    .filter((d) => !promotedNow.has(d.name) && matches(filter, d.name, serverOf.get(d.name) ?? null))
    .reverse()
    .map((d) => ({
      name: d.name,
      server: serverOf.get(d.name) ?? null,
      reason: d.reason,
      why: demotionWhy(d, inv),
      tokens: d.tokens,
    }));
  return {
    promoted: visible.filter((t) => t.state === "promoted").sort(byName),
    drifted: (thread?.drifted ?? [])
      .filter((d) => !promotedNow.has(d.name) && matches(filter, d.name))
      .map((d) => ({ name: d.name, server: serverOf.get(d.name) ?? null, why: driftWhy(d, inv.catalog_change) })),
    demoted,
    budget: budgetView(inv, live, thread),
    catalogChange: inv.catalog_change,
    bound: visible.filter((t) => t.source !== "mcp" && t.state === "bound"),
    servers,
    shadowed: inv.shadowed.filter((s) => matches(filter, s.name, s.source, s.server, s.shadowed_by)),
    tokens: {
      // Proxy binding: promoted tools are never bound, so what the stream promotes changes nothing here.
      nextCall:
        inv.tool_search.binding === "proxy"
          ? inv.tokens.bound_next_call
          : inv.tokens.bound_next_call -
            promotedTokens(inv) +
            entries.filter((t) => t.state === "promoted").reduce((n, t) => n + t.tokens, 0),
      allBound: inv.tokens.all_bound,
    },
    counts: {
      promoted: entries.filter((t) => t.state === "promoted").length,
      deferred: entries.filter((t) => t.state === "deferred").length,
      total: entries.length,
    },
  };
}

/** Tokens the server counted for its thread's promotions: replaced by what the view shows as promoted. */
function promotedTokens(inv: ToolsInventory): number {
  return inv.tools.filter((t) => t.promoted).reduce((sum, t) => sum + t.tokens, 0);
}
