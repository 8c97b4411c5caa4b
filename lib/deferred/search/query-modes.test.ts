import { describe, expect, it } from "vitest";
import { looksLikeRegex, MAX_QUERY_LENGTH, MAX_SELECT_NAMES, parseQuery, stripControl } from "./query-modes";
import { SearchQueryError } from "./types";

describe("parseQuery", () => {
  it("reads the four modes", () => {
    expect(parseQuery("select:a, b ,a")).toEqual({ mode: "select", names: ["a", "b"] });
    expect(parseQuery("SELECT: x")).toEqual({ mode: "select", names: ["x"] });
    expect(parseQuery("+slack send a message")).toEqual({ mode: "plus", term: "slack", rest: "send a message" });
    expect(parseQuery("+github")).toEqual({ mode: "plus", term: "github", rest: "" });
    expect(parseQuery("^git_(diff|status)")).toEqual({ mode: "regex", pattern: "^git_(diff|status)" });
    expect(parseQuery("open a pull request")).toEqual({ mode: "text", text: "open a pull request" });
  });

  it("refuses empty queries and queries over the length cap, naming the limit", () => {
    for (const q of ["", "   ", "\u0000\u0007", "select:", "select: , ,"])
      expect(() => parseQuery(q)).toThrow(SearchQueryError);
    expect(() => parseQuery("x".repeat(MAX_QUERY_LENGTH))).not.toThrow();
    expect(() => parseQuery("x".repeat(MAX_QUERY_LENGTH + 1))).toThrow(new RegExp(`limit is ${MAX_QUERY_LENGTH}`));
  });

  it("refuses select: with 10,000 names at once, and bounds the names it reads", () => {
    const huge = `select:${Array.from({ length: 10_000 }, (_, i) => `tool_${i}`).join(",")}`;
    const t = performance.now();
    expect(() => parseQuery(huge)).toThrow(SearchQueryError);
    expect(performance.now() - t).toBeLessThan(50);
    const many = parseQuery(
      `select:${Array.from({ length: 200 }, (_, i) => `t${i}`).join(",")}`.slice(0, MAX_QUERY_LENGTH),
    );
    expect(many.mode === "select" && many.names.length).toBe(MAX_SELECT_NAMES);
  });

  it("strips control characters (line breaks become spaces)", () => {
    expect(stripControl("read\u0000 file\nnow\u001b")).toBe("read file now");
    expect(parseQuery("\u0002list\tfiles\r\n")).toEqual({ mode: "text", text: "list files" });
  });
});

describe("looksLikeRegex", () => {
  it("recognises patterns", () => {
    for (const q of [
      "geocod|reverse.geocod",
      "edge.?function",
      "create_(pull|merge)_request",
      "^git_",
      "status$",
      "slack.*(post|message)",
      "\\bkv\\b",
      "[a-z]+_list",
      "a{2,3}",
    ]) {
      expect(looksLikeRegex(q), q).toBe(true);
    }
  });
  it("leaves prose and names alone", () => {
    for (const q of [
      "what time is it?",
      "list files (recursive)",
      "squash and land PR #42",
      "c++ compiler",
      "api-post-page",
      "invoice",
      "$5 refund",
      "3.5 version",
    ]) {
      expect(looksLikeRegex(q), q).toBe(false);
    }
  });
});
