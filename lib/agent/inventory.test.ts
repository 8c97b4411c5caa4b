import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT as REPO } from "@/test/support/repo";
import type { FetchLike } from "@/lib/models/demo/fetch";
import { recordingFetch, scriptedFetch } from "@/test/support/model-fetch";
import { messageText } from "@/lib/models/demo/wire";
import { buildInventory, threadPromoted } from "./inventory";
import { runTurn, type TurnEvent } from "./run-turn";
import { toolsStamp } from "./tools-stamp";
import { FawnRuntime } from "./runtime";
import { everythingEntry, tempConfig } from "@/test/support/config";

/**
 * Tools as virtual memory through the real agent: per-tool drift on tools/list_changed, a budget that
 * demotes, defer policies, annotations, the server listing, and checkpoints of the earlier shape.
 */
const changing = (toolsFile: string) => ({
  command: "node",
  args: ["--import", "tsx", path.join(REPO, "servers/fixtures/misbehaving.ts"), "changing", "stdio"],
  cwd: REPO,
  env: { TOOLS_FILE: toolsFile },
});
const toolsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fawn-vm-")), "tools.json");
const writeTools = (alphaDescription: string) =>
  fs.writeFileSync(
    toolsFile,
    JSON.stringify([
      { name: "alpha", description: alphaDescription, annotations: { readOnlyHint: true } },
      { name: "beta", description: "Beta does beta things", annotations: { destructiveHint: true } },
      { name: "clock", description: "What time it is" },
    ]),
  );
writeTools("Alpha does alpha things");

let current: FetchLike = scriptedFetch([{ content: "hi", toolCalls: [] }]);
const recorder = recordingFetch((i, init) => current(i, init));
const paths = tempConfig({
  servers: {
    ch: { ...changing(toolsFile), tools: { clock: { defer: "never" } } },
    everything: everythingEntry(),
  },
  // Approvals are not what this file is about: calls run without asking.
  extraYaml: "tool_search:\n  listing: servers\n  promoted_budget_tokens: 130\napprovals:\n  default: never\n",
});
const rt = new FawnRuntime({ ...paths, models: { fetch: recorder.fetch } });
// Starting three MCP servers is the slow part: done once, before the tests.
beforeAll(async () => {
  await rt.get();
});
afterAll(() => rt.close());

async function scripted(threadId: string, steps: Array<{ name: string; args: Record<string, unknown> }>) {
  current = scriptedFetch([...steps.map((c) => ({ content: "", toolCalls: [c] })), { content: "ok", toolCalls: [] }]);
  const events: TurnEvent[] = [];
  const { ok } = await runTurn(await rt.get(), { message: "go", threadId }, (e) => events.push(e));
  expect(ok).toBe(true);
  return events.filter((e): e is Extract<TurnEvent, { type: "tool_result" }> => e.type === "tool_result");
}
const search = (q: string) => ({ name: "tool_search", args: { query: q } });

describe("policies, annotations and the listing, as the agent and the inventory see them", () => {
  it("defer: never keeps a tool bound from the first call; the prompt lists servers; annotations are kept", async () => {
    recorder.requests.length = 0;
    await scripted("vm-policy", []);
    const first = recorder.boundTools()[0];
    expect(first).toContain("ch_clock");
    expect(first).not.toContain("ch_alpha");
    const system = messageText(recorder.requests[0]?.messages[0] as never);
    expect(system).toMatch(/\nch \(2\): /);
    expect(system).toMatch(/\neverything \(13\): /);
    const inv = buildInventory(await rt.get());
    const byName = new Map(inv.tools.map((t) => [t.name, t]));
    expect(byName.get("ch_clock")).toMatchObject({
      deferred: false,
      bound_reason: "defer: never",
      defer_policy: { policy: "never", from: "tool" },
    });
    expect(byName.get("ch_alpha")).toMatchObject({
      deferred: true,
      defer_policy: { policy: "auto", from: "default" },
      annotations: { readOnlyHint: true },
    });
    expect(byName.get("ch_beta")?.annotations).toEqual({ destructiveHint: true });
    // 2 of ch's tools and everything's 13 are deferred; ch_clock stays bound.
    expect(inv.tool_search.listing).toMatchObject({ setting: "servers", mode: "servers", names: 15, max_tokens: 1500 });
    expect(inv.tool_search.budget).toEqual({ tokens: 130, count: null });
  });
});

