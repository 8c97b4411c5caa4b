import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppConfigSchema, type AppConfig, SANDBOX_LIMIT_DEFAULTS } from "@/lib/config/app-config";
import { McpManager } from "@/lib/mcp/client";
import { fixture, server } from "@/test/support/mcp-servers";
import { REPO_ROOT as REPO } from "@/test/support/repo";
import type { McpLoadResult } from "@/lib/mcp/types";
import type { ResolvedServer } from "@/lib/config";
import { bash_tool, ls_tool, str_replace_tool, write_file_tool } from "@/lib/sandbox";
import { builtinTools } from "@/lib/tools/builtins";
import type { ToolRecord } from "@/lib/tools/types";
import { annotationsOf } from "@/lib/deferred/catalog";
import { CALL_TOOL_NAME } from "@/lib/contracts/call-tool";
import { createCallTool } from "@/lib/deferred/proxy";
import { gatedCall } from "./approval-gate";
import { approvalPolicy, destructiveReason } from "./approval-policy";

/** The tools are only classified here, never run: their sandbox root is never touched. */
const TOOL_CONTEXT = {
  sandbox: { root: os.tmpdir(), mode: "off" as const, network: false, limits: SANDBOX_LIMIT_DEFAULTS },
};
const FILES = { config: "config.yaml", extensions: "extensions_config.json" };

