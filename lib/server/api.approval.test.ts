/**
 * Approvals through the LangGraph API, the way LangGraph's Agent Chat UI drives them: the real lead agent (demo
 * model through the real OpenAI client), the official SDK Client and useStream's orchestrator.
 *
 * The shapes were read in langchain-ai/agent-chat-ui at commit fdc87e65307581b02898d33c62b3f285e56bd85b:
 * - src/lib/agent-inbox-interrupt.ts: an interrupt is shown as an approval request only when its value has
 *   non-empty `action_requests: [{name, args}]` and `review_configs: [{action_name, allowed_decisions}]`.
 * - src/components/thread/agent-inbox/hooks/use-interrupted-actions.tsx: decisions are sent with
 *   `submit({}, {command: {resume: {decisions: [decision]}}})`; "Mark as Resolved" sends `{command: {goto: "__end__"}}`.
 * - src/components/thread/agent-inbox/utils.ts: a decision is `{type: "approve"}`, `{type: "reject", message}`
 *   (a reason is required) or `{type: "edit", edited_action: {name, args}}`, args edited as text.
 * - src/components/thread/index.tsx + src/lib/ensure-tool-responses.ts: a message typed while a run waits is a
 *   new run whose input is a made-up `{type: "tool", content: "Successfully handled tool call."}` per pending call
 *   (id prefixed "do-not-render-") followed by the human message.
 */
import { StreamOrchestrator, type SubmitOptions } from "@langchain/langgraph-sdk/ui";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listOutputs, readThreadFile } from "@/lib/sandbox";
import { type ApprovalApi, approvalApi, chatUiResume } from "@/test/support/approval-runtime";
import { collect, messagesOf } from "@/test/support/api";

let h: ApprovalApi;
beforeAll(async () => {
  h = approvalApi();
  await h.runtime.get();
});
afterAll(() => h.close());

/** useStream's logic configured as Agent Chat UI configures it. */
function chatUi() {
  const o = new StreamOrchestrator(
    { assistantId: "lead_agent", fetchStateHistory: true },
    { getClient: () => h.client, getAssistantId: () => "lead_agent", getMessagesKey: () => "messages" },
  );
  o.trackStreamMode("messages-tuple", "values");
  return o;
}
const CHAT_UI_OPTIONS: SubmitOptions = {
  streamMode: ["values", "messages-tuple", "custom"],
  streamSubgraphs: true,
  streamResumable: true,
};

const startWrite = (file: string, content: string) => h.startThread(`write a note to ${file} saying "${content}"`);
const runStream = (tid: string, body: unknown) => h.runStream(tid, body);
const head = (tid: string) => h.head(tid);
/** The sandbox root the runtime built its tools with. */
const sandboxRoot = async () => (await h.runtime.get()).toolContext.sandbox.root;
const outputs = async (tid: string) => (await listOutputs(await sandboxRoot(), tid)).map((f) => f.path);

describe("the approval interrupt on the wire", () => {
  test("is snake_case in the stream, on the thread, in its state and history", async () => {
    const thread = await h.client.threads.create();
    const parts = await collect(
      h.client.runs.stream(thread.thread_id, "lead_agent", {
        input: { messages: [{ type: "human", content: 'write a note to a.md saying "hello"' }] },
        streamMode: ["values", "updates"],
      }),
    );
    const expected = {
      action_requests: [
        {
          name: "write_file",
          args: { path: "/mnt/user-data/outputs/a.md", content: "hello" },
          description:
            "write_file needs approval because it creates or overwrites a file (approvals.default: destructive).",
        },
      ],
      review_configs: [
        {
          action_name: "write_file",
          allowed_decisions: ["approve", "edit", "reject"],
          args_schema: expect.objectContaining({ required: ["path", "content"] }),
        },
      ],
    };
    const fromValues = parts.filter((p) => p.event === "values").at(-1)?.data as {
      __interrupt__: Array<{ value: unknown }>;
    };
    const fromUpdates = parts.find((p) => p.event === "updates" && "__interrupt__" in (p.data as object))?.data as {
      __interrupt__: Array<{ value: unknown }>;
    };
    const tid = thread.thread_id;
    const t = await h.client.threads.get(tid);
    const state = await h.client.threads.getState(tid);
    const [latest] = await h.client.threads.getHistory(tid, { limit: 1 });
    for (const value of [
      fromValues.__interrupt__[0].value,
      fromUpdates.__interrupt__[0].value,
      Object.values(t.interrupts).flat()[0]?.value,
      state.tasks[0].interrupts[0].value,
      latest.tasks[0].interrupts[0].value,
    ]) {
      expect(value).toEqual(expected);
      expect(value).not.toHaveProperty("actionRequests");
    }
    expect(t.status).toBe("interrupted");
  });
});

