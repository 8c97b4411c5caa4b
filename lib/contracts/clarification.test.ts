import { describe, expect, it } from "vitest";
import { readApprovalRequest } from "./approval";
import { clarificationInterrupt, readClarificationAnswer } from "./clarification";
import { classifyInterrupt, resolveResume, toWireInterrupt } from "./interrupts";

describe("the clarification interrupt", () => {
  const value = clarificationInterrupt({
    question: "Which format?",
    options: ["pdf", "html"],
    context: "for the report",
  });

  it("carries the question for Fawn's card and one answerable action for Agent Chat UI", () => {
    expect(value).toEqual({
      type: "clarification",
      question: "Which format?",
      options: ["pdf", "html"],
      context: "for the report",
      action_requests: [
        {
          name: "ask_clarification",
          args: { question: "Which format?", options: "pdf | html", answer: "" },
          description:
            "Which format?\n\nOptions: pdf | html\n\nfor the report\n\nType your answer in the answer field and submit it.",
        },
      ],
      review_configs: [{ action_name: "ask_clarification", allowed_decisions: ["edit"] }],
    });
    // It is an approval request as far as a LangGraph client can tell, but Fawn knows it is a question.
    expect(readApprovalRequest(value)).not.toBeNull();
    expect(classifyInterrupt(value)).toEqual({ kind: "clarification" });
    expect(toWireInterrupt({ id: "i1", value })).toEqual({ id: "i1", value });
  });

  it("a free-text question has no options field to edit", () => {
    expect(clarificationInterrupt({ question: "Name?" }).action_requests[0].args).toEqual({
      question: "Name?",
      answer: "",
    });
  });
});

describe("answers to a question", () => {
  it("accepts text, {answer} and Agent Chat UI's edit decision", () => {
    expect(readClarificationAnswer(" html ")).toEqual({ ok: true, resume: "html" });
    expect(readClarificationAnswer({ answer: "pdf" })).toEqual({ ok: true, resume: "pdf" });
    // What Agent Chat UI sends for an edit-only request (agent-inbox/utils.ts buildDecisionFromState, at fdc87e6):
    // the args it showed, with the answer field filled in.
    const edit = {
      decisions: [
        {
          type: "edit",
          edited_action: { name: "ask_clarification", args: { question: "Which format?", answer: "html" } },
        },
      ],
    };
    expect(readClarificationAnswer(edit)).toEqual({ ok: true, resume: "html" });
    expect(resolveResume({ kind: "clarification" }, edit)).toEqual({ ok: true, resume: "html" });
  });

  it("refuses an empty, missing or unreadable answer with what to send", () => {
    const err = (v: unknown) => {
      const r = readClarificationAnswer(v);
      return r.ok ? "ok" : r.error;
    };
    expect(err("  ")).toBe("the answer is empty: type an answer to the question");
    expect(err(42)).toMatch(/^this run is waiting for an answer to a question: answer with the text itself/);
    expect(err({ decisions: [{ type: "approve" }] })).toMatch(/^decisions\[0\]: a question is answered with an "edit"/);
    expect(err({ decisions: [] })).toMatch(/^expected 1 decision, got 0/);
    expect(
      err({ decisions: [{ type: "edit", edited_action: { name: "ask_clarification", args: { answer: 3 } } }] }),
    ).toMatch(/^the answer must be text/);
    expect(err("x".repeat(10_001))).toBe("the answer is longer than 10000 characters");
  });

  it("other interrupts take any resume value", () => {
    expect(resolveResume({ kind: "other" }, { anything: 1 })).toEqual({ ok: true, resume: { anything: 1 } });
  });
});
