/**
 * Approvals of tools called through call_tool (`tool_search.binding: proxy`) through the LangGraph API, as
 * LangGraph's Agent Chat UI drives them (shapes as in api.approval.test.ts): the request names the tool that
 * would run, with its arguments and schema; an edit is checked against that schema and runs through call_tool.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CALL_TOOL_NAME } from "@/lib/contracts/call-tool";
import type { Msg } from "@/test/support/api";
import { type ApprovalApi, approvalApi, chatUiResume } from "@/test/support/approval-runtime";
import { REPO_ROOT as REPO } from "@/test/support/repo";

let h: ApprovalApi;
beforeAll(async () => {
  h = approvalApi({
    servers: {
      fx: {
        command: "node",
        args: ["--import", "tsx", path.join(REPO, "servers/fixtures/misbehaving.ts"), "ok", "stdio"],
        cwd: REPO,
        approval: "always",
      },
    },
    extraYaml: "tool_search:\n  binding: proxy\n",
  });
  await h.runtime.get();
});
afterAll(() => h.close());

const startEcho = (text: string) => h.startThread(`fx_echo "${text}"`);
const runStream = (tid: string, body: unknown) => h.runStream(tid, body);
const messages = async (tid: string) =>
  ((await h.client.threads.getState(tid)).values as { messages: Msg[] & { name?: string }[] }).messages;

describe("a proxied call waiting for approval, through the API", () => {
  test("the interrupt names the real tool, its arguments and schema, in Agent Chat UI's shape", async () => {
    const tid = await startEcho("hello");
    const state = await h.client.threads.getState(tid);
    expect(state.tasks[0].interrupts[0].value).toEqual({
      action_requests: [
        {
          name: "fx_echo",
          args: { text: "hello" },
          description: "fx_echo always needs approval (mcpServers.fx.approval: always). (called through call_tool)",
        },
      ],
      review_configs: [
        {
          action_name: "fx_echo",
          allowed_decisions: ["approve", "edit", "reject"],
          args_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
        },
      ],
    });
    // The model's own call is unchanged: call_tool, waiting.
    const ai = (await messages(tid)).at(-1);
    expect(ai?.tool_calls).toEqual([
      expect.objectContaining({ name: CALL_TOOL_NAME, args: { name: "fx_echo", arguments: { text: "hello" } } }),
    ]);
  });

  test("an edit that does not fit the real tool's schema is refused with 400 naming the field; nothing is saved", async () => {
    const tid = await startEcho("x");
    const before = (await h.client.threads.getState(tid)).checkpoint?.checkpoint_id;
    // A value of the wrong type for the real tool's field (call_tool's own schema would take any object).
    const bad = { name: "fx_echo", args: { text: { nested: true } } };
    const res = await runStream(tid, chatUiResume({ resume: { decisions: [{ type: "edit", edited_action: bad }] } }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        code: "invalid_body",
        message:
          'command.resume: decisions[0] (fx_echo): edited arguments of fx_echo: field "text": expected string, got object',
      },
    });
    // Editing call_tool's own arguments (the shape before) is refused too: the request is about fx_echo.
    const old = { name: CALL_TOOL_NAME, args: { name: "fx_echo", arguments: { text: "y" } } };
    const res2 = await runStream(tid, chatUiResume({ resume: { decisions: [{ type: "edit", edited_action: old }] } }));
    expect(res2.status).toBe(400);
    expect((await h.client.threads.getState(tid)).checkpoint?.checkpoint_id).toBe(before);
  });

  test("an edit of the real arguments runs through call_tool with them", async () => {
    const tid = await startEcho("draft");
    const edited = { name: "fx_echo", args: { text: "edited through the API" } };
    const res = await runStream(
      tid,
      chatUiResume({ resume: { decisions: [{ type: "edit", edited_action: edited }] } }),
    );
    expect(res.status).toBe(200);
    const all = await messages(tid);
    const call = all.flatMap((m) => m.tool_calls ?? []).at(-1);
    expect(call).toMatchObject({ name: CALL_TOOL_NAME, args: { name: "fx_echo", arguments: edited.args } });
    expect(all.filter((m) => m.type === "tool").at(-1)).toMatchObject({
      name: "fx_echo",
      content: "edited through the API",
    });
    expect((await h.client.threads.get(tid)).status).toBe("idle");
  });
});
