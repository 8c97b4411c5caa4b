import type { ToolMessage } from "@langchain/core/messages";
import type { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "./catalog";
import type { PromoteUpdate } from "./promoted";
import { PROMOTE_ALL, type PromotionPolicy } from "./promotion";
import { makeTool } from "@/test/support/tools";
import { toOpenAIDefinition } from "@/lib/tools/openai-def";
import { createToolSearchTool } from "./tool-search";

const catalog = new ToolCatalog([
  ...["fs_read_file", "fs_write_file"].map((n) => ({
    tool: makeTool(n, `${n.replace(/_/g, " ")} tool`),
    server: "fs",
  })),
  { tool: makeTool("web_fetch", "web fetch tool"), server: "web" },
  { tool: makeTool("web_screenshot", "Take a screenshot of a web page"), server: "web" },
]);

async function call(query: string, max = 5, policy: PromotionPolicy = PROMOTE_ALL, queries?: string[]) {
  const tool = createToolSearchTool(catalog, max, undefined, policy);
  const out = (await tool.invoke({
    id: "call_1",
    name: "tool_search",
    args: queries ? { query, queries } : { query },
    type: "tool_call",
  })) as unknown as Command;
  const update = out.update as { messages: ToolMessage[]; promoted?: PromoteUpdate };
  return { message: update.messages[0] as ToolMessage, promoted: update.promoted };
}

const names = (p: PromoteUpdate | undefined) => p?.tools.map((t) => t.name);

describe("tool_search", () => {
  it("returns the matches' OpenAI functions as JSON and promotes each under its own schema hash", async () => {
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
    expect(promoted).toEqual({
      op: "promote",
      catalog_hash: catalog.hash,
      tools: [
        { name: "web_fetch", hash: catalog.toolHashes.get("web_fetch"), tokens: catalog.tokens("web_fetch") },
        { name: "fs_read_file", hash: catalog.toolHashes.get("fs_read_file"), tokens: catalog.tokens("fs_read_file") },
      ],
      budget: { tokens: null, count: null },
    });
    expect(catalog.tokens("web_fetch")).toBeGreaterThan(10);
  });

  it("caps every mode at max_results", async () => {
    const { promoted } = await call("select:fs_read_file,fs_write_file,web_fetch", 2);
    expect(promoted?.tools).toHaveLength(2);
  });

  it("no match: a clear text and nothing promoted", async () => {
    const { message, promoted } = await call("select:nope");
    expect(String(message.content)).toMatch(/^No tools found for "select:nope"/);
    expect(promoted).toBeUndefined();
  });

  it("no match: names the servers to search in, and no made-up closest names", async () => {
    const { message, promoted } = await call("frobnicate webz");
    const text = String(message.content);
    expect(text).toMatch(/^No tools found for "frobnicate webz"/);
    expect(text).not.toMatch(/Closest/);
    expect(text).toMatch(/Servers \(tools\), searchable as "server:NAME words": fs \(2\), web \(2\)\./);
    expect(promoted).toBeUndefined();
  });

  it("a weak best match comes with the closest other names", async () => {
    const { message, promoted } = await call("web qqqq zzzz wwww", 1);
    const loaded = names(promoted) ?? [];
    expect(loaded).toHaveLength(1);
    const body = JSON.parse(String(message.content));
    // The other web tool first (the query's one known word); the tool already loaded is never among them.
    expect(body.closest[0]).toEqual({ name: expect.stringMatching(/^web_/), server: "web" });
    expect(body.closest.map((c: { name: string }) => c.name)).not.toContain(loaded[0]);
    expect(body.note).toMatch(/closest/);
  });

  it("a good match is a plain array, with no closest names", async () => {
    const { message } = await call("select:web_fetch");
    expect(Array.isArray(JSON.parse(String(message.content)))).toBe(true);
  });

  it("several alternatives in one call: queries and a | b, fused within the cap", async () => {
    const listed = await call("read file", 2, PROMOTE_ALL, ["screenshot of a page"]);
    expect(names(listed.promoted)?.sort()).toEqual(["fs_read_file", "web_screenshot"]);
    const barred = await call("read file | screenshot of a page", 2);
    expect(names(barred.promoted)?.sort()).toEqual(["fs_read_file", "web_screenshot"]);
  });

  it("an unknown server in one alternative is a note beside the others' results", async () => {
    const { message, promoted } = await call("server:nope x | web fetch");
    expect(names(promoted)?.[0]).toBe("web_fetch");
    expect(JSON.parse(String(message.content)).notes[0]).toMatch(/no MCP server "nope"/);
  });

  it("too many alternatives are refused as a whole", async () => {
    const { message, promoted } = await call("a | b | c", 5, PROMOTE_ALL, ["d", "e | f"]);
    expect(message.status).toBe("error");
    expect(String(message.content)).toMatch(/6 alternative queries; at most 5/);
    expect(promoted).toBeUndefined();
  });

  it("a refused query is an error result, not a crash", async () => {
    const { message, promoted } = await call("x ".repeat(2001));
    expect(message.status).toBe("error");
    expect(String(message.content)).toMatch(/^Error: tool_search query is 4002 characters long; the limit is 4000/);
    expect(promoted).toBeUndefined();
  });

  it("a long request pasted whole is searched by its first words, and the result says so", async () => {
    const request = `Take a screenshot of the web page for me. ${"It is for a slide deck the team reviews on Monday. ".repeat(12)}`;
    const { message, promoted } = await call(request);
    expect(message.status).toBe("success");
    expect(names(promoted)?.[0]).toBe("web_screenshot");
    expect(JSON.parse(String(message.content)).notes).toEqual([
      `The query is ${request.trim().length} characters long; only its first 500 were searched. For more precise results, search a few keywords for each tool you need.`,
    ]);
    const none = await call(`zebra quokka ${"narwhal ".repeat(80)}`);
    expect(String(none.message.content)).toMatch(/^No tools found for "zebra quokka narwhal[^"]*…"/);
    expect(String(none.message.content).length).toBeLessThan(1200);
    // Scoped to a server, the echo keeps the scope it was searched in.
    const scoped = await call(`server:web zebra quokka ${"narwhal ".repeat(80)}`);
    expect(String(scoped.message.content)).toMatch(/^No tools found for "server:web zebra quokka narwhal[^"]*…"/);
  });

  it("its own definition, as the model receives it: a query string, optional alternatives", () => {
    const definition = toOpenAIDefinition(createToolSearchTool(catalog, 5));
    expect(definition.function.name).toBe("tool_search");
    expect(definition.function.parameters).toMatchObject({
      type: "object",
      required: ["query"],
      properties: { queries: { type: "array", items: { type: "string" }, maxItems: 4 } },
    });
  });
});

describe("tool_search promotes what matters", () => {
  it("results far below the best score are named, not promoted", async () => {
    const all = await call("screenshot web page");
    expect(names(all.promoted)?.[0]).toBe("web_screenshot");
    expect(names(all.promoted)?.length).toBeGreaterThan(1);
    const { message, promoted } = await call("screenshot web page", 5, { ...PROMOTE_ALL, minRelativeScore: 0.9 });
    expect(names(promoted)).toEqual(["web_screenshot"]);
    const body = JSON.parse(String(message.content));
    expect(body.tools.map((t: { name: string }) => t.name)).toEqual(["web_screenshot"]);
    expect(body.not_loaded.map((t: { name: string; why: string }) => [t.name, t.why])).toContainEqual([
      "web_fetch",
      "a weaker match",
    ]);
    expect(body.note).toMatch(/select:NAME/);
  });

  it("exact names are never cut by score", async () => {
    const { promoted } = await call("select:fs_read_file,web_fetch", 5, { ...PROMOTE_ALL, minRelativeScore: 1 });
    expect(names(promoted)).toEqual(["fs_read_file", "web_fetch"]);
  });

  it("a batch is kept within the budget, best first, and the update carries the budget", async () => {
    const one = catalog.tokens("fs_read_file");
    const budget = { tokens: one + 5, count: null };
    const { message, promoted } = await call("select:fs_read_file,fs_write_file", 5, { minRelativeScore: 0, budget });
    expect(names(promoted)).toEqual(["fs_read_file"]);
    expect(promoted?.budget).toEqual(budget);
    expect(JSON.parse(String(message.content)).not_loaded[0]).toMatchObject({
      name: "fs_write_file",
      why: "over the promoted-tools budget",
    });
  });
});

describe("tool_search server: queries", () => {
  it("server:NAME lists the tools of a server bigger than one answer and promotes nothing", async () => {
    const { message, promoted } = await call("server:web", 1);
    expect(promoted).toBeUndefined();
    expect(String(message.content).split("\n")).toEqual([
      "Server web has 2 deferred tools (nothing was loaded):",
      "web_fetch: web fetch tool",
      "web_screenshot: Take a screenshot of a web page",
      'Load the ones you need with tool_search "select:name_a,name_b".',
    ]);
  });

  it("server:NAME loads a server that fits in one answer whole, as a search's answer", async () => {
    const { message, promoted } = await call("server:WEB", 2);
    expect(names(promoted)).toEqual(["web_fetch", "web_screenshot"]);
    expect(JSON.parse(String(message.content)).map((f: { name: string }) => f.name)).toEqual([
      "web_fetch",
      "web_screenshot",
    ]);
  });

  it("a small server's tools join the other alternatives' results, within the cap", async () => {
    const { promoted } = await call("server:fs | web screenshot", 3);
    expect(names(promoted)).toHaveLength(3);
    const all = await call("server:fs | web screenshot", 5);
    expect(names(all.promoted)).toEqual(expect.arrayContaining(["fs_read_file", "fs_write_file", "web_screenshot"]));
  });

  it("server:NAME words searches only that server", async () => {
    const { promoted } = await call("server:FS write");
    expect(names(promoted)?.[0]).toBe("fs_write_file");
    expect(names(promoted)?.every((n) => n.startsWith("fs_"))).toBe(true);
  });

  it("an unknown server is an error naming the servers there are", async () => {
    const { message, promoted } = await call("server:nope");
    expect(message.status).toBe("error");
    expect(String(message.content)).toBe('Error: no MCP server "nope" has deferred tools. Servers: fs, web.');
    expect(promoted).toBeUndefined();
  });
});

/** Found in an outside review of tool_search's contract: what the model was told, or not told, and what happened. */
describe("tool_search says what it did", () => {
  /** The notes of an answer that loaded tools (its JSON's `notes`). */
  const notesOf = (message: ToolMessage) => (JSON.parse(String(message.content)) as { notes?: string[] }).notes ?? [];

  it("a name written in another case or with other separators is that tool, loaded alone", async () => {
    for (const q of ["select:FS_Read_File", "select:fs-read-file", "select:fsreadfile"]) {
      const { message, promoted } = await call(q);
      expect(names(promoted)).toEqual(["fs_read_file"]);
      expect(String(message.content)).not.toMatch(/No tool is named/);
    }
  });

  it("a wrong name's guesses are loaded as guesses, and the answer says which", async () => {
    const { message, promoted } = await call("select:fs_read_file,fs_delete_file", 3);
    expect(names(promoted)?.[0]).toBe("fs_read_file");
    const guesses = names(promoted)?.slice(1) ?? [];
    expect(guesses.length).toBeGreaterThan(0);
    expect(notesOf(message)).toContain(
      `No tool is named "fs_delete_file"; loaded instead, as the closest: ${guesses.map((g) => `"${g}"`).join(", ")}.`,
    );
  });

  it("exact names the cap leaves out are named, not dropped without a word", async () => {
    const { message, promoted } = await call("select:web_fetch,fs_read_file,web_screenshot", 2);
    expect(names(promoted)).toEqual(["web_fetch", "fs_read_file"]);
    expect(notesOf(message)).toContain(
      'Not loaded, as one call loads at most 2 tools: "web_screenshot"; select them in another call.',
    );
  });

  it('"server:" with no name is refused, naming a server to write', async () => {
    const { message, promoted } = await call("server:");
    expect(message.status).toBe("error");
    expect(String(message.content)).toBe('Error: tool_search "server:" needs a server name, e.g. "server:fs".');
    expect(promoted).toBeUndefined();
  });

  it("an empty entry of queries is left out, not blamed on query", async () => {
    const { message, promoted } = await call("web screenshot", 5, PROMOTE_ALL, ["", "  "]);
    expect(message.status).toBe("success");
    expect(names(promoted)?.[0]).toBe("web_screenshot");
  });

  it("a server's tools come in the same order whatever the catalog's order", async () => {
    const reversed = new ToolCatalog(
      [
        { tool: makeTool("web_screenshot", "Take a screenshot of a web page"), server: "web" },
        { tool: makeTool("web_fetch", "web fetch tool"), server: "web" },
      ].reverse(),
    );
    const forward = new ToolCatalog([
      { tool: makeTool("web_screenshot", "Take a screenshot of a web page"), server: "web" },
      { tool: makeTool("web_fetch", "web fetch tool"), server: "web" },
    ]);
    const run = async (c: ToolCatalog) => {
      const out = (await createToolSearchTool(c, 5).invoke({
        id: "c",
        name: "tool_search",
        args: { query: "server:web" },
        type: "tool_call",
      })) as unknown as Command;
      return names((out.update as { promoted?: PromoteUpdate }).promoted);
    };
    expect(await run(forward)).toEqual(["web_fetch", "web_screenshot"]);
    expect(await run(reversed)).toEqual(["web_fetch", "web_screenshot"]);
  });

  it("its description names every query form and the cap of one call", () => {
    const description = toOpenAIDefinition(createToolSearchTool(catalog, 7)).function.description;
    for (const form of ['"select:', '"server:NAME"', '"server:NAME words"', '"+term', '"a | b"', "`queries`"])
      expect(description).toContain(form);
    expect(description).toContain("at most 7 tool definitions a call");
    expect(description).toContain("a regex over names and descriptions");
    expect(toOpenAIDefinition(createToolSearchTool(catalog, 1)).function.description).toContain(
      "at most 1 tool definition a call",
    );
  });
});

describe("tool_search +term", () => {
  it("a term no tool's name or server holds: the plain search's results say they are one", async () => {
    const { message, promoted } = await call("+zzz screenshot");
    expect(names(promoted)?.[0]).toBe("web_screenshot");
    expect(String(message.content)).toContain(
      'No tool name or server contains \\"zzz\\"; these results are a plain search of \\"zzz screenshot\\".',
    );
  });

  it("a term a name holds: no such note", async () => {
    const { message, promoted } = await call("+web screenshot");
    expect(names(promoted)?.[0]).toBe("web_screenshot");
    expect(String(message.content)).not.toContain("No tool name or server contains");
  });
});

describe("tool_search patterns", () => {
  it("a pattern no tool matches: the plain search of its words says it is one", async () => {
    const { message, promoted } = await call("screenshot.*zzz");
    expect(names(promoted)?.[0]).toBe("web_screenshot");
    expect(String(message.content)).toContain(
      `No tool's name or description matches the pattern \\"screenshot.*zzz\\"; these results are a plain search of its words.`,
    );
  });

  it("a pattern a tool matches: no such note", async () => {
    const { message, promoted } = await call("web_.*shot");
    expect(names(promoted)).toEqual(["web_screenshot"]);
    expect(String(message.content)).not.toContain("matches the pattern");
  });

  it("among alternatives, only the pattern that matched nothing is named", async () => {
    const { message } = await call("screenshot.*zzz | web_.*shot");
    const text = String(message.content);
    expect(text).toContain('the pattern \\"screenshot.*zzz\\"');
    expect(text).not.toContain('the pattern \\"web_.*shot\\"');
  });
});
