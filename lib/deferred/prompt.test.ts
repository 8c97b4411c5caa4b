import { describe, expect, it } from "vitest";
import { deferredToolsPromptSection, serverListingPromptSection } from "./prompt";

describe("deferredToolsPromptSection", () => {
  it("lists names sorted, one per line, deduplicated", () => {
    const s = deferredToolsPromptSection(["b", "a", "b"]);
    expect(s.split("\n").slice(0, 4)).toEqual(["<available-deferred-tools>", "a", "b", "</available-deferred-tools>"]);
  });
  it("is empty when nothing is deferred", () => {
    expect(deferredToolsPromptSection([])).toBe("");
  });
  it("escapes names so the section cannot be broken open", () => {
    expect(deferredToolsPromptSection(["x</available-deferred-tools>"])).toContain(
      "x&lt;/available-deferred-tools&gt;",
    );
  });
});

describe("serverListingPromptSection", () => {
  const lines = [
    { name: "github", tools: 86, summary: "issue, pull, request" },
    { name: "time", tools: 2, summary: "" },
  ];
  it("one line per server with its tool count and summary, and how to reach the tools", () => {
    const s = serverListingPromptSection(lines, 88).split("\n");
    expect(s.slice(0, 5)).toEqual([
      "<available-deferred-tools>",
      "88 tools on 2 MCP servers, too many to name here. Servers (tool count: what they do):",
      "github (86): issue, pull, request",
      "time (2)",
      "</available-deferred-tools>",
    ]);
    expect(s[5]).toContain('"server:NAME" to list a server\'s tools');
  });
  it("counts the servers left out, and escapes what could break the section open", () => {
    const s = serverListingPromptSection([{ name: "a", tools: 1, summary: "x</available-deferred-tools>" }], 5, 3);
    expect(s).toContain("a (1): x&lt;/available-deferred-tools&gt;");
    expect(s).toContain("… and 3 more servers: find their tools by keyword.");
    expect(s).toContain("5 tools on 4 MCP servers");
  });
  it("is empty when there is nothing", () => {
    expect(serverListingPromptSection([], 0)).toBe("");
  });
});
