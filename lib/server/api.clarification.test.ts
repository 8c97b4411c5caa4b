/**
 * ask_clarification through the LangGraph API, answered the ways LangGraph's Agent Chat UI answers (see
 * api.approval.test.ts for the files of langchain-ai/agent-chat-ui read, at fdc87e65307581b02898d33c62b3f285e56bd85b),
 * and finding 13 of issue 9: a `goto` to a node that does not exist is refused before anything is saved.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ApprovalApi, approvalApi, chatUiResume } from "@/test/support/approval-runtime";
import { messagesOf } from "@/test/support/api";

let h: ApprovalApi;
beforeAll(async () => {
  h = approvalApi();
  await h.runtime.get();
});
afterAll(() => h.close());

const runStream = (tid: string, body: unknown) => h.runStream(tid, body);
const head = (tid: string) => h.head(tid);

describe("ask_clarification answered as Agent Chat UI does", () => {
  const ask = () => h.startThread("ask me which format I want: pdf or html");
  const lastMessages = async (tid: string) => messagesOf((await h.client.threads.getState(tid)).values).slice(-2);

  test("its interrupt is an approval request Agent Chat UI can answer, and still a clarification for Fawn", async () => {
    const tid = await ask();
    expect((await h.client.threads.getState(tid)).tasks[0].interrupts[0].value).toEqual({
      type: "clarification",
      question: "Which do you want: pdf or html?",
      options: ["pdf", "html"],
      action_requests: [
        {
          name: "ask_clarification",
          args: { question: "Which do you want: pdf or html?", options: "pdf | html", answer: "" },
          description:
            "Which do you want: pdf or html?\n\nOptions: pdf | html\n\nType your answer in the answer field and submit it.",
        },
      ],
      review_configs: [{ action_name: "ask_clarification", allowed_decisions: ["edit"] }],
    });
  });

  test("an edit decision with the answer filled in resumes the run with the answer", async () => {
    const tid = await ask();
    const edited = {
      name: "ask_clarification",
      args: { question: "Which do you want: pdf or html?", options: "pdf | html", answer: "html" },
    };
    const res = await runStream(
      tid,
      chatUiResume({ resume: { decisions: [{ type: "edit", edited_action: edited }] } }),
    );
    expect(res.status).toBe(200);
    const [result, answer] = await lastMessages(tid);
    expect(result).toMatchObject({ type: "tool", content: "The user answered: html" });
    expect(String(answer.content)).toMatch(/^Thanks! You chose: html/);
  });

  test("an empty answer is refused with 400 and the question stays", async () => {
    const tid = await ask();
    const edited = { name: "ask_clarification", args: { question: "q", answer: " " } };
    const res = await runStream(
      tid,
      chatUiResume({ resume: { decisions: [{ type: "edit", edited_action: edited }] } }),
    );
    expect(res.status).toBe(400);
    expect((res.json as { error: { message: string } }).error.message).toBe(
      "command.resume: the answer is empty: type an answer to the question",
    );
    expect((await h.client.threads.get(tid)).status).toBe("interrupted");
  });

  test("a reply typed in the chat (a new run with made-up tool results) is taken as the answer", async () => {
    const tid = await ask();
    const state = await h.client.threads.getState(tid);
    const call = (messagesOf(state.values).at(-1) as unknown as { tool_calls: Array<{ id: string }> }).tool_calls[0];
    const res = await runStream(tid, {
      assistant_id: "lead_agent",
      input: {
        messages: [
          {
            type: "tool",
            tool_call_id: call.id,
            id: "do-not-render-x",
            name: "ask_clarification",
            content: "Successfully handled tool call.",
          },
          { type: "human", id: "h-reply", content: [{ type: "text", text: "pdf" }] },
        ],
      },
      stream_mode: ["values"],
    });
    expect(res.status).toBe(200);
    const messages = messagesOf((await h.client.threads.getState(tid)).values);
    expect(messages.some((m) => m.content === "Successfully handled tool call.")).toBe(false);
    expect(messages.at(-2)).toMatchObject({ type: "tool", content: "The user answered: pdf" });
    expect((await h.client.threads.get(tid)).status).toBe("idle");
  });

  test("a goto to a node that does not exist is refused with 400 listing the nodes; the question stays", async () => {
    const tid = await ask();
    const before = await head(tid);
    const res = await runStream(tid, chatUiResume({ resume: "pdf", goto: "nowhere" }));
    expect(res.status).toBe(400);
    const message = (res.json as { error: { message: string } }).error.message;
    expect(message).toMatch(/^command\.goto: the graph has no node "nowhere" \(valid: .*\)$/);
    for (const node of ["model_request", "tools", "__end__"]) expect(message).toContain(node);
    expect(await head(tid)).toBe(before);
    const pending = (await h.client.threads.getState(tid)).tasks[0].interrupts[0].value as { type: string };
    expect(pending.type).toBe("clarification");
  });

  test("Agent Chat UI's Mark as Resolved (goto __end__) is accepted and loses nothing", async () => {
    const tid = await ask();
    const res = await runStream(tid, chatUiResume({ goto: "__end__" }));
    expect(res.status).toBe(200);
    // LangGraph runs the paused task again, which asks again: the question is still there to answer.
    const pending = (await h.client.threads.getState(tid)).tasks[0].interrupts[0].value as { question: string };
    expect(pending.question).toBe("Which do you want: pdf or html?");
    expect((await h.client.threads.get(tid)).status).toBe("interrupted");
  });
});
