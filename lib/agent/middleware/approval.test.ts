import path from "node:path";
import { Command } from "@langchain/langgraph";
import { afterAll, describe, expect, it } from "vitest";
import { resolveApprovalResume, readApprovalRequest, rejectionText } from "@/lib/contracts/approval";
import { makeTool } from "@/test/support/tools";
import { REPO_ROOT as REPO } from "@/test/support/repo";
import type { FetchLike } from "@/lib/models/demo/fetch";
import { createDemoFetch } from "@/lib/models/demo/fetch";
import { scriptedFetch } from "@/test/support/model-fetch";
import { listOutputs, readThreadFile } from "@/lib/sandbox";
import { approvalRuntime } from "@/test/support/approval-runtime";
import { runTurn, type TurnEvent } from "../run-turn";
import type { FawnRuntime } from "../runtime";
import { gatedForSubagents } from "./approval";

let model: FetchLike = createDemoFetch();
const { runtime: rt } = approvalRuntime({
  servers: {
    fx: {
      command: "node",
      args: ["--import", "tsx", path.join(REPO, "servers/fixtures/misbehaving.ts"), "ok", "stdio"],
      cwd: REPO,
    },
  },
  extraYaml: "subagents:\n  enabled: true\n",
  fetch: (i, init) => model(i, init),
});
afterAll(() => rt.close());

async function turn(runtime: FawnRuntime, message: string, threadId: string) {
  const events: TurnEvent[] = [];
  const { ok } = await runTurn(await runtime.get(), { message, threadId }, (e) => events.push(e));
  expect(ok, JSON.stringify(events.filter((e) => e.type === "error"))).toBe(true);
  return events;
}

const interruptOf = (events: TurnEvent[]) =>
  events.find((e): e is Extract<TurnEvent, { type: "interrupt" }> => e.type === "interrupt")?.value;

async function resume(threadId: string, value: unknown) {
  const { graph } = await rt.get();
  const request = readApprovalRequest(
    (await graph.getState({ configurable: { thread_id: threadId } })).tasks[0]?.interrupts[0]?.value,
  );
  const checked = resolveApprovalResume(request!, value);
  if (!checked.ok) throw new Error(checked.error);
  const out = await graph.invoke(new Command({ resume: checked.resume }), { configurable: { thread_id: threadId } });
  return (out as { messages: Array<{ content: unknown; getType(): string; status?: string }> }).messages;
}

/** The sandbox root the runtime built its tools with. */
const sandboxRoot = async () => (await rt.get()).toolContext.sandbox.root;
const outputs = async (threadId: string) => (await listOutputs(await sandboxRoot(), threadId)).map((f) => f.path);

