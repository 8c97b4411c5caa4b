import type { StructuredToolInterface } from "@langchain/core/tools";
import type { ToolBinding } from "@/lib/contracts/inventory";
import { toolDefinitionTokens } from "@/lib/tokens";
import { toOpenAIDefinition } from "@/lib/tools/openai-def";
import type { ToolRecord } from "@/lib/tools/types";
import { ToolCatalog } from "./catalog";
import type { DeferredFilterOptions } from "./filter";
import { HybridSearch, type HybridOptions } from "./hybrid";
import { buildListing, type DeferredListing, type ListingOptions } from "./listing";
import type { DeferPolicy, ToolPolicy } from "./policy";
import type { ToolHashes } from "./promoted";
import { PROMOTE_ALL, type PromotionPolicy } from "./promotion";
import { createCallTool } from "./proxy";
import type { SearchTechniques } from "./search";
import { createToolSearchTool } from "./tool-search";

export interface DeferredSetup {
  /** Null when nothing is deferred (disabled, no MCP tools, or every one kept bound). */
  catalog: ToolCatalog | null;
  toolSearch: StructuredToolInterface | null;
  deferredNames: ReadonlySet<string>;
  /** Each deferred tool's schema hash: what promotions are keyed by. */
  toolHashes: ToolHashes;
  /** MCP tools deliberately left bound while tool_search is on, with why; fail-closed accepts only these. */
  bound: ReadonlyMap<string, string>;
  /** How the prompt lists the deferred tools; null when nothing is deferred. */
  listing: DeferredListing | null;
  promotion: PromotionPolicy;
  /** Each MCP tool's defer policy as configured (for the inventory). */
  policies: ReadonlyMap<string, ToolPolicy>;
  autoThresholdTokens: number;
  /** `proxy`: promoted tools are called through `callTool` and never bound (see proxy.ts). */
  binding: ToolBinding;
  /** call_tool, in proxy mode when something is deferred; else null. */
  callTool: StructuredToolInterface | null;
}

export const NO_DEFERRAL: DeferredSetup = {
  catalog: null,
  toolSearch: null,
  deferredNames: new Set(),
  toolHashes: new Map(),
  bound: new Map(),
  listing: null,
  promotion: PROMOTE_ALL,
  policies: new Map(),
  autoThresholdTokens: 0,
  binding: "bind",
  callTool: null,
};

export class FailClosedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FailClosedError";
  }
}

export interface SetupOptions {
  enabled: boolean;
  maxResults: number;
  hybrid?: HybridOptions;
  /** Each MCP tool's defer policy (absent: auto). */
  policies?: ReadonlyMap<string, ToolPolicy>;
  /** `auto` tools are deferred only when their schemas cost more than this many tokens (0: always). */
  autoThresholdTokens?: number;
  listing?: ListingOptions;
  promotion?: PromotionPolicy;
  /** `tool_search.techniques`: the search techniques switched on or off (unset: as by default). */
  techniques?: Partial<SearchTechniques>;
  /** `tool_search.binding`: bind promoted tools (default), or call them through call_tool. */
  binding?: ToolBinding;
  /** Called with the names each search promotes. */
  onPromote?: (names: readonly string[]) => void;
}

/** An MCP tool as the defer decision sees it; `tokens` (its schema's cost) is asked only when a threshold is set. */
export interface PolicyItem {
  name: string;
  policy: DeferPolicy;
  tokens: () => number;
}

/**
 * Which MCP tools stay bound while tool_search is on, and why: `never` always; `auto` while every `auto` schema
 * together (`otherAutoTokens` counts those not in `items`) fits under the threshold (0: never). The agent's setup
 * decides with it, and "Test connection" (lib/mcp/probe.ts) predicts with it.
 */
export function boundByPolicy(
  items: readonly PolicyItem[],
  threshold: number,
  otherAutoTokens = 0,
): Map<string, string> {
  const bound = new Map<string, string>();
  for (const t of items) if (t.policy === "never") bound.set(t.name, "defer: never");
  if (threshold > 0) {
    const auto = items.filter((t) => t.policy === "auto");
    const tokens = auto.reduce((n, t) => n + t.tokens(), otherAutoTokens);
    if (tokens <= threshold)
      for (const t of auto) bound.set(t.name, `auto: MCP schemas ${tokens} tokens ≤ threshold ${threshold}`);
  }
  return bound;
}

