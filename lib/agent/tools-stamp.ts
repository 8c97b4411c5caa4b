import { createHash } from "node:crypto";
import type { AgentRuntime } from "@/lib/agent/runtime";
import type { ToolsStamp } from "@/lib/contracts/inventory";

/**
 * What /api/tools would show differently without a run: the tools and their catalog, the newest catalog
 * change, each MCP server's state, the config error. Hashed, so the poll answer stays a few bytes.
 */
export function toolsStamp(runtime: AgentRuntime): ToolsStamp {
  const parts = {
    tools: runtime.built.tools.map((t) => t.tool.name),
    catalog: runtime.built.setup.catalog?.hash ?? null,
    change: runtime.catalogChange?.at ?? null,
    servers: runtime.mcpServers.map((s) => [s.name, s.status, s.tools, s.error, s.warnings.length]),
    error: runtime.error,
  };
  return { stamp: createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 16) };
}
