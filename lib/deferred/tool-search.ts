import { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command } from "@langchain/langgraph";
import { z } from "zod";
import { CALL_TOOL_NAME } from "@/lib/contracts/call-tool";
import type { OpenAIFunctionDef } from "@/lib/tools/openai-def";
import type { CatalogEntry, ScoredEntry, ToolCatalog } from "./catalog";
import type { HybridSearch } from "./hybrid";
import { PROMOTE_ALL, type PromotionPolicy, planPromotion, promoteUpdate, searchResultText } from "./promotion";
import { SearchQueryError } from "./search";
import { findServer, parseServerQuery, serverToolsText, unknownServerText } from "./server-query";

export const TOOL_SEARCH_NAME = "tool_search";

export const TOOL_SEARCH_DESCRIPTION =
  "Load the schemas of deferred tools (listed in <available-deferred-tools>) so you can call them. " +
  'Query forms: "select:name_a,name_b" picks exact names; "+term more words" requires term in the name ' +
  "and ranks by the rest; anything else is a keyword search (plain words in any language, or a regex) over " +
  "names, descriptions and parameters. Returns at most a few tool definitions; the tools found become " +
  "callable from your next step.";

/** In the cache-stable mode the tools found are not bound: they are called through call_tool. */
export const TOOL_SEARCH_DESCRIPTION_PROXY = TOOL_SEARCH_DESCRIPTION.replace(
  "the tools found become callable from your next step.",
  `from your next step, call the tools found through ${CALL_TOOL_NAME}(name, arguments).`,
);

export const ToolSearchArgsSchema = z.object({
  query: z
    .string()
    .describe(
      'What to look for: "select:exact_name", "+github issue", or keywords such as "list files in a directory".',
    ),
});

/** The definition the model receives, also used by the token benchmark. */
export const TOOL_SEARCH_DEFINITION: OpenAIFunctionDef = {
  type: "function",
  function: {
    name: TOOL_SEARCH_NAME,
    description: TOOL_SEARCH_DESCRIPTION,
    parameters: z.toJSONSchema(ToolSearchArgsSchema, { target: "draft-7" }) as Record<string, unknown>,
  },
};

export function noToolsFoundText(query: string): string {
  return `No tools found for "${query}". Try other keywords, a shorter query, or "select:" with a name from <available-deferred-tools>.`;
}

/** What one query finds: scored entries, or a text answer that promotes nothing (a server listing, an error). */
async function runQuery(
  catalog: ToolCatalog,
  query: string,
  maxResults: number,
  hybrid?: HybridSearch,
): Promise<{ found: ScoredEntry[] } | { text: string; status: "success" | "error" }> {
  const scoped = parseServerQuery(query);
  if (scoped) {
    const server = findServer(catalog, scoped.server);
    if (server === null) return { text: unknownServerText(catalog, scoped.server), status: "error" };
    if (!scoped.rest) return { text: serverToolsText(catalog, server), status: "success" };
    return { found: catalog.searchScored(scoped.rest, maxResults, server) };
  }
  if (hybrid) return { found: (await hybrid.search(query, maxResults)).map((entry) => ({ entry, score: null })) };
  return { found: catalog.searchScored(query, maxResults) };
}

export interface ToolSearchHooks {
  /** Called with the names a search promotes (lazy MCP servers start on it). */
  onPromote?: (names: readonly string[]) => void;
  /** `proxy`: promoted tools are called through call_tool, and the description says so. */
  binding?: "bind" | "proxy";
}

/**
 * tool_search: answer with the matched tools' OpenAI function definitions and promote them in the
 * thread state (a Command through the `promoted` reducer), each keyed to its own schema hash.
 * Weak matches and what would not fit the budget are named but not promoted (see promotion.ts).
 */
export function createToolSearchTool(
  catalog: ToolCatalog,
  maxResults: number,
  hybrid?: HybridSearch,
  policy: PromotionPolicy = PROMOTE_ALL,
  hooks: ToolSearchHooks = {},
) {
  return tool(
    async ({ query }, config) => {
      const toolCallId = config.toolCall?.id ?? "";
      let content: string;
      let promote: CatalogEntry[] = [];
      let status: "success" | "error" = "success";
      try {
        const result = await runQuery(catalog, query, maxResults, hybrid);
        if ("text" in result) {
          content = result.text;
          status = result.status;
        } else {
          const plan = planPromotion(result.found, policy, (n) => catalog.tokens(n));
          promote = plan.promote;
          // As the design returns them: the OpenAI function of each match ({name, description, parameters}).
          content = result.found.length > 0 ? searchResultText(plan) : noToolsFoundText(query);
        }
      } catch (e) {
        if (!(e instanceof SearchQueryError)) throw e;
        content = `Error: ${e.message}`;
        status = "error";
      }
      const message = new ToolMessage({ content, tool_call_id: toolCallId, name: TOOL_SEARCH_NAME, status });
      const update: Record<string, unknown> = { messages: [message] };
      if (promote.length > 0) {
        update.promoted = promoteUpdate(catalog, promote, policy.budget);
        hooks.onPromote?.(promote.map((e) => e.name));
      }
      return new Command({ update });
    },
    {
      name: TOOL_SEARCH_NAME,
      description: hooks.binding === "proxy" ? TOOL_SEARCH_DESCRIPTION_PROXY : TOOL_SEARCH_DESCRIPTION,
      schema: ToolSearchArgsSchema,
    },
  );
}
