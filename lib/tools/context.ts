import path from "node:path";
import type { LoadedConfig } from "@/lib/config";
import type { SandboxConfig } from "@/lib/config/app-config";

/**
 * What tools need from the configuration at call time: the sandbox (root resolved against config.yaml's
 * folder, how bash runs, network, limits) and each configured tool's extra keys. Built once per configuration
 * by the agent runtime, which hands it to whatever needs it (AgentRuntime.toolContext).
 */
export interface ToolContext {
  /** `mode`: how bash runs (config `sandbox.bash`). */
  sandbox: { root: string; mode: SandboxConfig["bash"] } & Pick<SandboxConfig, "network" | "limits">;
  /** Extra keys of a configured tool's entry in config.yaml (everything but name, group and use). */
  settingsOf(name: string): Record<string, unknown>;
}

export function toolContextFor(config: LoadedConfig): ToolContext {
  return {
    sandbox: {
      root: path.resolve(config.baseDir, config.app.sandbox.root),
      mode: config.app.sandbox.bash,
      network: config.app.sandbox.network,
      limits: config.app.sandbox.limits,
    },
    settingsOf(name) {
      const entry = config.app.tools.find((t) => t.name === name);
      if (!entry) return {};
      const { name: _n, group: _g, use: _u, ...rest } = entry;
      return rest;
    },
  };
}

// The sandbox's file helpers take only a thread id, so they read the context of the runtime in force
// through sandboxSettings()/toolSettings(). The runtime installs its context when it builds an agent;
// everything else receives the context from the runtime instead of reading it here.
let installed: ToolContext | null = null;

export function installToolContext(ctx: ToolContext): void {
  installed = ctx;
}

function current(): ToolContext {
  if (!installed) throw new Error("no Fawn tool context: the agent runtime installs it before tools run");
  return installed;
}

export function sandboxSettings(): ToolContext["sandbox"] {
  return current().sandbox;
}

export function toolSettings(name: string): Record<string, unknown> {
  return current().settingsOf(name);
}

/** The thread a tool call belongs to, from the LangGraph run config. */
export function threadIdOf(config: { configurable?: Record<string, unknown> } | undefined): string {
  const id = config?.configurable?.thread_id;
  if (typeof id !== "string" || id.length === 0)
    throw new Error("this tool needs a thread (configurable.thread_id is missing)");
  return id;
}
