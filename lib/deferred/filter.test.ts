import { ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { blockedCall, blockedCallOf, blockedCallText } from "@/lib/contracts/blocked-call";
import { deferredToolFilterMiddleware, hiddenToolNames } from "./filter";
import type { Promoted } from "./promoted";

describe("hiddenToolNames", () => {
  const opts = { deferredNames: new Set(["a", "b", "c"]), catalogHash: "h1" };
  it("hides every deferred tool until promoted", () => {
    expect([...hiddenToolNames(opts, undefined)].sort()).toEqual(["a", "b", "c"]);
    expect([...hiddenToolNames(opts, { catalog_hash: "h1", names: ["b"] })].sort()).toEqual(["a", "c"]);
  });
  it("ignores promotions made under another catalog", () => {
    expect([...hiddenToolNames(opts, { catalog_hash: "old", names: ["b"] })].sort()).toEqual(["a", "b", "c"]);
  });
  it("the blocked text tells the model what to do", () => {
    expect(blockedCallText("a")).toMatch(
      /^Error: Tool a is deferred and has not been promoted yet\. Call tool_search first/,
    );
  });
});

type Named = { name: string };
type WrapModelCall = (req: unknown, handler: (r: { tools: Named[] }) => unknown) => unknown;
type WrapToolCall = (req: unknown, handler: (r: unknown) => unknown) => unknown;

const mw = deferredToolFilterMiddleware({ deferredNames: new Set(["mcp_a", "mcp_b"]), catalogHash: "h1" });
const ALL: Named[] = [{ name: "read_file" }, { name: "tool_search" }, { name: "mcp_a" }, { name: "mcp_b" }];

/** The tool names the model is bound with on one call, for a thread whose state holds `promoted`. */
async function boundOnModelCall(promoted: Promoted | undefined): Promise<string[]> {
  let bound: string[] = [];
  await (mw.wrapModelCall as unknown as WrapModelCall)(
    { tools: ALL, state: { messages: [], promoted }, messages: [], runtime: {} },
    (req) => {
      bound = req.tools.map((t) => t.name);
      return {};
    },
  );
  return bound;
}

describe("deferredToolFilterMiddleware: the model side (wrapModelCall)", () => {
  it("binds the non-deferred tools only, until a tool is promoted", async () => {
    expect(await boundOnModelCall(undefined)).toEqual(["read_file", "tool_search"]);
    expect(await boundOnModelCall({ catalog_hash: "h1", names: [] })).toEqual(["read_file", "tool_search"]);
  });

  it("binds a promoted tool from the next call on, and only the promoted ones", async () => {
    expect(await boundOnModelCall({ catalog_hash: "h1", names: ["mcp_b"] })).toEqual([
      "read_file",
      "tool_search",
      "mcp_b",
    ]);
    expect(await boundOnModelCall({ catalog_hash: "h1", names: ["mcp_a", "mcp_b"] })).toEqual([
      "read_file",
      "tool_search",
      "mcp_a",
      "mcp_b",
    ]);
  });

  it("does not bind tools promoted under another catalog", async () => {
    expect(await boundOnModelCall({ catalog_hash: "h0", names: ["mcp_a", "mcp_b"] })).toEqual([
      "read_file",
      "tool_search",
    ]);
  });

  it("leaves the request as it is when nothing is deferred", async () => {
    const none = deferredToolFilterMiddleware({ deferredNames: new Set(), catalogHash: null });
    const request = { tools: ALL, state: { messages: [] }, messages: [], runtime: {} };
    let seen: unknown;
    await (none.wrapModelCall as unknown as WrapModelCall)(request, (req) => {
      seen = req;
      return {};
    });
    expect(seen).toBe(request);
  });
});

describe("deferredToolFilterMiddleware: the tool side (wrapToolCall)", () => {
  const callTool = async (name: string, promoted: Promoted | undefined) => {
    let ran = false;
    const out = await (mw.wrapToolCall as unknown as WrapToolCall)(
      { toolCall: { id: "c1", name, args: {} }, state: { messages: [], promoted }, runtime: {}, tool: undefined },
      () => {
        ran = true;
        return new ToolMessage({ tool_call_id: "c1", content: "ran" });
      },
    );
    return { ran, out: out as ToolMessage };
  };

  it("refuses an unpromoted deferred tool with the design's text and the structured marker", async () => {
    const { ran, out } = await callTool("mcp_a", { catalog_hash: "h1", names: ["mcp_b"] });
    expect(ran).toBe(false);
    expect(out.status).toBe("error");
    expect(out.content).toBe(blockedCallText("mcp_a"));
    expect(blockedCallOf(out)).toEqual(blockedCall("mcp_a"));
  });

  it("runs promoted and non-deferred tools", async () => {
    expect((await callTool("mcp_b", { catalog_hash: "h1", names: ["mcp_b"] })).ran).toBe(true);
    expect((await callTool("read_file", undefined)).ran).toBe(true);
  });
});
