import type { ToolMessage } from "@langchain/core/messages";
import type { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "./catalog";
import { makeTool } from "@/test/support/tools";
import { createToolSearchTool, TOOL_SEARCH_DEFINITION } from "./tool-search";

const catalog = new ToolCatalog(
  ["fs_read_file", "fs_write_file", "web_fetch"].map((n) => ({
    tool: makeTool(n, `${n.replace(/_/g, " ")} tool`),
    server: "s",
  })),
);

async function call(query: string, max = 5) {
  const tool = createToolSearchTool(catalog, max);
  const out = (await tool.invoke({
    id: "call_1",
    name: "tool_search",
    args: { query },
    type: "tool_call",
  })) as unknown as Command;
  const update = out.update as { messages: ToolMessage[]; promoted?: { catalog_hash: string; names: string[] } };
  return { message: update.messages[0], promoted: update.promoted };
}

describe("tool_search", () => {
  it("returns the matches' OpenAI functions as JSON and promotes them under the catalog hash", async () => {
    const { message, promoted } = await call("select:web_fetch,fs_read_file");
    expect(message.tool_call_id).toBe("call_1");
    expect(JSON.parse(String(message.content))).toEqual([
      { name: "web_fetch", description: "web fetch tool", parameters: expect.objectContaining({ type: "object" }) },
      {
        name: "fs_read_file",
        description: "fs read file tool",
        parameters: expect.objectContaining({ type: "object" }),
      },
    ]);
    expect(promoted).toEqual({ catalog_hash: catalog.hash, names: ["web_fetch", "fs_read_file"] });
  });

  it("caps every mode at max_results", async () => {
    const { promoted } = await call("select:fs_read_file,fs_write_file,web_fetch", 2);
    expect(promoted?.names).toHaveLength(2);
  });

  it("no match: a clear text and nothing promoted", async () => {
    const { message, promoted } = await call("select:nope");
    expect(String(message.content)).toMatch(/^No tools found for "select:nope"/);
    expect(promoted).toBeUndefined();
  });

  it("a refused query is an error result, not a crash", async () => {
    const { message, promoted } = await call("x".repeat(501));
    expect(message.status).toBe("error");
    expect(String(message.content)).toMatch(/^Error: tool_search query is 501 characters long; the limit is 500/);
    expect(promoted).toBeUndefined();
  });

  it("its own definition is never deferred and takes one string argument", () => {
    expect(TOOL_SEARCH_DEFINITION.function.name).toBe("tool_search");
    expect(TOOL_SEARCH_DEFINITION.function.parameters).toMatchObject({ type: "object", required: ["query"] });
  });
});