describe("answering an approval as Agent Chat UI does", () => {
  test("approve through useStream's logic: the same run resumes and the file is written", async () => {
    const o = chatUi();
    await o.submitDirect(
      { messages: [{ type: "human", content: 'write a note to b.md saying "approved"' }] },
      CHAT_UI_OPTIONS,
    );
    const pending = o.interrupt as { value: { action_requests: Array<{ name: string }> } };
    expect(pending.value.action_requests[0].name).toBe("write_file");
    await o.submitDirect({}, { ...CHAT_UI_OPTIONS, command: { resume: { decisions: [{ type: "approve" }] } } });
    expect(o.error).toBeUndefined();
    expect(o.interrupt).toBeUndefined();
    expect(
      (await readThreadFile(await sandboxRoot(), o.threadId!, "/mnt/user-data/outputs/b.md")).data.toString(),
    ).toBe("approved");
    expect((await h.client.threads.get(o.threadId!)).status).toBe("idle");
  });

  test("approve with the exact HTTP body", async () => {
    const tid = await startWrite("c.md", "raw");
    const res = await runStream(tid, chatUiResume({ resume: { decisions: [{ type: "approve" }] } }));
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("event: error");
    expect(await outputs(tid)).toEqual(["/mnt/user-data/outputs/c.md"]);
  });

  test("reject with a reason: nothing is written and the model is told why", async () => {
    const tid = await startWrite("d.md", "no");
    const res = await runStream(tid, chatUiResume({ resume: { decisions: [{ type: "reject", message: "not now" }] } }));
    expect(res.status).toBe(200);
    expect(await outputs(tid)).toEqual([]);
    const messages = messagesOf((await h.client.threads.getState(tid)).values);
    expect(messages.at(-2)).toMatchObject({
      type: "tool",
      content:
        'The user rejected this call to write_file, so it did not run. Their reason: "not now". Do not repeat the same call; change your approach or ask the user.',
    });
    expect(String(messages.at(-1)?.content)).toMatch(/^Understood: `write_file` did not run\./);
  });

  test("edit with edited_action: the edited call runs", async () => {
    const tid = await startWrite("e.md", "draft");
    const edited = { name: "write_file", args: { path: "/mnt/user-data/outputs/e2.md", content: "final" } };
    const res = await runStream(
      tid,
      chatUiResume({ resume: { decisions: [{ type: "edit", edited_action: edited }] } }),
    );
    expect(res.status).toBe(200);
    expect(await outputs(tid)).toEqual(["/mnt/user-data/outputs/e2.md"]);
    expect((await readThreadFile(await sandboxRoot(), tid, "/mnt/user-data/outputs/e2.md")).data.toString()).toBe(
      "final",
    );
  });

  test("an edit whose arguments do not fit is refused with 400 naming the tool and field; nothing is saved", async () => {
    const tid = await startWrite("f.md", "x");
    const before = await head(tid);
    const bad = { name: "write_file", args: { path: "/mnt/user-data/outputs/f.md", content: "x", mode: "0777" } };
    const res = await runStream(tid, chatUiResume({ resume: { decisions: [{ type: "edit", edited_action: bad }] } }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        code: "invalid_body",
        message:
          'command.resume: decisions[0] (write_file): edited arguments of write_file: field "mode": is not an argument of this tool',
      },
    });
    expect(await head(tid)).toBe(before);
    expect((await h.client.threads.get(tid)).status).toBe("interrupted");
  });

  test("a new message while an approval waits is refused with 409 saying how to answer", async () => {
    const tid = await startWrite("g.md", "x");
    const before = await head(tid);
    const res = await runStream(tid, {
      assistant_id: "lead_agent",
      input: {
        messages: [
          {
            type: "tool",
            tool_call_id: "whatever",
            id: "do-not-render-1",
            name: "write_file",
            content: "Successfully handled tool call.",
          },
          { type: "human", id: "h2", content: [{ type: "text", text: "go on" }] },
        ],
      },
    });
    expect(res.status).toBe(409);
    expect((res.json as { error: { message: string } }).error.message).toMatch(
      new RegExp(
        `^Thread ${tid} is waiting for approval of write_file\\. Answer it with command\\.resume \\{"decisions"`,
      ),
    );
    expect(await head(tid)).toBe(before);
  });
});
