import { ToolMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { blockedCallText, deferredToolFilterMiddleware, hiddenToolNames } from "./filter";
import { EMPTY_PROMOTED, mergePromoted, NO_BUDGET } from "./promoted";

const hashes = new Map([
  ["a", "ha"],
  ["b", "hb"],
  ["c", "hc"],
]);
const opts = { deferredNames: new Set(hashes.keys()), toolHashes: hashes };
const promoted = (...tools: Array<[string, string]>) =>
  mergePromoted(EMPTY_PROMOTED, {
    op: "promote",
    catalog_hash: "c1",
    tools: tools.map(([name, hash]) => ({ name, hash, tokens: 10 })),
    budget: NO_BUDGET,
  });

type WrapToolCall = (req: unknown, handler: (r: unknown) => unknown) => Promise<unknown>;
const wrap = deferredToolFilterMiddleware(opts).wrapToolCall as unknown as WrapToolCall;
const call = (name: string, state: unknown) =>
  wrap(
    { toolCall: { id: "c1", name, args: {} }, state: { messages: [], promoted: state }, runtime: {} },
    () => new ToolMessage({ tool_call_id: "c1", content: "ran" }),
  );

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

describe("deferredToolFilterMiddleware.wrapToolCall", () => {
  it("blocks an unpromoted deferred tool without running it", async () => {
    const out = (await call("a", undefined)) as ToolMessage;
    expect(out.status).toBe("error");
    expect(String(out.content)).toBe(blockedCallText("a"));
  });
  it("a promoted tool runs and its result carries the use stamp for the budget", async () => {
    const out = (await call("a", promoted(["a", "ha"]))) as Command;
    expect(out).toBeInstanceOf(Command);
    const update = out.update as { messages: ToolMessage[]; promoted: unknown };
    expect(update.messages[0]?.content).toBe("ran");
    expect(update.promoted).toEqual({ op: "use", names: ["a"] });
  });
  it("a tool that is not deferred runs as it is, unstamped", async () => {
    const out = (await call("read_file", undefined)) as ToolMessage;
    expect(ToolMessage.isInstance(out)).toBe(true);
    expect(out.content).toBe("ran");
  });
});
