import { describe, expect, it } from "vitest";
import { server } from "@/test/support/mcp-servers";
import type { McpToolEntry } from "@/lib/mcp/types";
import { autoThresholdTokens, resolveDeferPolicies } from "./policy";
import { makeTool } from "@/test/support/tools";

const entry = (srv: string, original: string): McpToolEntry => ({
  tool: makeTool(`${srv}_${original}`),
  server: srv,
  originalName: original,
});

describe("resolveDeferPolicies", () => {
  const servers = [
    server("wb", {
      command: "x",
      defer: "always",
      tools: { current_time: { defer: "never" }, wb_calc: { defer: "auto" } },
    }),
    server("fs", { command: "x" }),
    server("down", { command: "x", tools: { anything: { defer: "never" } } }),
  ];
  const tools = [entry("wb", "current_time"), entry("wb", "calc"), entry("wb", "notes"), entry("fs", "read")];

  it("a tool's own entry (by its server name or exposed name) wins over the server's default", () => {
    const { policies, warnings } = resolveDeferPolicies(servers, tools);
    expect(Object.fromEntries(policies)).toEqual({
      wb_current_time: { policy: "never", from: "tool" },
      wb_calc: { policy: "auto", from: "tool" },
      wb_notes: { policy: "always", from: "server" },
      fs_read: { policy: "auto", from: "default" },
    });
    expect(warnings).toEqual([]);
  });

  it("a tool entry that names no listed tool is reported with file, server and key", () => {
    const typo = [server("wb", { command: "x", tools: { curent_time: { defer: "never" } } })];
    const { warnings } = resolveDeferPolicies(typo, [entry("wb", "current_time")], "ext.json");
    expect(warnings).toEqual(['ext.json: mcpServers.wb.tools.curent_time: server "wb" lists no such tool']);
  });

  it("an entry that sets only the tool's approval keeps the server's defer policy and is no typo", () => {
    const only = [server("wb", { command: "x", defer: "never", tools: { calc: { approval: "always" } } })];
    const { policies, warnings } = resolveDeferPolicies(only, [entry("wb", "calc")], "ext.json");
    expect(policies.get("wb_calc")).toEqual({ policy: "never", from: "server" });
    expect(warnings).toEqual([]);
  });
});

describe("autoThresholdTokens", () => {
  it("takes tokens as they are and a percentage of the context window", () => {
    expect(autoThresholdTokens(0)).toBe(0);
    expect(autoThresholdTokens(5000)).toBe(5000);
    expect(autoThresholdTokens("10%", 200_000)).toBe(20_000);
    expect(autoThresholdTokens("2.5 %")).toBe(3200);
  });
});
