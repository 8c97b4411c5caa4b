import type { McpServerConfig, ResolvedServer } from "@/lib/config";
import type { DeferPolicy, ToolPolicy } from "@/lib/contracts/inventory";
import type { McpToolEntry } from "@/lib/mcp/types";

export type { DeferPolicy, ToolPolicy };

/**
 * One tool's `defer` policy: its own entry in the server's `tools` (by its name on the server, else as exposed)
 * wins over the server's default. The agent's setup and "Test connection" both ask this.
 */
export function policyOf(cfg: Pick<McpServerConfig, "tools" | "defer">, original: string, exposed: string): ToolPolicy {
  const own = (cfg.tools[original] ?? cfg.tools[exposed])?.defer;
  if (own) return { policy: own, from: "tool" };
  return { policy: cfg.defer, from: cfg.defer === "auto" ? "default" : "server" };
}

/**
 * Each MCP tool's `defer` policy from extensions_config.json: the tool's own entry (by its name on
 * the server or as exposed) wins over the server's default. A tool entry that names no listed tool
 * is reported, so a typo does not silently leave a tool deferred or bound.
 */
export function resolveDeferPolicies(
  servers: readonly ResolvedServer[],
  tools: readonly McpToolEntry[],
  file = "extensions_config.json",
): { policies: Map<string, ToolPolicy>; warnings: string[] } {
  const policies = new Map<string, ToolPolicy>();
  const warnings: string[] = [];
  const byServer = new Map(servers.map((s) => [s.name, s]));
  const matched = new Set<string>();
  for (const t of tools) {
    const cfg = byServer.get(t.server)?.config;
    if (!cfg) continue;
    const own = cfg.tools[t.originalName] ?? cfg.tools[t.tool.name];
    const key = cfg.tools[t.originalName] ? t.originalName : t.tool.name;
    // An entry names the tool even when it sets only its approval: it is no typo.
    if (own) matched.add(`${t.server}\0${key}`);
    policies.set(t.tool.name, policyOf(cfg, t.originalName, t.tool.name));
  }
  const listed = new Set(tools.map((t) => t.server));
  for (const s of servers) {
    // A server that did not list its tools (failed, disabled) cannot tell a typo from a missing tool.
    if (!listed.has(s.name)) continue;
    for (const name of Object.keys(s.config.tools))
      if (!matched.has(`${s.name}\0${name}`))
        warnings.push(`${file}: mcpServers.${s.name}.tools.${name}: server "${s.name}" lists no such tool`);
  }
  return { policies, warnings };
}

/** When the model's context window is not configured, a percentage threshold reads this. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;

/** `tool_search.auto_threshold` in tokens: a count as is, "10%" of the default model's context window. */
export function autoThresholdTokens(setting: number | string, contextWindow = DEFAULT_CONTEXT_WINDOW): number {
  if (typeof setting === "number") return setting;
  return Math.floor((Number.parseFloat(setting) / 100) * contextWindow);
}
