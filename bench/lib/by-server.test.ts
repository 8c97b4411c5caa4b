import { describe, expect, it } from "vitest";
import { missesByStyle, NO_SERVER, scoreByServer } from "./by-server";
import type { BenchQuery } from "./data";

const q = (query: string, expected: string[]): BenchQuery => ({ query, expected, style: "natural" });
const serverOf = new Map([
  ["gh_create_issue", "github"],
  ["gh_close_issue", "github"],
  ["slack_post", "slack"],
  ["bare_tool", ""],
]);

describe("scoreByServer", () => {
  it("scores each server by the queries expecting its tools, weakest first", () => {
    const queries = [
      q("open an issue", ["gh_create_issue"]),
      q("close it", ["gh_close_issue"]),
      q("say hi", ["slack_post"]),
    ];
    const results = [["gh_create_issue"], ["slack_post", "gh_close_issue"], ["slack_post"]];
    expect(scoreByServer(queries, results, serverOf)).toEqual([
      { server: "github", n: 2, hits: 2, mrr: 0.75, missedOnServer: 0 },
      { server: "slack", n: 1, hits: 1, mrr: 1, missedOnServer: 0 },
    ]);
  });

  it("tells a miss that found the server (its first result is the server's) from one that did not", () => {
    const queries = [q("shut the ticket", ["gh_close_issue"]), q("shut the other ticket", ["gh_close_issue"])];
    const results = [["gh_create_issue", "slack_post"], ["slack_post"]];
    expect(scoreByServer(queries, results, serverOf)).toEqual([
      { server: "github", n: 2, hits: 0, mrr: 0, missedOnServer: 1 },
    ]);
  });

  it("counts a query once for each server of its expected tools, tools without a server under NO_SERVER", () => {
    const queries = [q("tell the team about the issue", ["gh_create_issue", "slack_post"]), q("x", ["bare_tool"])];
    const scores = scoreByServer(
      queries,
      [["slack_post"], ["bare_tool_2"]],
      new Map([...serverOf, ["bare_tool_2", ""]]),
    );
    expect(scores.map((s) => [s.server, s.n, s.hits, s.missedOnServer])).toEqual([
      [NO_SERVER, 1, 0, 0],
      ["github", 1, 1, 0],
      ["slack", 1, 1, 0],
    ]);
  });

  it("leaves out queries with no expected names and refused queries count as misses", () => {
    const queries = [q("anything", []), q("bad", ["slack_post"])];
    expect(scoreByServer(queries, [["slack_post"], ["!error: too long"]], serverOf)).toEqual([
      { server: "slack", n: 1, hits: 0, mrr: 0, missedOnServer: 0 },
    ]);
  });
});

describe("missesByStyle", () => {
  it("sorts each style's misses by whether the expected server came first, later or not at all", () => {
    const task = (query: string, expected: string[]): BenchQuery => ({ query, expected, style: "task" });
    const queries = [
      q("shut the ticket", ["gh_close_issue"]),
      q("shut it", ["gh_close_issue"]),
      task("tell the channel", ["slack_post"]),
      task("open one", ["gh_create_issue"]),
      q("no label", []),
      q("bare", ["bare_tool"]),
    ];
    const results = [
      ["gh_create_issue", "slack_post"],
      ["slack_post", "gh_create_issue"],
      ["gh_close_issue"],
      ["gh_create_issue"],
      ["slack_post"],
      ["slack_post"],
    ];
    expect(missesByStyle(queries, results, serverOf, 5)).toEqual([
      { style: "all", misses: 3, serverFirst: 1, serverLater: 1, serverMissed: 1 },
      { style: "natural", misses: 2, serverFirst: 1, serverLater: 1, serverMissed: 0 },
      { style: "task", misses: 1, serverFirst: 0, serverLater: 0, serverMissed: 1 },
    ]);
  });

  it("counts a hit past the first K results as a miss", () => {
    const results = [["slack_post", "gh_create_issue", "gh_close_issue"]];
    expect(missesByStyle([q("shut the ticket", ["gh_close_issue"])], results, serverOf, 2)).toEqual([
      { style: "all", misses: 1, serverFirst: 0, serverLater: 1, serverMissed: 0 },
      { style: "natural", misses: 1, serverFirst: 0, serverLater: 1, serverMissed: 0 },
    ]);
  });
});
