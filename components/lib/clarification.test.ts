import { describe, expect, it } from "vitest";
import { readClarification } from "./clarification";

describe("readClarification", () => {
  it("reads a question with options", () => {
    expect(readClarification({ question: "Which format?", options: ["csv", "json"] })).toEqual({
      question: "Which format?",
      options: ["csv", "json"],
    });
  });

  it("reads a free-text question and option objects", () => {
    expect(readClarification({ question: "Name?" })).toEqual({ question: "Name?", options: [] });
    expect(
      readClarification({ question: "Pick", options: [{ label: "One" }, { value: "two" }], context: "why" }),
    ).toEqual({
      question: "Pick",
      options: ["One", "two"],
      context: "why",
    });
  });

  it("returns null for interrupts that are not clarifications", () => {
    expect(readClarification(undefined)).toBeNull();
    expect(readClarification({ action_requests: [] })).toBeNull();
    expect(readClarification({ question: "" })).toBeNull();
  });
});
