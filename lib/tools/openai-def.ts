import type { StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";

/** A tool as an OpenAI-compatible API receives it. */
export interface OpenAIFunctionDef {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The exact definition ChatOpenAI sends for a tool: the shape hashed, counted and returned by tool_search. */
export function toOpenAIDefinition(tool: StructuredToolInterface): OpenAIFunctionDef {
  const def = convertToOpenAITool(tool) as OpenAIFunctionDef;
  return {
    type: "function",
    function: {
      name: def.function.name,
      description: def.function.description ?? "",
      parameters: (def.function.parameters ?? { type: "object", properties: {} }) as Record<string, unknown>,
    },
  };
}