function boundMcpTools(mcp: readonly ToolRecord[], opts: SetupOptions): Map<string, string> {
  const items = mcp.map((t) => ({
    name: t.tool.name,
    policy: opts.policies?.get(t.tool.name)?.policy ?? "auto",
    tokens: () => toolDefinitionTokens(toOpenAIDefinition(t.tool)),
  }));
  return boundByPolicy(items, opts.autoThresholdTokens ?? 0);
}

/** MCP tools are deferred unless their policy keeps them bound; built-ins, configured tools and tool_search never are. */
export function buildDeferredSetup(tools: ReadonlyArray<ToolRecord>, opts: SetupOptions): DeferredSetup {
  if (!opts.enabled) return NO_DEFERRAL;
  const mcp = tools.filter((t) => t.source === "mcp");
  if (mcp.length === 0) return NO_DEFERRAL;
  const bound = boundMcpTools(mcp, opts);
  const deferred = mcp.filter((t) => !bound.has(t.tool.name));
  const configured = {
    policies: opts.policies ?? new Map<string, ToolPolicy>(),
    autoThresholdTokens: opts.autoThresholdTokens ?? 0,
  };
  if (deferred.length === 0) return { ...NO_DEFERRAL, ...configured, bound };
  const catalog = new ToolCatalog(
    deferred.map((t) => ({ tool: t.tool, server: t.server })),
    opts.techniques,
    opts.listing?.descriptions,
  );
  const hybrid = opts.hybrid ? new HybridSearch(catalog, opts.hybrid) : undefined;
  const promotion = opts.promotion ?? PROMOTE_ALL;
  const binding = opts.binding ?? "bind";
  return {
    catalog,
    toolSearch: createToolSearchTool(catalog, opts.maxResults, hybrid, promotion, {
      onPromote: opts.onPromote,
      binding,
    }),
    binding,
    callTool: binding === "proxy" ? createCallTool() : null,
    deferredNames: catalog.names,
    toolHashes: catalog.toolHashes,
    bound,
    listing: buildListing(catalog, opts.listing ?? { setting: "names", maxTokens: Number.POSITIVE_INFINITY }),
    promotion,
    ...configured,
  };
}

/**
 * Refuse to go on when tool_search is enabled and an MCP tool would be bound that no policy keeps
 * bound: binding its schema would silently undo the design, so no agent is better than that agent.
 */
export function assertFailClosed(tools: ReadonlyArray<ToolRecord>, enabled: boolean, setup: DeferredSetup): void {
  if (!enabled) return;
  const mcp = tools.filter((t) => t.source === "mcp");
  if (mcp.length === 0) return;
  const notDeferred = mcp
    .filter((t) => !setup.deferredNames.has(t.tool.name) && !setup.bound.has(t.tool.name))
    .map((t) => t.tool.name);
  const incomplete = setup.deferredNames.size > 0 && (!setup.catalog || !setup.toolSearch);
  const nothing = setup.deferredNames.size === 0 && setup.bound.size === 0;
  if (incomplete || nothing || notDeferred.length > 0) {
    throw new FailClosedError(
      "tool_search is enabled and MCP tools survived assembly, but no complete deferred set was built " +
        `(not deferred: ${notDeferred.slice(0, 5).join(", ") || "all"}); refusing to bind MCP schemas (fail-closed).`,
    );
  }
}

/** What the deferred-tool filter of an agent holding `tools` needs (a subagent passes its own tools). */
export function filterOptionsFor(
  setup: DeferredSetup,
  tools: readonly StructuredToolInterface[],
): DeferredFilterOptions {
  const base = { deferredNames: setup.deferredNames, toolHashes: setup.toolHashes };
  if (setup.binding !== "proxy" || !setup.catalog) return base;
  return {
    ...base,
    proxy: {
      tools: new Map(tools.map((t) => [t.name, t])),
      schemas: new Map(setup.catalog.entries.map((e) => [e.name, e.definition.function.parameters])),
    },
  };
}
