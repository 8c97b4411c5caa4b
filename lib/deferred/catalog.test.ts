import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ToolCatalog } from "./catalog";
import { makeTool } from "@/test/support/tools";

describe("ToolCatalog", () => {
  const tools = [makeTool("b_tool"), makeTool("a_tool"), makeTool("c_tool", "counts lines")].map((tool) => ({
    tool,
    server: "s",
  }));

  it("hash is 16 hex chars and independent of order", () => {
    const h = new ToolCatalog(tools).hash;
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(new ToolCatalog([...tools].reverse()).hash).toBe(h);
  });

  it("hash changes when a schema changes, not only when names do", () => {
    const changed = [
      makeTool("b_tool"),
      makeTool("a_tool"),
      makeTool("c_tool", "counts lines", { value: z.number() }),
    ].map((tool) => ({ tool, server: "s" }));
    expect(new ToolCatalog(changed).hash).not.toBe(new ToolCatalog(tools).hash);
  });

  it("definitions are OpenAI function definitions", () => {
    const c = new ToolCatalog(tools);
    expect(c.get("a_tool")?.definition).toMatchObject({
      type: "function",
      function: { name: "a_tool", parameters: { type: "object" } },
    });
  });

  it("select: picks by exact name and every mode is capped", () => {
    const c = new ToolCatalog(tools);
    expect(c.search("select:c_tool,a_tool", 5).map((e) => e.name)).toEqual(["c_tool", "a_tool"]);
    expect(c.search("tool", 2)).toHaveLength(2);
    expect(c.search("select:a_tool,b_tool,c_tool", 1)).toHaveLength(1);
    expect(c.search("+c_ lines", 5).map((e) => e.name)).toEqual(["c_tool"]);
  });
});

describe("catalogHash", () => {
  it("is the design's formula: sha256 of json.dumps(sorted [{name, schema}], sort_keys=True)[:16]", async () => {
    const { createHash } = await import("node:crypto");
    const { catalogHash } = await import("./catalog");
    const def = (name: string) => ({
      type: "function" as const,
      function: {
        name,
        description: `${name} tool`,
        parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
      },
    });
    // Written out by hand the way Python prints it.
    const python =
      '[{"name": "a", "schema": {"description": "a tool", "name": "a", "parameters": {"properties": {"q": {"type": "string"}}, "required": ["q"], "type": "object"}}}, ' +
      '{"name": "b", "schema": {"description": "b tool", "name": "b", "parameters": {"properties": {"q": {"type": "string"}}, "required": ["q"], "type": "object"}}}]';
    const expected = createHash("sha256").update(python, "utf8").digest("hex").slice(0, 16);
    expect(
      catalogHash([
        { name: "b", definition: def("b") },
        { name: "a", definition: def("a") },
      ]),
    ).toBe(expected);
  });
});
