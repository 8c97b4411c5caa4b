import { ToolMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { blockedCall, blockedCallOf, blockedCallText } from "@/lib/contracts/blocked-call";
import { deferredToolFilterMiddleware, hiddenToolNames } from "./filter";
import { EMPTY_PROMOTED, mergePromoted, NO_BUDGET, type Promoted } from "./promoted";

const hashes = new Map([
  ["a", "ha"],
  ["b", "hb"],
  ["c", "hc"],
]);
const opts = { deferredNames: new Set(hashes.keys()), toolHashes: hashes };
/** A thread's promoted state after promoting these tools, each under the schema hash given. */
const promoted = (...tools: Array<[string, string]>): Promoted =>
  mergePromoted(EMPTY_PROMOTED, {
    op: "promote",
    catalog_hash: "c1",
    tools: tools.map(([name, hash]) => ({ name, hash, tokens: 10 })),
    budget: NO_BUDGET,
  });

type Named = { name: string };
type WrapModelCall = (req: unknown, handler: (r: { tools: Named[] }) => unknown) => unknown;
type WrapToolCall = (req: unknown, handler: (r: unknown) => unknown) => Promise<unknown>;
const mw = deferredToolFilterMiddleware(opts);

describe("hiddenToolNames", () => {
  it("hides every deferred tool until promoted", () => {
    expect([...hiddenToolNames(opts, undefined)].sort()).toEqual(["a", "b", "c"]);
    expect([...hiddenToolNames(opts, promoted(["b", "hb"]))].sort()).toEqual(["a", "c"]);
  });
  it("a promotion counts only under its own tool's current schema: a changed tool is hidden alone", () => {
    const p = promoted(["a", "ha"], ["b", "old"]);
    expect([...hiddenToolNames(opts, p)].sort()).toEqual(["b", "c"]);
  });
  it("a checkpoint of the earlier shape promotes nothing", () => {
    const legacy = { catalog_hash: "c1", names: ["a"], tools: undefined } as never;
    expect([...hiddenToolNames(opts, legacy)].sort()).toEqual(["a", "b", "c"]);
  });
  it("the blocked text tells the model what to do", () => {
    expect(blockedCallText("a")).toMatch(
      /^Error: Tool a is deferred and has not been promoted yet\. Call tool_search first/,
    );
  });
});

const ALL: Named[] = [{ name: "read_file" }, { name: "tool_search" }, { name: "a" }, { name: "b" }, { name: "c" }];

/** The tool names the model is bound with on one call, for a thread whose state holds `state`. */
async function boundOnModelCall(state: Promoted | undefined, middleware = mw): Promise<string[]> {
  let bound: string[] = [];
  await (middleware.wrapModelCall as unknown as WrapModelCall)(
    { tools: ALL, state: { messages: [], promoted: state }, messages: [], runtime: {} },
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
    expect(await boundOnModelCall(EMPTY_PROMOTED)).toEqual(["read_file", "tool_search"]);
  });

  it("binds a promoted tool from the next call on, and only the promoted ones", async () => {
    expect(await boundOnModelCall(promoted(["b", "hb"]))).toEqual(["read_file", "tool_search", "b"]);
    expect(await boundOnModelCall(promoted(["a", "ha"], ["b", "hb"]))).toEqual(["read_file", "tool_search", "a", "b"]);
  });

  it("does not bind a tool promoted under a schema it no longer has", async () => {
    expect(await boundOnModelCall(promoted(["a", "old"], ["b", "hb"]))).toEqual(["read_file", "tool_search", "b"]);
  });

  it("leaves the request as it is when nothing is deferred", async () => {
    const none = deferredToolFilterMiddleware({ deferredNames: new Set(), toolHashes: new Map() });
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
  const callTool = async (name: string, state: Promoted | undefined) => {
    let ran = false;
    const out = await (mw.wrapToolCall as unknown as WrapToolCall)(
      { toolCall: { id: "c1", name, args: {} }, state: { messages: [], promoted: state }, runtime: {} },
      () => {
        ran = true;
        return new ToolMessage({ tool_call_id: "c1", content: "ran" });
      },
    );
    return { ran, out };
  };

  it("refuses an unpromoted deferred tool with the design's text and the structured marker", async () => {
    const { ran, out } = await callTool("a", promoted(["b", "hb"]));
    expect(ran).toBe(false);
    const msg = out as ToolMessage;
    expect(msg.status).toBe("error");
    expect(msg.content).toBe(blockedCallText("a"));
    expect(blockedCallOf(msg)).toEqual(blockedCall("a"));
  });

  it("a promoted tool runs and its result carries the use stamp for the budget", async () => {
    const { ran, out } = await callTool("a", promoted(["a", "ha"]));
    expect(ran).toBe(true);
    expect(out).toBeInstanceOf(Command);
    const update = (out as Command).update as { messages: ToolMessage[]; promoted: unknown };
    expect(update.messages[0]?.content).toBe("ran");
    expect(update.promoted).toEqual({ op: "use", names: ["a"] });
  });

  it("a tool that is not deferred runs as it is, unstamped", async () => {
    const { ran, out } = await callTool("read_file", undefined);
    expect(ran).toBe(true);
    expect(ToolMessage.isInstance(out)).toBe(true);
    expect((out as ToolMessage).content).toBe("ran");
  });
});
