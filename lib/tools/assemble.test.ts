import { describe, expect, it } from "vitest";
import { record } from "@/test/support/tools";
import { assembleTools } from "./assemble";

describe("assembleTools", () => {
  it("first wins: config > builtin > MCP, and every loser is kept as shadowed", () => {
    const r = assembleTools({
      configured: [record("read_file", "config"), record("only_cfg", "config")],
      builtins: [record("read_file", "builtin"), record("present_files", "builtin")],
      mcp: [record("read_file", "mcp", "fs"), record("present_files", "mcp", "x"), record("fs_list", "mcp", "fs")],
    });
    expect(r.tools.map((t) => `${t.tool.name}:${t.source}`)).toEqual([
      "read_file:config",
      "only_cfg:config",
      "present_files:builtin",
      "fs_list:mcp",
    ]);
    expect(r.shadowed).toEqual([
      { name: "read_file", source: "builtin", server: null, shadowed_by: "config", shadowed_by_server: null },
      { name: "read_file", source: "mcp", server: "fs", shadowed_by: "config", shadowed_by_server: null },
      { name: "present_files", source: "mcp", server: "x", shadowed_by: "builtin", shadowed_by_server: null },
    ]);
  });
  it("two MCP servers with the same name: the first server wins", () => {
    const r = assembleTools({ configured: [], builtins: [], mcp: [record("t", "mcp", "a"), record("t", "mcp", "b")] });
    expect(r.tools[0].server).toBe("a");
    expect(r.shadowed[0]).toMatchObject({ server: "b", shadowed_by: "mcp", shadowed_by_server: "a" });
  });
});
