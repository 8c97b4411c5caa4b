import type { StructuredToolInterface } from "@langchain/core/tools";
import type { ToolRecord } from "@/lib/tools/types";
import { ToolCatalog } from "./catalog";
import { HybridSearch, type HybridOptions } from "./hybrid";
import { createToolSearchTool } from "./tool-search";

export interface DeferredSetup {
  /** Null when nothing is deferred (disabled, or no MCP tools). */
  catalog: ToolCatalog | null;
  toolSearch: StructuredToolInterface | null;
  deferredNames: ReadonlySet<string>;
}

export const NO_DEFERRAL: DeferredSetup = { catalog: null, toolSearch: null, deferredNames: new Set() };

export class FailClosedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FailClosedError";
  }
}

/** MCP tools are deferred; built-ins, configured tools and tool_search itself never are. */
export function buildDeferredSetup(
  tools: ReadonlyArray<ToolRecord>,
  opts: { enabled: boolean; maxResults: number; hybrid?: HybridOptions },
): DeferredSetup {
  if (!opts.enabled) return NO_DEFERRAL;
  const deferred = tools.filter((t) => t.source === "mcp");
  if (deferred.length === 0) return NO_DEFERRAL;
  const catalog = new ToolCatalog(deferred.map((t) => ({ tool: t.tool, server: t.server })));
  const hybrid = opts.hybrid ? new HybridSearch(catalog, opts.hybrid) : undefined;
  return { catalog, toolSearch: createToolSearchTool(catalog, opts.maxResults, hybrid), deferredNames: catalog.names };
}

/**
 * Refuse to go on when tool_search is enabled and MCP tools survive but are not all deferred:
 * binding their schemas would silently undo the design, so no agent is better than that agent.
 */
export function assertFailClosed(tools: ReadonlyArray<ToolRecord>, enabled: boolean, setup: DeferredSetup): void {
  if (!enabled) return;
  const mcp = tools.filter((t) => t.source === "mcp");
  if (mcp.length === 0) return;
  const notDeferred = mcp.filter((t) => !setup.deferredNames.has(t.tool.name)).map((t) => t.tool.name);
  if (!setup.catalog || !setup.toolSearch || notDeferred.length > 0) {
    throw new FailClosedError(
      "tool_search is enabled and MCP tools survived assembly, but no complete deferred set was built " +
        `(not deferred: ${notDeferred.slice(0, 5).join(", ") || "all"}); refusing to bind MCP schemas (fail-closed).`,
    );
  }
}
