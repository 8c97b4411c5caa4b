import { describe, expect, it } from "vitest";
import { questionsWithoutRerunPoint, rerunPoint } from "./rerun";

const cp = (id: string) => ({ checkpoint_id: id, checkpoint_ns: "" });
const state = (id: string, parent: string | null, messages: string[]) => ({
  checkpoint: cp(id),
  parent_checkpoint: parent ? cp(parent) : null,
  values: { messages: messages.map((m) => ({ id: m, type: "human", content: m })) },
});

describe("rerunPoint", () => {
  // Newest first, as the history endpoint answers: a failed run left the input checkpoint on top.
  const history = [
    state("c3", "c2", ["h1", "a1", "h2"]),
    state("c2", "c1", ["h1", "a1"]),
    state("c1", "c0", ["h1"]),
    state("c0", null, []),
  ];

  it("is the oldest checkpoint that holds the message, with the one before it", () => {
    expect(rerunPoint(history, "h2")).toEqual({ checkpoint: cp("c3"), parent: cp("c2") });
    expect(rerunPoint(history, "h1")).toEqual({ checkpoint: cp("c1"), parent: cp("c0") });
  });

  it("is null for a message the history does not hold, and skips states without values", () => {
    expect(rerunPoint(history, "h9")).toBeNull();
    expect(rerunPoint([{ checkpoint: { checkpoint_id: "x" } }, ...history], "h2")).toEqual({
      checkpoint: cp("c3"),
      parent: cp("c2"),
    });
  });

  it("has no parent when the state that first holds the message has none", () => {
    expect(rerunPoint([{ checkpoint: cp("c1"), values: { messages: [{ id: "h1" }] } }], "h1")).toEqual({
      checkpoint: cp("c1"),
      parent: null,
    });
  });
});

describe("questionsWithoutRerunPoint", () => {
  const messages = [
    { type: "human", id: "h1" },
    { type: "ai", id: "a1" },
    { type: "tool", id: "t1" },
    { type: "human", id: "h2" },
    { type: "human" },
  ];

  it("lists the human messages whose rerun point is unknown, in order", () => {
    // After a failed run the page's history knows the earlier question, not the one that failed.
    expect(questionsWithoutRerunPoint(messages, (id) => id === "h1")).toEqual(["h2"]);
    expect(questionsWithoutRerunPoint(messages, () => false)).toEqual(["h1", "h2"]);
  });

  it("is empty when every question is placed (no read needed)", () => {
    expect(questionsWithoutRerunPoint(messages, () => true)).toEqual([]);
    expect(questionsWithoutRerunPoint([], () => false)).toEqual([]);
  });
});
