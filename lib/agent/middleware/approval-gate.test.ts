import { describe, expect, it } from "vitest";
import { CALL_TOOL_NAME } from "@/lib/contracts/call-tool";
import { gateDescription, gatedCall, throughCallTool } from "./approval-gate";

const rules = new Map([
  [
    "github_create_issue",
    { reason: "github_create_issue always needs approval (mcpServers.github.approval: always)." },
  ],
  ["write_file", { reason: "write_file needs approval because it creates or overwrites a file." }],
]);
const proxy = { rules, hidden: new Set<string>(), proxy: true };
const viaCallTool = (name: unknown, args: unknown = { title: "Bug" }) => ({
  id: "c1",
  name: CALL_TOOL_NAME,
  args: { name, arguments: args },
});

describe("gatedCall", () => {
  it("gates a call_tool call as the tool it names, with that tool's arguments and rule", () => {
    expect(gatedCall(viaCallTool("github_create_issue"), proxy)).toEqual({
      id: "c1",
      name: "github_create_issue",
      args: { title: "Bug" },
      rule: rules.get("github_create_issue"),
      via: CALL_TOOL_NAME,
    });
  });

  it("lets a call_tool call through when the tool it names has no rule (call_tool has none of its own)", () => {
    expect(gatedCall(viaCallTool("github_list_issues"), proxy)).toBeNull();
    expect(gatedCall(viaCallTool("github_create_issue"), { ...proxy, rules: new Map() })).toBeNull();
  });

  it("does not ask about calls the deferred filter refuses anyway: an unpromoted tool, or arguments not {name, arguments}", () => {
    const hidden = { ...proxy, hidden: new Set(["github_create_issue"]) };
    expect(gatedCall(viaCallTool("github_create_issue"), hidden)).toBeNull();
    expect(gatedCall({ id: "c1", name: "github_create_issue", args: {} }, hidden)).toBeNull();
    expect(gatedCall(viaCallTool("github_create_issue", "not an object"), proxy)).toBeNull();
    expect(gatedCall({ id: "c1", name: CALL_TOOL_NAME, args: { name: "github_create_issue" } }, proxy)).toBeNull();
    expect(gatedCall(viaCallTool(""), proxy)).toBeNull();
  });

  it("asks about a gated tool that is not deferred even through call_tool (the filter refuses it, asking costs a click)", () => {
    expect(gatedCall(viaCallTool("write_file", { path: "a" }), proxy)).toMatchObject({
      name: "write_file",
      via: CALL_TOOL_NAME,
    });
  });

  it("gates direct calls by their own name, in both binding modes", () => {
    const direct = { id: "d1", name: "write_file", args: { path: "a", content: "b" } };
    expect(gatedCall(direct, proxy)).toEqual({ ...direct, rule: rules.get("write_file") });
    expect(gatedCall(direct, { ...proxy, proxy: false })).toEqual({ ...direct, rule: rules.get("write_file") });
    expect(gatedCall({ id: "d2", name: "ls", args: {} }, proxy)).toBeNull();
  });

  it("in bind mode call_tool is just a name without a rule", () => {
    expect(gatedCall(viaCallTool("github_create_issue"), { ...proxy, proxy: false })).toBeNull();
  });
});

describe("gateDescription", () => {
  it("says why, and that the call goes through call_tool", () => {
    const g = gatedCall(viaCallTool("github_create_issue"), proxy);
    expect(gateDescription(g!)).toBe(
      "github_create_issue always needs approval (mcpServers.github.approval: always). (called through call_tool)",
    );
    expect(gateDescription(gatedCall({ id: "d", name: "write_file", args: {} }, proxy)!)).toBe(
      rules.get("write_file")?.reason,
    );
  });
});

describe("throughCallTool", () => {
  const g = gatedCall(viaCallTool("github_create_issue"), proxy)!;

  it("sends an approved or edited call back through call_tool, with the arguments as decided", () => {
    const approved = { id: "c1", name: "github_create_issue", args: { title: "Bug" }, type: "tool_call" as const };
    expect(throughCallTool(g, approved)).toEqual({
      ...approved,
      name: CALL_TOOL_NAME,
      args: { name: "github_create_issue", arguments: { title: "Bug" } },
    });
    const edited = { ...approved, args: { title: "Better title" } };
    expect(throughCallTool(g, edited).args).toEqual({
      name: "github_create_issue",
      arguments: { title: "Better title" },
    });
  });

  it("never changes the tool: an edit naming another tool still calls the one asked about", () => {
    const renamed = { id: "c1", name: "github_delete_repo", args: { repo: "x" } };
    expect(throughCallTool(g, renamed)).toMatchObject({
      name: CALL_TOOL_NAME,
      args: { name: "github_create_issue", arguments: { repo: "x" } },
    });
  });

  it("reads an edit made to an interrupt saved before approvals named the real tool (call_tool's own arguments)", () => {
    const old = { id: "c1", name: CALL_TOOL_NAME, args: { name: "github_delete_repo", arguments: { title: "Old" } } };
    expect(throughCallTool(g, old).args).toEqual({ name: "github_create_issue", arguments: { title: "Old" } });
  });
});
