/**
 * Which tools wait for a person before they run, and why. Each tool's mode comes from the most specific setting:
 * an MCP tool's `tools.NAME.approval` entry, then its server's `approval`; a configured tool's own `approval`; a
 * built-in's entry under `approvals.builtins`; else `approvals.default`. `destructive` follows MCP's tool
 * annotations (with the spec's defaults: a tool that does not say it is read-only or non-destructive may be
 * destructive) and marks the sandbox's bash, write_file and str_replace.
 */
import type { AppConfig, ApprovalMode, ResolvedServer } from "@/lib/config";
import { CALL_TOOL_NAME } from "@/lib/contracts/call-tool";
import { annotationsOf } from "@/lib/deferred/catalog";
import type { McpToolEntry } from "@/lib/mcp/types";
import type { ToolRecord } from "@/lib/tools/types";

/** Tools that change the thread's files or run commands, whatever their source. */
const DESTRUCTIVE_BY_NAME: Readonly<Record<string, string>> = {
  bash: "it runs shell commands",
  write_file: "it creates or overwrites a file",
  str_replace: "it changes the content of a file",
};

/** The built-in tools `approvals.builtins` may name (some exist only under some conditions). */
const BUILTIN_NAMES = new Set(["ask_clarification", "present_files", "task", "view_image", "tool_search"]);

/**
 * Already waits for the person: asking for approval to ask a question would only add a step. call_tool is
 * gated by the tool it calls (approval.ts), never by itself.
 */
const NEVER_GATED = new Set(["ask_clarification", CALL_TOOL_NAME]);

export interface ApprovalRule {
  /** Why the call waits, in words for the person deciding. */
  reason: string;
}

export interface ApprovalPolicy {
  /** The tools whose calls need approval, by name. */
  rules: Map<string, ApprovalRule>;
  /** Settings that name no tool (a typo, or a tool the server no longer lists). */
  warnings: string[];
}

/** Why the tool counts as destructive, or null when it does not. */
export function destructiveReason(record: ToolRecord): string | null {
  const name = record.tool.name;
  const a = annotationsOf(record.tool);
  if (record.source === "mcp") {
    const server = record.server ?? "?";
    if (a?.readOnlyHint === true || a?.destructiveHint === false) return null;
    return a?.destructiveHint === true
      ? `its MCP server "${server}" marks it destructive`
      : `its MCP server "${server}" does not mark it read-only or non-destructive`;
  }
  if (DESTRUCTIVE_BY_NAME[name]) return DESTRUCTIVE_BY_NAME[name];
  if (a?.readOnlyHint === false && a.destructiveHint === true) return "it is marked destructive";
  return null;
}

interface ModeSetting {
  mode: ApprovalMode;
  /** Where the mode was set, as a config path. */
  from: string;
}

function modeOf(record: ToolRecord, app: Pick<AppConfig, "approvals" | "tools">, mcp: McpContext): ModeSetting {
  const name = record.tool.name;
  const fallback: ModeSetting = { mode: app.approvals.default, from: "approvals.default" };
  if (record.source === "config") {
    const i = app.tools.findIndex((t) => t.name === name);
    const own = i >= 0 ? app.tools[i].approval : undefined;
    return own ? { mode: own, from: `tools[${i}].approval` } : fallback;
  }
  if (record.source === "builtin") {
    const own = app.approvals.builtins[name];
    return own ? { mode: own, from: `approvals.builtins.${name}` } : fallback;
  }
  const server = mcp.servers.get(record.server ?? "");
  const original = mcp.originalNames.get(name) ?? name;
  const byTool = server?.tools ?? {};
  const key = byTool[original]?.approval ? original : byTool[name]?.approval ? name : undefined;
  const own = key === undefined ? undefined : byTool[key]?.approval;
  if (key !== undefined && own) return { mode: own, from: `mcpServers.${record.server}.tools.${key}.approval` };
  if (server?.approval) return { mode: server.approval, from: `mcpServers.${record.server}.approval` };
  return fallback;
}

interface McpContext {
  servers: Map<string, ResolvedServer["config"]>;
  /** Exposed (prefixed) name → the tool's name on its server. */
  originalNames: Map<string, string>;
}

export interface PolicyInput {
  tools: readonly ToolRecord[];
  app: Pick<AppConfig, "approvals" | "tools">;
  servers: readonly ResolvedServer[];
  mcpTools: readonly McpToolEntry[];
  /** config.yaml and extensions_config.json, for warnings. */
  files: { config: string; extensions: string };
}

/** The approval rule of every tool that needs one. */
export function approvalPolicy(input: PolicyInput): ApprovalPolicy {
  const mcp: McpContext = {
    servers: new Map(input.servers.map((s) => [s.name, s.config])),
    originalNames: new Map(input.mcpTools.map((e) => [e.tool.name, e.originalName])),
  };
  const rules = new Map<string, ApprovalRule>();
  for (const record of input.tools) {
    const name = record.tool.name;
    if (NEVER_GATED.has(name)) continue;
    const { mode, from } = modeOf(record, input.app, mcp);
    if (mode === "never") continue;
    if (mode === "always") {
      rules.set(name, { reason: `${name} always needs approval (${from}: always).` });
      continue;
    }
    const why = destructiveReason(record);
    if (why) rules.set(name, { reason: `${name} needs approval because ${why} (${from}: destructive).` });
  }
  return { rules, warnings: unusedSettings(input) };
}

function unusedSettings(input: PolicyInput): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(input.app.approvals.builtins)) {
    if (!BUILTIN_NAMES.has(name))
      warnings.push(
        `${input.files.config}: approvals.builtins.${name}: no built-in tool "${name}" (built-ins: ${[...BUILTIN_NAMES].join(", ")})`,
      );
  }
  // Per-tool entries in extensions_config.json naming no tool are reported once, by the defer policies.
  return warnings;
}
