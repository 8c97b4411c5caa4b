import { annotationsOf, type ToolAnnotations } from "@/lib/deferred/catalog";
import type { CatalogChange } from "@/lib/deferred/drift";
import type { ListingMode, ListingSetting } from "@/lib/deferred/listing";
import type { DeferPolicy, ToolPolicy } from "@/lib/deferred/policy";
import {
  activePromotions,
  type Demotion,
  type DriftedPromotion,
  driftedPromotions,
  normalizePromoted,
  type Promoted,
  promotedTokens,
} from "@/lib/deferred/promoted";
import type { McpServerStatus } from "@/lib/mcp/types";
import type { ShadowedTool, ToolSource } from "@/lib/tools/types";
import type { AgentRuntime } from "./runtime";

export interface InventoryTool {
  name: string;
  source: ToolSource;
  server: string | null;
  group: string | null;
  description: string;
  deferred: boolean;
  /** Promoted in the given thread under the tool's current schema. */
  promoted: boolean;
  /** A deferred tool's own schema hash (what its promotion is keyed by); null for the others. */
  hash: string | null;
  /** MCP tools: the defer policy from extensions_config.json and where it was set. */
  defer_policy: { policy: DeferPolicy; from: ToolPolicy["from"] } | null;
  /** Why an MCP tool is bound although tool_search is on (its policy, or the auto threshold). */
  bound_reason: string | null;
  /** The server's hints from tools/list (readOnlyHint, destructiveHint, …). */
  annotations: ToolAnnotations | null;
}

export interface ThreadPromotion {
  thread_id: string;
  /** The names bound for this thread now. */
  promoted: string[];
  /** The catalog of the thread's newest promotion. */
  promoted_hash: string | null;
  /** Some promotions no longer count because their tool changed or left (see `drifted`). */
  stale: boolean;
  /** Promotions whose own tool changed (or left) since: only these stopped counting. */
  drifted: DriftedPromotion[];
  /** The most recent tools that left the promoted set, with why. */
  demoted: Demotion[];
  /** What the promoted set holds against the budget (drifted promotions still hold their place). */
  budget_used: { tokens: number; count: number };
}

export interface ToolSearchSettings {
  enabled: boolean;
  max_results: number;
  listing: {
    setting: ListingSetting;
    mode: ListingMode | null;
    reason: string | null;
    tokens: number;
    omitted: number;
  };
  budget: { tokens: number | null; count: number | null };
  min_relative_score: number;
  /** The auto threshold in tokens (0: `auto` tools are always deferred). */
  auto_threshold_tokens: number;
  embeddings: boolean;
}

export interface Inventory {
  tools: InventoryTool[];
  shadowed: ShadowedTool[];
  mcp_servers: McpServerStatus[];
  catalog_hash: string | null;
  tool_search: ToolSearchSettings;
  thread: ThreadPromotion | null;
  /** The newest rebuild that changed the catalog, tool by tool. */
  catalog_change: CatalogChange | null;
  warnings: string[];
  error: string | null;
}

function toolSearchSettings(runtime: AgentRuntime): ToolSearchSettings {
  const ts = runtime.config.app.tool_search;
  const { listing, promotion } = runtime.built.setup;
  return {
    enabled: ts.enabled,
    max_results: ts.max_results,
    listing: {
      setting: ts.listing,
      mode: listing?.mode ?? null,
      reason: listing?.reason ?? null,
      tokens: listing?.tokens ?? 0,
      omitted: listing?.omitted ?? 0,
    },
    budget: promotion.budget,
    min_relative_score: promotion.minRelativeScore,
    auto_threshold_tokens: runtime.built.setup.autoThresholdTokens,
    embeddings: ts.embeddings?.enabled ?? false,
  };
}

function threadPromotion(runtime: AgentRuntime, id: string, raw: Promoted | undefined): ThreadPromotion {
  const { setup } = runtime.built;
  const promoted = normalizePromoted(raw);
  // A tool now bound by policy is not drifted: it no longer needs a promotion at all.
  const drifted = driftedPromotions(promoted, setup.toolHashes).filter((d) => !setup.bound.has(d.name));
  return {
    thread_id: id,
    promoted: activePromotions(promoted, setup.toolHashes),
    promoted_hash: promoted.catalog_hash,
    stale: drifted.length > 0,
    drifted,
    demoted: promoted.demoted,
    budget_used: { tokens: promotedTokens(promoted.tools), count: promoted.tools.length },
  };
}

/** The tool inventory: derived from the built agent and a thread's promoted state, never stored. */
export function buildInventory(
  runtime: AgentRuntime,
  thread?: { id: string; promoted: Promoted | undefined },
): Inventory {
  const { built } = runtime;
  const { setup } = built;
  const threadInfo = thread ? threadPromotion(runtime, thread.id, thread.promoted) : null;
  const promoted = new Set(threadInfo?.promoted ?? []);
  const tools = built.tools.map((r): InventoryTool => {
    const deferred = setup.deferredNames.has(r.tool.name);
    const policy = r.source === "mcp" ? (setup.policies.get(r.tool.name) ?? { policy: "auto", from: "default" }) : null;
    const annotations = setup.catalog?.get(r.tool.name)?.annotations ?? annotationsOf(r.tool);
    return {
      name: r.tool.name,
      source: r.source,
      server: r.server,
      group: r.group,
      description: r.tool.description,
      deferred,
      promoted: promoted.has(r.tool.name),
      hash: setup.toolHashes.get(r.tool.name) ?? null,
      defer_policy: policy,
      bound_reason: setup.bound.get(r.tool.name) ?? null,
      annotations: annotations ?? null,
    };
  });
  return {
    tools,
    shadowed: built.shadowed,
    mcp_servers: runtime.mcpServers,
    catalog_hash: setup.catalog?.hash ?? null,
    tool_search: toolSearchSettings(runtime),
    thread: threadInfo,
    catalog_change: runtime.catalogChange,
    warnings: built.warnings,
    error: runtime.error,
  };
}

/** Read a thread's promoted state from its newest checkpoint. */
export async function threadPromoted(runtime: AgentRuntime, threadId: string): Promise<Promoted | undefined> {
  const state = await runtime.graph.getState({ configurable: { thread_id: threadId } });
  return (state.values as { promoted?: Promoted } | undefined)?.promoted;
}