describe("approvals in the lead agent (demo model through the real OpenAI client)", () => {
  it("a write_file call waits for approval; approved, it runs", async () => {
    model = createDemoFetch();
    const events = await turn(rt, 'write a note to a.md saying "hello"', "ap-approve");
    const value = interruptOf(events);
    expect(readApprovalRequest(value)).toMatchObject({
      action_requests: [
        {
          name: "write_file",
          args: { path: "/mnt/user-data/outputs/a.md", content: "hello" },
          description:
            "write_file needs approval because it creates or overwrites a file (approvals.default: destructive).",
        },
      ],
      review_configs: [{ action_name: "write_file", allowed_decisions: ["approve", "edit", "reject"] }],
    });
    expect(events.some((e) => e.type === "tool_result")).toBe(false);
    expect(await outputs("ap-approve")).toEqual([]);

    const messages = await resume("ap-approve", { decisions: [{ type: "approve" }] });
    expect(String(messages.at(-2)?.content)).toMatch(/^Wrote 5 B to \/mnt\/user-data\/outputs\/a\.md/);
    expect(
      (await readThreadFile(await sandboxRoot(), "ap-approve", "/mnt/user-data/outputs/a.md")).data.toString(),
    ).toBe("hello");
  });

  it("rejected, it does not run and the model is told so", async () => {
    model = createDemoFetch();
    await turn(rt, 'write a note to b.md saying "nope"', "ap-reject");
    const messages = await resume("ap-reject", { decisions: [{ type: "reject", message: "wrong file" }] });
    const result = messages.at(-2);
    expect(result?.getType()).toBe("tool");
    expect(result?.status).toBe("error");
    expect(result?.content).toBe(rejectionText("write_file", "wrong file"));
    expect(String(messages.at(-1)?.content)).toMatch(
      /^Understood: `write_file` did not run\. You said: "wrong file"\./,
    );
    expect(await outputs("ap-reject")).toEqual([]);
  });

  it("edited, it runs with the edited arguments", async () => {
    model = createDemoFetch();
    await turn(rt, 'write a note to c.md saying "draft"', "ap-edit");
    await resume("ap-edit", {
      decisions: [
        {
          type: "edit",
          edited_action: { name: "write_file", args: { path: "/mnt/user-data/outputs/d.md", content: "final" } },
        },
      ],
    });
    expect(await outputs("ap-edit")).toEqual(["/mnt/user-data/outputs/d.md"]);
    expect((await readThreadFile(await sandboxRoot(), "ap-edit", "/mnt/user-data/outputs/d.md")).data.toString()).toBe(
      "final",
    );
  });

  it("several calls wait in one request; rejecting one sends the whole step back and none of them runs", async () => {
    model = scriptedFetch([
      {
        content: "",
        toolCalls: [
          { name: "write_file", args: { path: "/mnt/user-data/outputs/one.md", content: "1" } },
          { name: "write_file", args: { path: "/mnt/user-data/outputs/two.md", content: "2" } },
        ],
      },
      { content: "noted", toolCalls: [] },
    ]);
    const events = await turn(rt, "write two files", "ap-multi");
    expect(readApprovalRequest(interruptOf(events))?.action_requests.map((a) => a.args.path)).toEqual([
      "/mnt/user-data/outputs/one.md",
      "/mnt/user-data/outputs/two.md",
    ]);
    const messages = await resume("ap-multi", {
      decisions: [{ type: "approve" }, { type: "reject", message: "only one" }],
    });
    expect(await outputs("ap-multi")).toEqual([]);
    expect(messages.at(-2)?.content).toBe(rejectionText("write_file", "only one"));
    expect(messages.at(-1)?.content).toBe("noted");
  });

  it("a deferred tool is blocked before promotion without asking, and asks once promoted", async () => {
    model = scriptedFetch([
      { content: "", toolCalls: [{ name: "fx_echo", args: { text: "early" } }] },
      { content: "", toolCalls: [{ name: "tool_search", args: { query: "select:fx_echo" } }] },
      { content: "", toolCalls: [{ name: "fx_echo", args: { text: "late" } }] },
    ]);
    const events = await turn(rt, "echo please", "ap-deferred");
    const blocked = events.find((e) => e.type === "tool_result" && e.name === "fx_echo");
    expect(blocked).toMatchObject({ status: "error" });
    expect((blocked as { content: string }).content).toMatch(
      /^Error: Tool fx_echo is deferred and has not been promoted yet/,
    );
    expect(readApprovalRequest(interruptOf(events))?.action_requests).toEqual([
      expect.objectContaining({ name: "fx_echo", args: { text: "late" } }),
    ]);
  });

  it("a client's run context cannot switch approvals off", async () => {
    model = createDemoFetch();
    const { graph } = await rt.get();
    const stream = await graph.stream(
      { messages: [{ role: "user", content: 'write a note to e.md saying "sneaky"' }] },
      { configurable: { thread_id: "ap-context" }, context: { interruptOn: {} }, streamMode: "updates" },
    );
    for await (const _ of stream) {
      // drain
    }
    const state = await graph.getState({ configurable: { thread_id: "ap-context" } });
    expect(readApprovalRequest(state.tasks[0]?.interrupts[0]?.value)?.action_requests[0].name).toBe("write_file");
    expect(await outputs("ap-context")).toEqual([]);
  });

  it("a subagent cannot run a gated tool: its call returns an error and the tool never runs", async () => {
    model = scriptedFetch([
      { content: "", toolCalls: [{ name: "task", args: { description: "write", prompt: "write f.md" } }] },
      { content: "", toolCalls: [{ name: "write_file", args: { path: "/mnt/user-data/outputs/f.md", content: "x" } }] },
      { content: "subagent finished", toolCalls: [] },
      { content: "lead finished", toolCalls: [] },
    ]);
    const events = await turn(rt, "delegate it", "ap-subagent");
    expect(interruptOf(events)).toBeUndefined();
    expect(events.find((e) => e.type === "tool_result" && e.name === "task")).toMatchObject({ status: "success" });
    expect(await outputs("ap-subagent")).toEqual([]);

    const real = makeTool("write_file");
    const out = await gatedForSubagents(real).invoke({ value: "x" });
    expect(String(out)).toMatch(
      /^Error: write_file needs the user's approval, which a subagent cannot ask for\. It did not run\./,
    );
    expect(real.calls).toEqual([]);
  });
});
