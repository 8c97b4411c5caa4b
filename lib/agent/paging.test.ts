import fs from "node:fs";
import path from "node:path";
import { Command } from "@langchain/langgraph";
import { afterAll, describe, expect, it } from "vitest";
import { readApprovalRequest, resolveApprovalResume } from "@/lib/contracts/approval";
import { CALL_TOOL_NAME } from "@/lib/contracts/call-tool";
import { isPrefetchCall } from "@/lib/contracts/prefetch";
import { createDemoFetch, type FetchLike } from "@/lib/models/demo/fetch";
import { tempConfig } from "@/test/support/config";
import { recordingFetch, scriptedFetch } from "@/test/support/model-fetch";
import { REPO_ROOT as REPO } from "@/test/support/repo";
import { buildInventory, threadPromoted } from "./inventory";
import { runTurn, type TurnEvent } from "./run-turn";
import { FawnRuntime } from "./runtime";
import { toolsResponse } from "./tools-response";

/**
 * Paging at run time through the whole agent: lazy MCP servers (real stdio processes, counted by the pids
 * they log), prefetch and the proxy binding mode, on the real ChatOpenAI client against the demo model.
 */

const runtimes: FawnRuntime[] = [];
afterAll(async () => {
  await Promise.all(runtimes.map((r) => r.close()));
});

function fixtureServer(env: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  return {
    command: "node",
    args: ["--import", "tsx", path.join(REPO, "servers/fixtures/misbehaving.ts"), "ok", "stdio"],
    cwd: REPO,
    env,
    ...extra,
  };
}

function runtime(paths: ReturnType<typeof tempConfig>, fetch: FetchLike): FawnRuntime {
  const rt = new FawnRuntime({ ...paths, models: { fetch } });
  runtimes.push(rt);
  return rt;
}

async function turn(rt: FawnRuntime, message: string, threadId: string): Promise<TurnEvent[]> {
  const events: TurnEvent[] = [];
  const { ok } = await runTurn(await rt.get(), { message, threadId }, (e) => events.push(e));
  expect(ok, JSON.stringify(events.filter((e) => e.type === "error"))).toBe(true);
  return events;
}

