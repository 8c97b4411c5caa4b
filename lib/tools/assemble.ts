import { log } from "@/lib/log/logger";
import type { ShadowedTool, ToolRecord } from "./types";

export interface AssembledTools {
  tools: ToolRecord[];
  shadowed: ShadowedTool[];
}

/**
 * Merge the three sources by name, first wins: configured > built-in > MCP.
 * Every loser is kept in `shadowed` (for the inventory) and logged as a warning.
 */
export function assembleTools(sources: {
  configured: ToolRecord[];
  builtins: ToolRecord[];
  mcp: ToolRecord[];
}): AssembledTools {
  const winners = new Map<string, ToolRecord>();
  const shadowed: ShadowedTool[] = [];
  for (const rec of [...sources.configured, ...sources.builtins, ...sources.mcp]) {
    const name = rec.tool.name;
    const winner = winners.get(name);
    if (!winner) {
      winners.set(name, rec);
      continue;
    }
    const entry: ShadowedTool = {
      name,
      source: rec.source,
      server: rec.server,
      shadowed_by: winner.source,
      shadowed_by_server: winner.server,
    };
    shadowed.push(entry);
    log("warn", "tools.shadowed", { ...entry });
  }
  return { tools: [...winners.values()], shadowed };
}
