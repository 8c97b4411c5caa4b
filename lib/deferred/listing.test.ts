import { describe, expect, it } from "vitest";
import { countTokens } from "@/lib/tokens";
import { ToolCatalog } from "./catalog";
import { buildListing, serverLines, summaryFromNames } from "./listing";
import { makeTool } from "@/test/support/tools";

/** `servers` servers with `per` tools each, named like real MCP tools. */
function catalogOf(servers: number, per: number): ToolCatalog {
  const verbs = ["create", "get", "list", "update", "delete", "search"];
  const things = ["issue", "pull_request", "branch", "file", "comment", "label", "release", "commit"];
  const tools = [];
  for (let s = 0; s < servers; s++)
    for (let t = 0; t < per; t++) {
      const name = `srv${s}_${verbs[t % verbs.length]}_${things[Math.floor(t / verbs.length) % things.length]}_${t}`;
      tools.push({ tool: makeTool(name, `Does ${name.replace(/_/g, " ")}.`), server: `srv${s}` });
    }
  return new ToolCatalog(tools);
}

describe("summaryFromNames", () => {
  it("the words that recur most in the tool names, without the server's own name or generic verbs", () => {
    expect(
      summaryFromNames("github", [
        "github_create_issue",
        "list_issues",
        "get_issue",
        "create_pull_request",
        "merge_pull_request",
      ]),
    ).toBe("issue, pull, request, issues, merge");
  });
});

describe("serverLines", () => {
  it("biggest server first; its own description's first sentence when it has one", () => {
    const c = catalogOf(2, 3);
    const lines = serverLines(c, new Map([["srv1", "Files and folders. Also more."]]));
    expect(lines.map((l) => [l.name, l.tools, l.summary])).toEqual([
      ["srv0", 3, "issue"],
      ["srv1", 3, "Files and folders"],
    ]);
  });
});

describe("buildListing", () => {
  it("auto lists names while they fit, then servers", () => {
    const small = buildListing(catalogOf(2, 3), { setting: "auto", maxTokens: 1500 });
    expect(small).toMatchObject({ mode: "names", setting: "auto", omitted: 0 });
    expect(small.reason).toBe("auto: 6 names fit in 1500 tokens");
    const big = buildListing(catalogOf(4, 10), { setting: "auto", maxTokens: 300 });
    expect(big.mode).toBe("servers");
    expect(big.reason).toBe("auto: 40 names would cost more than 300 tokens");
    expect(big.section).toContain("40 tools on 4 MCP servers");
  });

  it("names and servers can be forced", () => {
    expect(buildListing(catalogOf(4, 10), { setting: "names", maxTokens: 100 }).mode).toBe("names");
    expect(buildListing(catalogOf(1, 2), { setting: "servers", maxTokens: 1500 }).mode).toBe("servers");
  });

  it("the server listing stays within its limit however many servers there are", () => {
    for (const servers of [5, 40, 200]) {
      const l = buildListing(catalogOf(servers, 2), { setting: "servers", maxTokens: 400 });
      expect(l.tokens).toBe(countTokens(l.section));
      expect(l.tokens, `${servers} servers`).toBeLessThanOrEqual(400);
    }
    const many = buildListing(catalogOf(200, 2), { setting: "servers", maxTokens: 400 });
    expect(many.omitted).toBeGreaterThan(0);
    expect(many.section).toContain(`… and ${many.omitted} more servers`);
  });
});