async function until(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const results = (events: TurnEvent[]) =>
  events.filter((e): e is Extract<TurnEvent, { type: "tool_result" }> => e.type === "tool_result");

describe("lazy MCP servers through the runtime", () => {
  const paths = tempConfig({ servers: {} });
  const starts = path.join(paths.dir, "starts.txt");
  fs.writeFileSync(
    paths.extensions,
    JSON.stringify({ mcpServers: { fx: fixtureServer({ STARTS_FILE: starts }, { approval: "never" }) } }),
  );
  const count = () => (fs.existsSync(starts) ? fs.readFileSync(starts, "utf8").trim().split("\n").length : 0);

  it("fills the cache once; a restarted runtime spawns nothing, and a promotion wakes the server before the call", async () => {
    const first = runtime(paths, createDemoFetch());
    const a = await first.get();
    expect(a.mcpServers[0]).toMatchObject({ name: "fx", status: "sleeping", lifecycle: "lazy", tools: 2 });
    expect(count()).toBe(1);
    await first.close();

    // A new process on the same data dir: the agent is built from the cache, no server is started.
    const script = [
      { content: "", toolCalls: [{ name: "tool_search", args: { query: "select:fx_echo" } }] },
      { content: "loaded", toolCalls: [] },
    ];
    const second = runtime(paths, scriptedFetch(script));
    const b = await second.get();
    expect(count()).toBe(1);
    expect(b.built.setup.deferredNames.has("fx_echo")).toBe(true);
    const inv = buildInventory(b);
    expect(inv.mcp_servers[0]).toMatchObject({ status: "sleeping", lifecycle: "lazy" });
    expect(inv.mcp_servers[0].cached_at).toMatch(/^\d{4}-/);
    await turn(second, "find the echo tool", "lazy-1");
    // Promoted, not yet called: the server is started in the background.
    await until(async () => (await second.get()).mcpServers[0].status === "connected");
    expect(count()).toBe(2);
  });

  it("a call to a sleeping server starts it and returns its result", async () => {
    const rt = runtime(
      paths,
      scriptedFetch([
        { content: "", toolCalls: [{ name: "tool_search", args: { query: "select:fx_add" } }] },
        { content: "", toolCalls: [{ name: "fx_add", args: { a: 2, b: 40 } }] },
        { content: "done", toolCalls: [] },
      ]),
    );
    const before = count();
    expect((await rt.get()).mcpServers[0].status).toBe("sleeping");
    const events = await turn(rt, "add", "lazy-2");
    expect(results(events).find((r) => r.name === "fx_add")).toMatchObject({ status: "success", content: "42" });
    expect(count()).toBe(before + 1);
  });
});

describe("proxy binding (tool_search.binding: proxy) with the demo model", () => {
  const paths = tempConfig({
    servers: { fx: fixtureServer({}, { approval: "never" }) },
    extraYaml: "tool_search:\n  binding: proxy\n",
  });
  const rec = recordingFetch(createDemoFetch());
  const rt = runtime(paths, rec.fetch);

  it("the bound tools never change while tools are promoted and called through call_tool", async () => {
    const one = await turn(rt, 'fx_echo "paged in"', "proxy-1");
    expect(one.filter((e) => e.type === "tool_call").map((e) => (e as { name: string }).name)).toEqual([
      "tool_search",
      CALL_TOOL_NAME,
    ]);
    expect(results(one).at(-1)).toMatchObject({ name: "fx_echo", status: "success", content: "paged in" });
    await turn(rt, "fx_add a=2 b=3", "proxy-1");
    const tools = rec.requests.map((r) => JSON.stringify(r.tools));
    expect(new Set(tools).size).toBe(1);
    expect(rec.boundTools()[0]).toContain(CALL_TOOL_NAME);
    expect(rec.boundTools()[0]).not.toContain("fx_echo");
    const runtimeNow = await rt.get();
    const promoted = await threadPromoted(runtimeNow, "proxy-1");
    expect(promoted?.names.sort()).toEqual(["fx_add", "fx_echo"]);
    expect(buildInventory(runtimeNow, { id: "proxy-1", promoted }).tool_search.binding).toBe("proxy");
    // Promoted tools are not bound in this mode: the next call costs what the always-bound tools cost.
    const costs = await toolsResponse(runtimeNow, "proxy-1");
    const alwaysBound = costs.tools.filter((t) => !t.deferred).reduce((n, t) => n + t.tokens, 0);
    expect(costs.tokens.bound_next_call).toBe(alwaysBound + costs.tokens.deferred_section);
  });

  it("call_tool naming a tool that is not promoted is refused with the blocked-call marker, the tool never runs", async () => {
    const blocked = runtime(
      paths,
      scriptedFetch([
        { content: "", toolCalls: [{ name: CALL_TOOL_NAME, args: { name: "fx_echo", arguments: { text: "x" } } }] },
        { content: "ok", toolCalls: [] },
      ]),
    );
    const events = await turn(blocked, "go", "proxy-2");
    expect(results(events)[0]).toMatchObject({ status: "error", name: CALL_TOOL_NAME });
    expect(results(events)[0]?.content).toMatch(/Tool fx_echo is deferred and has not been promoted yet/);
    const { graph } = await blocked.get();
    const state = await graph.getState({ configurable: { thread_id: "proxy-2" } });
    const msg = (state.values as { messages: Array<{ artifact?: unknown }> }).messages.at(-2);
    expect(msg?.artifact).toEqual({ kind: "deferred_tool_blocked", tool: "fx_echo", query: "select:fx_echo" });
  });
});

describe("approvals behind call_tool", () => {
  const paths = tempConfig({
    servers: { fx: fixtureServer({}, { approval: "always" }) },
    extraYaml: "tool_search:\n  binding: proxy\n",
  });
  const rt = runtime(paths, createDemoFetch());

  it("a gated tool called through call_tool waits for the person, and runs once approved", async () => {
    const events = await turn(rt, 'fx_echo "needs a yes"', "proxy-ap");
    const value = events.find((e) => e.type === "interrupt") as { value: unknown } | undefined;
    const request = readApprovalRequest(value?.value);
    expect(request?.action_requests[0]).toMatchObject({
      name: CALL_TOOL_NAME,
      args: { name: "fx_echo", arguments: { text: "needs a yes" } },
    });
    expect(request?.action_requests[0]?.description).toMatch(/fx_echo always needs approval.*through call_tool/);
    // An edit may change the arguments, never the tool that runs.
    const renamed = resolveApprovalResume(request!, {
      decisions: [{ type: "edit", edited_action: { name: CALL_TOOL_NAME, args: { name: "fx_add", arguments: {} } } }],
    });
    expect(renamed.ok).toBe(false);
    const checked = resolveApprovalResume(request!, { decisions: [{ type: "approve" }] });
    if (!checked.ok) throw new Error(checked.error);
    const { graph } = await rt.get();
    const out = (await graph.invoke(new Command({ resume: checked.resume }), {
      configurable: { thread_id: "proxy-ap" },
    })) as { messages: Array<{ content: unknown; getType(): string; name?: string }> };
    const result = out.messages.filter((m) => m.getType() === "tool").at(-1);
    expect(result).toMatchObject({ name: "fx_echo", content: "needs a yes" });
  });
});

describe("prefetch with the demo model", () => {
  const yaml = (binding: string) =>
    `tool_search:\n  binding: ${binding}\n  prefetch:\n    enabled: true\n    k: 1\n    min_score: 1\n`;

  for (const binding of ["bind", "proxy"]) {
    it(`${binding}: the model uses the prefetched tool at once, one model call fewer than searching`, async () => {
      const rec = recordingFetch(createDemoFetch());
      const rt = runtime(
        tempConfig({ servers: { fx: fixtureServer({}, { approval: "never" }) }, extraYaml: yaml(binding) }),
        rec.fetch,
      );
      const events = await turn(rt, 'echo the text "from prefetch"', `pf-${binding}`);
      expect(events.filter((e) => e.type === "tool_call").map((e) => (e as { id: string; name: string }).name)).toEqual(
        ["tool_search", binding === "proxy" ? CALL_TOOL_NAME : "fx_echo"],
      );
      expect(isPrefetchCall((events.find((e) => e.type === "tool_call") as { id: string }).id)).toBe(true);
      expect(results(events).at(-1)).toMatchObject({ name: "fx_echo", content: "from prefetch" });
      // The tool, then the answer: two model calls, where a search costs three.
      expect(rec.requests).toHaveLength(2);
      if (binding === "bind") expect(rec.boundTools()[0]).toContain("fx_echo");
      const runtimeNow = await rt.get();
      const promoted = await threadPromoted(runtimeNow, `pf-${binding}`);
      expect(promoted?.tools).toEqual([expect.objectContaining({ name: "fx_echo", via: "prefetch" })]);
      expect(buildInventory(runtimeNow, { id: `pf-${binding}`, promoted }).thread?.prefetched).toEqual(["fx_echo"]);
      // Small talk prefetches nothing.
      await turn(rt, "hello", `pf-${binding}`);
      expect(rec.requests).toHaveLength(3);
    });
  }
});