describe("the promoted budget through the agent", () => {
  it("a promotion over the budget demotes the least recently used; a call to it is then blocked; it can come back", async () => {
    const rtm = await rt.get();
    const cost = (n: string) => rtm.built.setup.catalog?.tokens(n) ?? 0;
    // echo + get-sum fit, echo + get-env fit; all three do not.
    expect(cost("everything_echo") + cost("everything_get-sum")).toBeLessThanOrEqual(130);
    expect(cost("everything_echo") + cost("everything_get-env")).toBeLessThanOrEqual(130);
    expect(cost("everything_echo") + cost("everything_get-sum") + cost("everything_get-env")).toBeGreaterThan(130);
    const results = await scripted("vm-budget", [
      search("select:everything_echo"),
      search("select:everything_get-sum"),
      { name: "everything_echo", args: { message: "x" } },
      search("select:everything_get-env"), // get-sum was never called: it goes
      { name: "everything_get-sum", args: { a: 1, b: 2 } },
      { name: "everything_echo", args: { message: "still here" } },
    ]);
    const calls = results.filter((r) => r.name !== "tool_search");
    expect(calls.map((r) => [r.name, r.status])).toEqual([
      ["everything_echo", "success"],
      ["everything_get-sum", "error"],
      ["everything_echo", "success"],
    ]);
    expect(calls[1]?.content).toMatch(/is deferred and has not been promoted yet/);
    const inv = buildInventory(rtm, { id: "vm-budget", promoted: await threadPromoted(rtm, "vm-budget") });
    expect(inv.thread?.promoted.sort()).toEqual(["everything_echo", "everything_get-env"]);
    expect(inv.thread?.demoted).toEqual([
      expect.objectContaining({
        name: "everything_get-sum",
        reason: "evicted",
        used_at: null,
        for: ["everything_get-env"],
      }),
    ]);
    expect(inv.thread?.budget_used.tokens).toBeLessThanOrEqual(130);
    const again = await scripted("vm-budget", [
      search("select:everything_get-sum"),
      { name: "everything_get-sum", args: { a: 1, b: 2 } },
    ]);
    expect(again.at(-1)).toMatchObject({ name: "everything_get-sum", status: "success" });
  });
});

describe("drift per tool", () => {
  it("a server that changes one tool demotes only that tool; the inventory says what changed", async () => {
    const before = await rt.get();
    const results = await scripted("vm-drift", [
      search("select:ch_alpha,ch_beta"),
      { name: "ch_alpha", args: {} },
      { name: "ch_beta", args: {} },
    ]);
    expect(results.slice(1).map((r) => r.status)).toEqual(["success", "success"]);
    // A run changes the thread, not the stamp: only what the panel shows of the catalog does.
    expect(toolsStamp(await rt.get())).toEqual(toolsStamp(before));
    writeTools("Alpha now does something else");
    let after = before;
    for (let i = 0; i < 80 && after.built === before.built; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await rt.get();
    }
    expect(after.catalogChange).toMatchObject({
      from_hash: before.built.setup.catalog?.hash,
      added: [],
      removed: [],
      changed: [{ name: "ch_alpha", fields: ["description"] }],
    });
    expect(toolsStamp(after).stamp).toMatch(/^[0-9a-f]{16}$/);
    expect(toolsStamp(after)).not.toEqual(toolsStamp(before));
    const again = await scripted("vm-drift", [
      { name: "ch_alpha", args: {} },
      { name: "ch_beta", args: {} },
    ]);
    expect(again.map((r) => [r.name, r.status])).toEqual([
      ["ch_alpha", "error"],
      ["ch_beta", "success"],
    ]);
    const inv = buildInventory(after, { id: "vm-drift", promoted: await threadPromoted(after, "vm-drift") });
    expect(inv.thread?.promoted).toEqual(["ch_beta"]);
    expect(inv.thread?.stale).toBe(true);
    expect(inv.thread?.drifted).toEqual([
      {
        name: "ch_alpha",
        reason: "changed",
        promoted_hash: before.built.setup.toolHashes.get("ch_alpha"),
        current_hash: after.built.setup.toolHashes.get("ch_alpha"),
      },
    ]);
  });
});

describe("a checkpoint saved in the earlier {catalog_hash, names} shape", () => {
  it("loads, binds none of its names, shows them as demoted on upgrade, and the thread goes on", async () => {
    const rtm = await rt.get();
    await scripted("vm-legacy", [search("select:everything_echo")]);
    const saver = SqliteSaver.fromConnString(rtm.dbPath);
    const config = { configurable: { thread_id: "vm-legacy", checkpoint_ns: "" } };
    const tuple = await saver.getTuple(config);
    if (!tuple) throw new Error("no checkpoint");
    const legacy = { catalog_hash: rtm.built.setup.catalog?.hash ?? null, names: ["everything_echo"] };
    const checkpoint = {
      ...tuple.checkpoint,
      id: `${tuple.checkpoint.id.slice(0, -4)}ffff`,
      channel_values: { ...tuple.checkpoint.channel_values, promoted: legacy },
    };
    await saver.put(tuple.config, checkpoint, tuple.metadata ?? { source: "update", step: 0, parents: {} });
    expect(await threadPromoted(rtm, "vm-legacy")).toEqual(legacy);

    recorder.requests.length = 0;
    const results = await scripted("vm-legacy", [{ name: "everything_echo", args: { message: "x" } }]);
    expect(results[0]).toMatchObject({ status: "error" });
    expect(recorder.boundTools()[0]).not.toContain("everything_echo");
    const inv = buildInventory(rtm, { id: "vm-legacy", promoted: await threadPromoted(rtm, "vm-legacy") });
    expect(inv.thread?.promoted).toEqual([]);
    expect(inv.thread?.demoted.map((d) => [d.name, d.reason])).toEqual([["everything_echo", "upgrade"]]);
    const again = await scripted("vm-legacy", [
      search("select:everything_echo"),
      { name: "everything_echo", args: { message: "back" } },
    ]);
    expect(again.at(-1)).toMatchObject({ status: "success", content: "Echo: back" });
  });
});
