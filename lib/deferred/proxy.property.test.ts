import { ToolMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import { describe, it } from "vitest";
import { blockedCallOf } from "@/lib/contracts/blocked-call";
import { CALL_TOOL_NAME } from "@/lib/contracts/call-tool";
import { makeTool, prng } from "@/test/support/tools";
import { deferredToolFilterMiddleware } from "./filter";
import { mergePromoted, type Promoted } from "./promoted";

const DEFERRED = Array.from({ length: 6 }, (_, i) => `mcp_tool_${i}`);
const ALWAYS = ["read_file", "tool_search", CALL_TOOL_NAME];
const TOOLS = new Map([...DEFERRED, ...ALWAYS].map((n) => [n, makeTool(n)]));
// Every deferred tool takes {value: string}, as its schema says.
const SCHEMA = { type: "object", properties: { value: { type: "string" } }, required: ["value"] };
const SCHEMAS = new Map(DEFERRED.map((n) => [n, SCHEMA]));

type Wrap = (req: unknown, handler: (r: unknown) => unknown) => Promise<unknown>;

/** The rule, on its own: call_tool runs a tool only when it is deferred, promoted under its schema, and fits it. */
function oracleRuns(
  name: string,
  args: unknown,
  held: Map<string, string>,
  hashNow: (n: string) => string | undefined,
): boolean {
  if (!DEFERRED.includes(name)) return false;
  if (held.get(name) === undefined || held.get(name) !== hashNow(name)) return false;
  const value = (args as { value?: unknown } | null)?.value;
  return typeof value === "string";
}

describe("property: in proxy mode the bound tools never change and call_tool never runs an unpromoted tool", () => {
  it("holds over 3,000 random sequences of searches, schema changes, direct calls and call_tool calls", async () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const rnd = prng(seed * 31 + 7);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
      const version = new Map(DEFERRED.map((n) => [n, 0]));
      const hashNow = (n: string) => (version.has(n) ? `${n}@${version.get(n)}` : undefined);
      const middleware = () =>
        deferredToolFilterMiddleware({
          deferredNames: new Set(DEFERRED),
          toolHashes: new Map(DEFERRED.map((n) => [n, hashNow(n) as string])),
          proxy: { tools: TOOLS, schemas: SCHEMAS },
        });
      let mw = middleware();
      let promoted: Promoted | undefined;
      const held = new Map<string, string>();
      for (let s = 0; s < 5 + Math.floor(rnd() * 25); s++) {
        const where = `seed ${seed} step ${s}`;
        const r = rnd();
        if (r < 0.25) {
          const tools = DEFERRED.filter(() => rnd() < 0.35).map((name) => ({
            name,
            hash: rnd() < 0.85 ? (hashNow(name) as string) : `${name}@old`,
            tokens: 10,
          }));
          promoted = mergePromoted(promoted, {
            op: "promote",
            catalog_hash: "c",
            tools,
            budget: { tokens: null, count: null },
          });
          for (const t of tools) held.set(t.name, t.hash);
        } else if (r < 0.32) {
          const name = pick(DEFERRED);
          version.set(name, (version.get(name) ?? 0) + 1);
          mw = middleware();
        } else if (r < 0.42) {
          // Whatever is promoted, the model is given the same tools.
          let bound: string[] = [];
          await (mw.wrapModelCall as unknown as Wrap)(
            { tools: [...TOOLS.values()], state: { messages: [], promoted }, runtime: {} },
            (req) => {
              bound = (req as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
              return null;
            },
          );
          if (bound.join(",") !== ALWAYS.join(",")) throw new Error(`${where}: bound ${bound.join(",")}`);
        } else {
          const name = pick([...DEFERRED, ...ALWAYS, "no_such_tool"]);
          const args = rnd() < 0.75 ? { value: "v" } : pick([{}, { value: 3 }, null, "x"]);
          const viaProxy = rnd() < 0.7;
          const toolCall = viaProxy
            ? { id: `c${s}`, name: CALL_TOOL_NAME, args: rnd() < 0.9 ? { name, arguments: args } : { tool: name } }
            : { id: `c${s}`, name, args: {} };
          let ran: { name: string; tool: unknown } | null = null;
          const out = await (mw.wrapToolCall as unknown as Wrap)(
            { toolCall, state: { messages: [], promoted }, runtime: {} },
            (req) => {
              const r2 = req as { toolCall: { name: string }; tool: unknown };
              ran = { name: r2.toolCall.name, tool: r2.tool };
              return new ToolMessage({ tool_call_id: `c${s}`, content: "ran" });
            },
          );
          // {name, arguments: object}: anything else is refused for its shape, before any other check.
          const wellFormed =
            "name" in (toolCall.args as object) && typeof args === "object" && args !== null && !Array.isArray(args);
          const expected = viaProxy
            ? wellFormed && oracleRuns(name, args, held, hashNow)
            : name === CALL_TOOL_NAME
              ? false // call_tool called with {} names no tool
              : !DEFERRED.includes(name) || held.get(name) === hashNow(name);
          const didRun = ran !== null;
          if (didRun !== expected)
            throw new Error(`${where}: ${toolCall.name}(${name}) ran=${didRun} expected=${expected}`);
          if (didRun && viaProxy) {
            const r3 = ran as unknown as { name: string; tool: unknown };
            if (r3.name !== name || r3.tool !== TOOLS.get(name))
              throw new Error(`${where}: ran ${r3.name}, not ${name}`);
          }
          if (!didRun) {
            const msg = out as ToolMessage;
            if (msg.status !== "error") throw new Error(`${where}: refused without an error`);
            // An unpromoted deferred tool is refused with the filter's own marker, through call_tool too.
            const unpromoted = DEFERRED.includes(name) && held.get(name) !== hashNow(name);
            if (unpromoted && (!viaProxy || wellFormed) && blockedCallOf(msg)?.tool !== name)
              throw new Error(`${where}: no blocked-call marker for ${name}`);
          }
          if (didRun && DEFERRED.includes(name)) {
            if (!(out instanceof Command)) throw new Error(`${where}: ${name} ran without a use stamp`);
            const stamp = ((out as Command).update as { promoted: { names: string[] } }).promoted;
            if (stamp.names[0] !== name) throw new Error(`${where}: stamped ${stamp.names[0]} for ${name}`);
            promoted = mergePromoted(promoted, stamp);
          }
        }
      }
    }
  }, 60_000);
});
