import { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command } from "@langchain/langgraph";
import { z } from "zod";
import type { OpenAIFunctionDef } from "@/lib/tools/openai-def";
import type { ToolCatalog } from "./catalog";
import type { HybridSearch } from "./hybrid";
import { SearchQueryError } from "./search";

export const TOOL_SEARCH_NAME = "tool_search";

export const TOOL_SEARCH_DESCRIPTION =
  "Load the schemas of deferred tools (listed in <available-deferred-tools>) so you can call them. " +
  'Query forms: "select:name_a,name_b" picks exact names; "+term more words" requires term in the name ' +
  "and ranks by the rest; anything else is a keyword search (plain words in any language, or a regex) over " +
  "names, descriptions and parameters. Returns at most a few tool definitions; the tools found become " +
  "callable from your next step.";

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

/**
 * tool_search: answer with the matched tools' OpenAI function definitions and promote them in the
 * thread state (a Command through the `promoted` reducer), keyed to the catalog's hash.
 */
export function createToolSearchTool(catalog: ToolCatalog, maxResults: number, hybrid?: HybridSearch) {
  return tool(
    async ({ query }, config) => {
      const toolCallId = config.toolCall?.id ?? "";
      let content: string;
      let names: string[] = [];
      let status: "success" | "error" = "success";
      try {
        const found = hybrid ? await hybrid.search(query, maxResults) : catalog.search(query, maxResults);
        names = found.map((e) => e.name);
        // As the design returns them: the OpenAI function of each match ({name, description, parameters}).
        content = found.length > 0 ? JSON.stringify(found.map((e) => e.definition.function)) : noToolsFoundText(query);
      } catch (e) {
        if (!(e instanceof SearchQueryError)) throw e;
        content = `Error: ${e.message}`;
        status = "error";
      }
      const message = new ToolMessage({ content, tool_call_id: toolCallId, name: TOOL_SEARCH_NAME, status });
      const update: Record<string, unknown> = { messages: [message] };
      if (names.length > 0) update.promoted = { catalog_hash: catalog.hash, names };
      return new Command({ update });
    },
    { name: TOOL_SEARCH_NAME, description: TOOL_SEARCH_DESCRIPTION, schema: ToolSearchArgsSchema },
  );
}
