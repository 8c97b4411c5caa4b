import type { LoadedConfig, ResolvedServer } from "@/lib/config";
import type { McpLifecycle } from "@/lib/contracts/mcp";

/**
 * When each MCP server runs. A deferred server's tools need only their names (and, once promoted, their
 * schemas) until one is called, and both come from the tools cache: such a server is `lazy`, started
 * when one of its tools is promoted or called and stopped after `idle_timeout` seconds unused. A server
 * with a tool the model always holds (`defer: never`, tool_search off, or bound by the auto threshold)
 * runs from boot (`eager`), as does any server set `lifecycle: eager`.
 */
export interface ServerLifecycle {
  lifecycle: McpLifecycle;
  /** Why, in words for the panel and `fawn tools`. */
  reason: string;
  /** Milliseconds a lazy server may sit unused before it is stopped. */
  idleMs: number;
}

export const EAGER: ServerLifecycle = { lifecycle: "eager", reason: "runs from boot", idleMs: 0 };

/** A server that binds one of its tools: what the config says, when it says so. */
function boundByConfig(server: ResolvedServer): string | null {
  if (server.config.defer === "never") return "its tools are bound (defer: never)";
  const tool = Object.entries(server.config.tools).find(([, t]) => t.defer === "never")?.[0];
  return tool ? `tool ${tool} is bound (defer: never)` : null;
}

/** Each server's lifecycle from the config alone (bound-by-threshold servers are found after the build). */
export function planLifecycles(config: Pick<LoadedConfig, "app" | "servers">): Map<string, ServerLifecycle> {
  const plan = new Map<string, ServerLifecycle>();
  for (const s of config.servers) {
    const idleMs = (s.config.idle_timeout ?? config.app.mcp.idle_timeout) * 1000;
    const eager = (reason: string): ServerLifecycle => ({ lifecycle: "eager", reason, idleMs });
    if (!config.app.tool_search.enabled) plan.set(s.name, eager("tool_search is off: its tools are bound"));
    else if (s.config.lifecycle === "eager") plan.set(s.name, eager("lifecycle: eager"));
    else {
      const bound = boundByConfig(s);
      if (bound) plan.set(s.name, eager(bound));
      else
        plan.set(s.name, {
          lifecycle: "lazy",
          reason: s.config.lifecycle === "lazy" ? "lifecycle: lazy" : "every tool is deferred",
          idleMs,
        });
    }
  }
  return plan;
}

/** The plan with these servers made eager, because the built agent binds one of their tools. */
export function withBoundServers(
  plan: ReadonlyMap<string, ServerLifecycle>,
  bound: ReadonlyMap<string, string>,
): Map<string, ServerLifecycle> {
  const out = new Map(plan);
  for (const [server, tool] of bound) {
    const life = out.get(server);
    if (life?.lifecycle === "lazy") out.set(server, { ...life, lifecycle: "eager", reason: `tool ${tool} is bound` });
  }
  return out;
}

/** Warnings for a `lifecycle: lazy` the rules overrule (the server binds a tool, so it must run). */
export function lifecycleWarnings(
  servers: readonly ResolvedServer[],
  plan: ReadonlyMap<string, ServerLifecycle>,
  file = "extensions_config.json",
): string[] {
  return servers
    .filter((s) => s.config.lifecycle === "lazy" && plan.get(s.name)?.lifecycle === "eager")
    .map(
      (s) =>
        `${file}: mcpServers.${s.name}.lifecycle: lazy is overruled, the server runs from boot: ${plan.get(s.name)?.reason}`,
    );
}
