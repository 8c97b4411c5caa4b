import type { StructuredToolInterface } from "@langchain/core/tools";
import type { ToolSource } from "@/lib/contracts/inventory";

export type { ShadowedTool, ToolSource } from "@/lib/contracts/inventory";

/** A tool with where it came from; the unit of assembly and of the inventory. */
export interface ToolRecord {
  tool: StructuredToolInterface;
  source: ToolSource;
  /** MCP server name, for MCP tools. */
  server: string | null;
  /** config.yaml group, for configured tools. */
  group: string | null;
}
