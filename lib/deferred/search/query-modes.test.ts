import { describe, expect, it } from "vitest";
import {
  isCutRequest,
  looksLikeRegex,
  MAX_QUERY_LENGTH,
  MAX_REQUEST_LENGTH,
  MAX_SELECT_NAMES,
  parseQuery,
  stripControl,
} from "./query-modes";
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

  it("refuses empty queries and any text over MAX_REQUEST_LENGTH, naming the limit", () => {
    for (const q of ["", "   ", "\u0000\u0007", "select:", "select: , ,"])
      expect(() => parseQuery(q)).toThrow(SearchQueryError);
    expect(() => parseQuery("word ".repeat(MAX_REQUEST_LENGTH / 5))).not.toThrow();
    expect(() => parseQuery(`${"word ".repeat(MAX_REQUEST_LENGTH / 5)}x`)).toThrow(
      new RegExp(`${MAX_REQUEST_LENGTH + 1} characters long; the limit is ${MAX_REQUEST_LENGTH}`),
    );
  });

  it("cuts plain words over MAX_QUERY_LENGTH to their first words, and says how long they were", () => {
    const request = `We moved the shop to a new host last week. ${"Some background on how it went. ".repeat(30)}Now list the open pull requests.`;
    const p = parseQuery(request);
    expect(isCutRequest(p)).toBe(true);
    if (!isCutRequest(p)) return;
    expect(p.cutFrom).toBe(request.length);
    expect(p.text.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(request.startsWith(p.text)).toBe(true);
    // Cut at a word boundary of the request: what follows the kept text is a space.
    expect(request[p.text.length]).toBe(" ");
    expect(parseQuery("x".repeat(MAX_QUERY_LENGTH))).toEqual({ mode: "text", text: "x".repeat(MAX_QUERY_LENGTH) });
    expect(isCutRequest(parseQuery("x".repeat(MAX_QUERY_LENGTH)))).toBe(false);
    // Only plain words are ever cut: a pattern or a select: is refused over the limit instead (below).
    expect(isCutRequest(parseQuery("select:a,b"))).toBe(false);
  });

  it("a long text is prose, never a pattern; patterns, select: and +term stay within MAX_QUERY_LENGTH", () => {
    const prose = `${"the a|b options and [x] items ".repeat(20)}`.trim();
    expect(prose.length).toBeGreaterThan(MAX_QUERY_LENGTH);
    expect(parseQuery(prose).mode).toBe("text");
    expect(() => parseQuery(`^(${"ab|".repeat(200)}c)$`)).not.toThrow();
    expect(parseQuery(`^(${"ab|".repeat(200)}c)$`).mode).toBe("text");
    expect(() => parseQuery(`select:${"a,".repeat(300)}`)).toThrow(new RegExp(`limit is ${MAX_QUERY_LENGTH}`));
    expect(() => parseQuery(`+github ${"word ".repeat(120)}`)).toThrow(new RegExp(`limit is ${MAX_QUERY_LENGTH}`));
    expect(parseQuery(`^(${"ab|".repeat(100)}c)$`).mode).toBe("regex");
  });

  it("refuses select: with 10,000 names at once, and more names than it reads, naming the limit", () => {
    const huge = `select:${Array.from({ length: 10_000 }, (_, i) => `tool_${i}`).join(",")}`;
    const t = performance.now();
    expect(() => parseQuery(huge)).toThrow(SearchQueryError);
    expect(performance.now() - t).toBeLessThan(50);
    // Names past the limit used to be dropped without a word (a real name after 70 wrong ones was never loaded).
    const names = (n: number) => `select:${Array.from({ length: n }, (_, i) => `t${i}`).join(",")}`;
    expect(names(MAX_SELECT_NAMES + 1).length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(() => parseQuery(names(MAX_SELECT_NAMES + 1))).toThrow(
      `tool_search "select:" names ${MAX_SELECT_NAMES + 1} tools; at most ${MAX_SELECT_NAMES} are read in one query.`,
    );
    const most = parseQuery(names(MAX_SELECT_NAMES));
    expect(most.mode === "select" && most.names.length).toBe(MAX_SELECT_NAMES);
  });

  it("refuses a query of bars alone, which as a pattern would match every tool", () => {
    for (const q of ["|", " | ", "||"])
      expect(() => parseQuery(q)).toThrow(/has nothing to search: put keywords around the "\|"/);
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
