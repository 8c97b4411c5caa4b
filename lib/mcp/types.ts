import type { StructuredToolInterface } from "@langchain/core/tools";
import type { McpServerStatus } from "@/lib/contracts/mcp";

export type { McpServerState, McpServerStatus } from "@/lib/contracts/mcp";

export interface McpToolEntry {
  tool: StructuredToolInterface;
  server: string;
  /** The tool's name on its server (before prefixing). */
  originalName: string;
}

export interface McpLoadResult {
  tools: McpToolEntry[];
  servers: McpServerStatus[];
}
