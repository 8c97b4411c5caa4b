import path from "node:path";
import type { LoadedConfig } from "@/lib/config";

/**
 * The configuration in force for tools at call time. Set by the agent runtime when it builds the
 * agent; tools read their own extra keys and the sandbox settings from here.
 */
let active: LoadedConfig | null = null;

export function setActiveConfig(config: LoadedConfig): void {
  active = config;
}

export function activeConfig(): LoadedConfig {
  if (!active) throw new Error("no active Fawn configuration: the agent runtime sets it before tools run");
  return active;
}

/** The sandbox settings with the root resolved against config.yaml's folder. */
export function sandboxSettings(): { root: string; allowHostBash: boolean } {
  const cfg = activeConfig();
  return { root: path.resolve(cfg.baseDir, cfg.app.sandbox.root), allowHostBash: cfg.app.sandbox.allow_host_bash };
}

/** Extra keys of a configured tool's entry in config.yaml (everything but name, group and use). */
export function toolSettings(name: string): Record<string, unknown> {
  const entry = activeConfig().app.tools.find((t) => t.name === name);
  if (!entry) return {};
  const { name: _n, group: _g, use: _u, ...rest } = entry;
  return rest;
}

/** The thread a tool call belongs to, from the LangGraph run config. */
export function threadIdOf(config: { configurable?: Record<string, unknown> } | undefined): string {
  const id = config?.configurable?.thread_id;
  if (typeof id !== "string" || id.length === 0)
    throw new Error("this tool needs a thread (configurable.thread_id is missing)");
  return id;
}
