import path from "node:path";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { LoadedConfig } from "@/lib/config";
import type { SandboxConfig } from "@/lib/config/app-config";

/**
 * What tools need from the configuration: the sandbox (root resolved against config.yaml's folder, how
 * bash runs, network, limits). Built once per configuration by the agent runtime, which passes it to the
 * tools it builds (tool factories, the built-ins) and to the file routes (AgentRuntime.toolContext).
 */
export interface ToolContext {
  /** `mode`: how bash runs (config `sandbox.bash`). */
  sandbox: { root: string; mode: SandboxConfig["bash"] } & Pick<SandboxConfig, "network" | "limits">;
}

export function toolContextFor(config: LoadedConfig): ToolContext {
  return {
    sandbox: {
      root: path.resolve(config.baseDir, config.app.sandbox.root),
      mode: config.app.sandbox.bash,
      network: config.app.sandbox.network,
      limits: config.app.sandbox.limits,
    },
  };
}

/** A configured tool's entry in config.yaml: name, use, group and the tool's own keys (e.g. bash's timeout_s). */
export type ToolSettings = Record<string, unknown>;

/**
 * What a `use: "module:export"` entry may name instead of a tool: a factory the runtime calls with the
 * entry's own keys and its tool context, so the tool is built with what it needs rather than reading it
 * from a module variable at call time.
 */
export type ToolFactory = (settings: ToolSettings, context: ToolContext) => StructuredToolInterface;

/** The thread a tool call belongs to, from the LangGraph run config. */
export function threadIdOf(config: { configurable?: Record<string, unknown> } | undefined): string {
  const id = config?.configurable?.thread_id;
  if (typeof id !== "string" || id.length === 0)
    throw new Error("this tool needs a thread (configurable.thread_id is missing)");
  return id;
}
