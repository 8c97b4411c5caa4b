import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO } from "@/lib/mcp/test-servers";
import type { FetchLike } from "@/lib/models/demo/fetch";
import { scriptedFetch } from "@/lib/models/demo/recording";
import { runTurn, type TurnEvent } from "./run-turn";
import { FawnRuntime } from "./runtime";
import { tempConfig } from "./test-setup";

/** MCP servers misbehaving under a running agent: the turn ends with an error result, the thread stays usable. */
const fixture = (mode: string, extra: Record<string, unknown> = {}) => ({
  command: "node",
  args: ["--import", "tsx", path.join(REPO, "servers/fixtures/misbehaving.ts"), mode, "stdio"],
  // `--import tsx` is resolved from the working directory.
  cwd: REPO,
  ...extra,
});
let current: FetchLike = scriptedFetch([{ content: "hi", toolCalls: [] }]);
const rt = new FawnRuntime({
  ...tempConfig({ servers: { cr: fixture("crash_on_call"), hg: fixture("hang_on_call", { tool_call_timeout: 1 }) } }),
  models: { fetch: (i, init) => current(i, init) },
});
afterAll(() => rt.close());

async function scriptedTurn(threadId: string, tool: string, args: Record<string, unknown>) {
  current = scriptedFetch([
    { content: "", toolCalls: [{ name: "tool_search", args: { query: `select:${tool}` } }] },
    { content: "", toolCalls: [{ name: tool, args }] },
    { content: "finished", toolCalls: [] },
  ]);
  const events: TurnEvent[] = [];
  const { ok } = await runTurn(await rt.get(), { message: "go", threadId }, (e) => events.push(e));
  return { ok, result: events.find((e) => e.type === "tool_result" && e.name === tool) as Extract<TurnEvent, { type: "tool_result" }> | undefined };
}

describe("MCP faults under the agent", () => {
  it("a server that crashes mid-call: error result, the run completes, the next turn reconnects", async () => {
    const first = await scriptedTurn("m-crash", "cr_boom", {});
    expect(first.ok).toBe(true);
    expect(first.result?.status).toBe("error");
    const second = await scriptedTurn("m-crash", "cr_echo", { text: "back again" });
    expect(second.ok).toBe(true);
    expect(second.result).toMatchObject({ status: "success" });
    expect(second.result?.content).toContain("back again");
    const state = await (await rt.get()).graph.getState({ configurable: { thread_id: "m-crash" } });
    expect((state.values as { messages: unknown[] }).messages.length).toBe(12);
  });

  it("a call hanging past tool_call_timeout: error result, the run completes", async () => {
    const r = await scriptedTurn("m-hang", "hg_slow", {});
    expect(r.ok).toBe(true);
    expect(r.result?.status).toBe("error");
    expect(r.result?.content).toMatch(/time(d)? ?out/i);
  });
});