/** Real MCP servers: the filesystem server annotates its tools, the fixture's tools carry no annotations. */
function servers(extra: { filesystem?: Record<string, unknown>; fx?: Record<string, unknown> } = {}): ResolvedServer[] {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-approval-fs-"));
  return [
    server("filesystem", {
      command: "node",
      args: [path.join(REPO, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js"), root],
      ...extra.filesystem,
    }),
    fixture("fx", "ok", extra.fx),
  ];
}

const manager = new McpManager(REPO);
let mcp: McpLoadResult;
beforeAll(async () => {
  mcp = await manager.load(servers());
}, 60_000);
afterAll(() => manager.close());

function records(): ToolRecord[] {
  const configured = [ls_tool, write_file_tool, str_replace_tool, bash_tool]
    .map((make) => make({}, TOOL_CONTEXT))
    .map((tool): ToolRecord => ({ tool, source: "config", server: null, group: null }));
  const builtins = builtinTools({ supportsVision: false, toolContext: TOOL_CONTEXT }).map(
    (tool): ToolRecord => ({ tool, source: "builtin", server: null, group: null }),
  );
  const fromMcp = mcp.tools.map((e): ToolRecord => ({ tool: e.tool, source: "mcp", server: e.server, group: null }));
  return [...configured, ...builtins, ...fromMcp];
}

function app(raw: Record<string, unknown> = {}): Pick<AppConfig, "approvals" | "tools"> {
  return AppConfigSchema.parse({
    models: [{ name: "demo", model: "demo" }],
    tools: [
      { name: "ls", use: "@/lib/sandbox:ls_tool" },
      { name: "write_file", use: "@/lib/sandbox:write_file_tool" },
      { name: "str_replace", use: "@/lib/sandbox:str_replace_tool" },
      { name: "bash", use: "@/lib/sandbox:bash_tool", ...(raw.bash as object) },
    ],
    ...(raw.approvals ? { approvals: raw.approvals } : {}),
  });
}

const gated = (policy: ReturnType<typeof approvalPolicy>) => [...policy.rules.keys()].sort();

describe("MCP annotations", () => {
  it("survive @langchain/mcp-adapters: the filesystem server's hints reach the tool's metadata", () => {
    const byName = new Map(records().map((r) => [r.tool.name, r]));
    expect(annotationsOf(byName.get("filesystem_write_file")!.tool)).toMatchObject({ destructiveHint: true });
    expect(annotationsOf(byName.get("filesystem_read_text_file")!.tool)).toMatchObject({ readOnlyHint: true });
    expect(annotationsOf(byName.get("fx_echo")!.tool)).toBeUndefined();
    expect(destructiveReason(byName.get("filesystem_write_file")!)).toBe(
      'its MCP server "filesystem" marks it destructive',
    );
    expect(destructiveReason(byName.get("filesystem_read_text_file")!)).toBeNull();
    // The MCP spec's defaults: no annotations means it may be destructive.
    expect(destructiveReason(byName.get("fx_echo")!)).toBe(
      'its MCP server "fx" does not mark it read-only or non-destructive',
    );
  });
});

describe("approvalPolicy", () => {
  const base = { mcpTools: [] as McpLoadResult["tools"], files: FILES };

  it("by default gates bash, write_file, str_replace and the MCP tools that may be destructive", () => {
    const policy = approvalPolicy({ ...base, tools: records(), app: app(), servers: servers(), mcpTools: mcp.tools });
    const names = gated(policy);
    expect(names).toEqual(
      expect.arrayContaining(["bash", "write_file", "str_replace", "filesystem_write_file", "fx_echo"]),
    );
    for (const safe of [
      "ls",
      "present_files",
      "ask_clarification",
      "filesystem_read_text_file",
      "filesystem_list_directory",
    ])
      expect(names).not.toContain(safe);
    expect(policy.rules.get("bash")?.reason).toBe(
      "bash needs approval because it runs shell commands (approvals.default: destructive).",
    );
    expect(policy.rules.get("filesystem_write_file")?.reason).toBe(
      'filesystem_write_file needs approval because its MCP server "filesystem" marks it destructive (approvals.default: destructive).',
    );
    expect(policy.warnings).toEqual([]);
  });

  it("the most specific setting wins: MCP tool > MCP server > configured tool or built-in > default", () => {
    const policy = approvalPolicy({
      tools: records(),
      app: app({ bash: { approval: "never" }, approvals: { default: "never", builtins: { present_files: "always" } } }),
      servers: servers({
        filesystem: {
          approval: "always",
          tools: { read_text_file: { approval: "never" }, filesystem_list_directory: { approval: "never" } },
        },
        fx: { approval: "destructive", tools: { add: { approval: "never" } } },
      }),
      mcpTools: mcp.tools,
      files: FILES,
    });
    const names = gated(policy);
    expect(names).not.toContain("bash");
    expect(names).not.toContain("write_file");
    expect(names).toContain("present_files");
    expect(policy.rules.get("present_files")?.reason).toBe(
      "present_files always needs approval (approvals.builtins.present_files: always).",
    );
    // By name on the server and by exposed name.
    expect(names).not.toContain("filesystem_read_text_file");
    expect(names).not.toContain("filesystem_list_directory");
    expect(policy.rules.get("filesystem_directory_tree")?.reason).toBe(
      "filesystem_directory_tree always needs approval (mcpServers.filesystem.approval: always).",
    );
    expect(names).toContain("fx_echo");
    expect(names).not.toContain("fx_add");
  });

  it("never asks about ask_clarification (it already waits for the person)", () => {
    const policy = approvalPolicy({
      ...base,
      tools: records(),
      app: app({ approvals: { default: "always" } }),
      servers: [],
    });
    expect(gated(policy)).not.toContain("ask_clarification");
    expect(gated(policy)).toContain("ls");
  });

  it("warns about settings that name no tool", () => {
    const policy = approvalPolicy({
      tools: records(),
      app: app({ approvals: { builtins: { presnt_files: "never" } } }),
      servers: [],
      mcpTools: mcp.tools,
      files: FILES,
    });
    expect(policy.warnings).toEqual([
      'config.yaml: approvals.builtins.presnt_files: no built-in tool "presnt_files" (built-ins: ask_clarification, present_files, task, view_image, tool_search)',
    ]);
  });

  it("rejects an unknown mode in config, naming the field", () => {
    expect(() => app({ approvals: { default: "sometimes" } })).toThrow(/approvals/);
  });
});

describe("approvals through call_tool (tool_search.binding: proxy)", () => {
  // The lead agent's tools in proxy mode: call_tool beside the (deferred, promoted) MCP tools.
  const withCallTool = () => [
    ...records(),
    { tool: createCallTool(), source: "builtin", server: null, group: null } satisfies ToolRecord,
  ];
  const policy = (raw: Record<string, unknown>, extra: Parameters<typeof servers>[0] = {}) =>
    approvalPolicy({
      tools: withCallTool(),
      app: app(raw),
      servers: servers(extra),
      mcpTools: mcp.tools,
      files: FILES,
    });
  const through = (p: ReturnType<typeof approvalPolicy>, name: string, args: Record<string, unknown> = {}) =>
    gatedCall(
      { id: "c1", name: CALL_TOOL_NAME, args: { name, arguments: args } },
      { rules: p.rules, hidden: new Set(), proxy: true },
    );

  it("a destructive tool called through call_tool waits, under the default policy, as the real tool", () => {
    const p = policy({});
    expect(through(p, "filesystem_write_file", { path: "/x", content: "y" })).toEqual({
      id: "c1",
      name: "filesystem_write_file",
      args: { path: "/x", content: "y" },
      rule: {
        reason:
          'filesystem_write_file needs approval because its MCP server "filesystem" marks it destructive (approvals.default: destructive).',
      },
      via: CALL_TOOL_NAME,
    });
    // Without annotations a tool may be destructive (the MCP spec's default); a read-only one does not wait.
    expect(through(p, "fx_echo", { text: "x" })?.name).toBe("fx_echo");
    expect(through(p, "filesystem_read_text_file", { path: "/x" })).toBeNull();
  });

  it("per server and per tool settings decide for the tool named inside call_tool", () => {
    const p = policy(
      { approvals: { default: "never" } },
      { filesystem: { approval: "always" }, fx: { approval: "never", tools: { echo: { approval: "always" } } } },
    );
    expect(through(p, "filesystem_read_text_file")?.rule.reason).toBe(
      "filesystem_read_text_file always needs approval (mcpServers.filesystem.approval: always).",
    );
    expect(through(p, "fx_echo")?.rule.reason).toBe(
      "fx_echo always needs approval (mcpServers.fx.tools.echo.approval: always).",
    );
    expect(through(p, "fx_add", { a: 1, b: 2 })).toBeNull();
  });

  it("call_tool itself never has a rule, even when everything always waits: its calls are gated by the tool they name", () => {
    const p = policy({ approvals: { default: "always" } });
    expect(p.rules.has(CALL_TOOL_NAME)).toBe(false);
    expect(through(p, "filesystem_read_text_file")?.rule.reason).toBe(
      "filesystem_read_text_file always needs approval (approvals.default: always).",
    );
  });
});
