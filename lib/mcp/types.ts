import type { StructuredToolInterface } from "@langchain/core/tools";
import type { McpTransport } from "@/lib/config";

export type McpServerState = "connected" | "failed" | "disabled";

export interface McpServerStatus {
  name: string;
  status: McpServerState;
  transport: McpTransport;
  description: string | null;
  /** Number of tools this server contributes (after name validation). */
  tools: number;
  error: string | null;
  /** Tools dropped for invalid names, with why. */
  warnings: string[];
  /** Milliseconds from spawn/connect to a listed catalog. */
  connect_ms: number | null;
}

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
