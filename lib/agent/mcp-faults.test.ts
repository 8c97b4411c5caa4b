import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT as REPO } from "@/test/support/repo";
import type { FetchLike } from "@/lib/models/demo/fetch";
import { scriptedFetch } from "@/test/support/model-fetch";
import { runTurn, type TurnEvent } from "./run-turn";
import { FawnRuntime } from "./runtime";
import { tempConfig } from "@/test/support/config";

/** MCP servers misbehaving under a running agent: the turn ends with an error result, the thread stays usable. */
const fixture = (mode: string, extra: Record<string, unknown> = {}) => ({
  command: "node",
  args: ["--import", "tsx", path.join(REPO, "servers/fixtures/misbehaving.ts"), mode, "stdio"],
  // `--import tsx` is resolved from the working directory.
  cwd: REPO,
  // The fixture's tools carry no annotations, so they would wait for approval; these tests are about faults.
  approval: "never",
  ...extra,
});
const toolsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fawn-chg-")), "tools.json");
fs.writeFileSync(toolsFile, JSON.stringify([{ name: "alpha" }, { name: "beta" }]));
let current: FetchLike = scriptedFetch([{ content: "hi", toolCalls: [] }]);
const rt = new FawnRuntime({
  ...tempConfig({
    servers: {
      cr: fixture("crash_on_call"),
      hg: fixture("hang_on_call", { tool_call_timeout: 1 }),
      ch: fixture("changing", { env: { TOOLS_FILE: toolsFile } }),
    },
  }),
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
  return {
    ok,
    result: events.find((e) => e.type === "tool_result" && e.name === tool) as
      | Extract<TurnEvent, { type: "tool_result" }>
      | undefined,
  };
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

  it("a server whose tool list changes between turns: the catalog hash changes and old promotions are dropped", async () => {
    const first = await scriptedTurn("m-change", "ch_alpha", {});
    expect(first.result?.status).toBe("success");
    const before = await rt.get();
    const oldHash = before.built.setup.catalog?.hash;
    fs.writeFileSync(
      toolsFile,
      JSON.stringify([
        { name: "alpha", inputSchema: { type: "object", properties: { x: { type: "string" } } } },
        { name: "beta" },
      ]),
    );
    let after = before;
    for (let i = 0; i < 50 && after.built.setup.catalog?.hash === oldHash; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await rt.get();
    }
    expect(after.built.setup.catalog?.hash).not.toBe(oldHash);
    // Without a new search, the old promotion no longer counts: a direct call is blocked.
    current = scriptedFetch([
      { content: "", toolCalls: [{ name: "ch_alpha", args: { x: "y" } }] },
      { content: "finished", toolCalls: [] },
    ]);
    const events: TurnEvent[] = [];
    await runTurn(after, { message: "again", threadId: "m-change" }, (e) => events.push(e));
    const blocked = events.find((e) => e.type === "tool_result") as Extract<TurnEvent, { type: "tool_result" }>;
    expect(blocked.status).toBe("error");
    expect(blocked.content).toMatch(/is deferred and has not been promoted yet/);
  });
});
