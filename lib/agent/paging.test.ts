import fs from "node:fs";
import path from "node:path";
import { Command } from "@langchain/langgraph";
import { afterAll, describe, expect, it } from "vitest";
import { AIMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import {
  readApprovalRequest,
  rejectionText,
  resolveApprovalResume,
  toWireInterruptValue,
} from "@/lib/contracts/approval";
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
  let model: FetchLike = createDemoFetch();
  const rt = runtime(paths, (i, init) => model(i, init));
  const ECHO_SCHEMA = {
    type: "object",
    properties: { text: { type: "string" } },
    required: ["text"],
  };

  /** The pending approval request, as the API serves it (Agent Chat UI's snake_case shape). */
  async function pending(threadId: string) {
    const { graph } = await rt.get();
    const state = await graph.getState({ configurable: { thread_id: threadId } });
    return readApprovalRequest(toWireInterruptValue(state.tasks[0]?.interrupts[0]?.value));
  }
  async function decide(threadId: string, resume: unknown) {
    const request = await pending(threadId);
    const checked = resolveApprovalResume(request!, resume);
    if (!checked.ok) throw new Error(checked.error);
    const { graph } = await rt.get();
    const out = (await graph.invoke(new Command({ resume: checked.resume }), {
      configurable: { thread_id: threadId },
    })) as { messages: BaseMessage[] };
    return out.messages;
  }
  const toolResults = (messages: BaseMessage[]) => messages.filter((m) => m.getType() === "tool") as ToolMessage[];
  const callsOf = (messages: BaseMessage[]) =>
    messages.flatMap((m) => (AIMessage.isInstance(m) ? (m.tool_calls ?? []) : [])).map((c) => [c.name, c.args]);

  it("the interrupt names the real tool with its arguments and schema; approved, it runs through call_tool", async () => {
    model = createDemoFetch();
    const events = await turn(rt, 'fx_echo "needs a yes"', "proxy-ap");
    const wire = toWireInterruptValue((events.find((e) => e.type === "interrupt") as { value: unknown }).value);
    expect(wire).toEqual({
      action_requests: [
        {
          name: "fx_echo",
          args: { text: "needs a yes" },
          description: "fx_echo always needs approval (mcpServers.fx.approval: always). (called through call_tool)",
        },
      ],
      review_configs: [
        { action_name: "fx_echo", allowed_decisions: ["approve", "edit", "reject"], args_schema: ECHO_SCHEMA },
      ],
    });
    expect(results(events).filter((r) => r.name !== "tool_search")).toEqual([]);

    const messages = await decide("proxy-ap", { decisions: [{ type: "approve" }] });
    expect(callsOf(messages).at(-1)).toEqual([CALL_TOOL_NAME, { name: "fx_echo", arguments: { text: "needs a yes" } }]);
    expect(toolResults(messages).at(-1)).toMatchObject({ name: "fx_echo", content: "needs a yes" });
  });

  it("an edit changes the real arguments, checked against the real tool's schema, and runs through call_tool", async () => {
    model = createDemoFetch();
    await turn(rt, 'fx_echo "first draft"', "proxy-edit");
    const request = (await pending("proxy-edit"))!;
    const edit = (name: string, args: Record<string, unknown>) =>
      resolveApprovalResume(request, { decisions: [{ type: "edit", edited_action: { name, args } }] });
    expect(edit("fx_echo", { text: 7 })).toEqual({
      ok: false,
      error: 'decisions[0] (fx_echo): edited arguments of fx_echo: field "text": expected string, got number',
    });
    expect(edit("fx_echo", {})).toMatchObject({
      ok: false,
      error: expect.stringContaining('field "text": is required'),
    });
    expect(edit("fx_add", { a: 1, b: 2 })).toMatchObject({
      ok: false,
      error: expect.stringContaining(
        'an edit may change the arguments, not the tool (expected "fx_echo", got "fx_add")',
      ),
    });

    const messages = await decide("proxy-edit", {
      decisions: [{ type: "edit", edited_action: { name: "fx_echo", args: { text: "final text" } } }],
    });
    expect(callsOf(messages).at(-1)).toEqual([CALL_TOOL_NAME, { name: "fx_echo", arguments: { text: "final text" } }]);
    expect(toolResults(messages).at(-1)).toMatchObject({ name: "fx_echo", content: "final text" });
  });

  it("a rejected call does not run, and the model is told so about the real tool", async () => {
    model = createDemoFetch();
    await turn(rt, 'fx_echo "never"', "proxy-reject");
    const messages = await decide("proxy-reject", { decisions: [{ type: "reject", message: "not now" }] });
    const echoes = toolResults(messages).filter((m) => m.name !== "tool_search");
    expect(echoes).toHaveLength(1);
    expect(echoes[0]).toMatchObject({ status: "error", content: rejectionText("fx_echo", "not now") });
    // The call stays as the model made it, answered by the rejection.
    expect(callsOf(messages).at(-1)).toEqual([CALL_TOOL_NAME, { name: "fx_echo", arguments: { text: "never" } }]);
    expect(String(messages.at(-1)?.content)).toMatch(/^Understood: `fx_echo` did not run\. You said: "not now"\./);
  });

  it("call_tool arguments that are not {name, arguments} are refused without asking, and nothing runs", async () => {
    model = scriptedFetch([
      { content: "", toolCalls: [{ name: "tool_search", args: { query: "select:fx_echo" } }] },
      { content: "", toolCalls: [{ name: CALL_TOOL_NAME, args: { name: "fx_echo", arguments: "needs a yes" } }] },
      { content: "gave up", toolCalls: [] },
    ]);
    const events = await turn(rt, "go", "proxy-malformed");
    expect(events.some((e) => e.type === "interrupt")).toBe(false);
    expect(results(events).at(-1)).toMatchObject({ name: CALL_TOOL_NAME, status: "error" });
    expect(results(events).at(-1)?.content).toMatch(/^Error: call_tool needs \{"name": "<tool>", "arguments": \{…\}\}/);
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
