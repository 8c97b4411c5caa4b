import type { StructuredToolInterface } from "@langchain/core/tools";

export type ToolSource = "config" | "builtin" | "mcp";

/** A tool with where it came from; the unit of assembly and of the inventory. */
export interface ToolRecord {
  tool: StructuredToolInterface;
  source: ToolSource;
  /** MCP server name, for MCP tools. */
  server: string | null;
  /** config.yaml group, for configured tools. */
  group: string | null;
}

/** A tool that lost the name to an earlier source. */
export interface ShadowedTool {
  name: string;
  source: ToolSource;
  server: string | null;
  shadowed_by: ToolSource;
  shadowed_by_server: string | null;
}
