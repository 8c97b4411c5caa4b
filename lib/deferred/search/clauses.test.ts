import { describe, expect, it } from "vitest";
import { clausePieces, DEFAULT_CLAUSES, fuseClauses, splitClauses } from "./clauses";
import { DEFAULT_RANKER } from "./ranker-config";
import { ALL_TECHNIQUES, type SearchTechniques } from "./techniques";
import { LexicalSearcher } from "./searcher";
import type { SearchDoc } from "./types";

describe("clausePieces: where a request's steps part", () => {
  it("cuts English text at sentence ends, semicolons, line breaks and 'then'", () => {
    expect(clausePieces("Deploy the worker. Check its logs! Is it up? Done")).toEqual([
      "Deploy the worker",
      "Check its logs",
      "Is it up",
      "Done",
    ]);
    expect(clausePieces("stage the files; commit them\npush the branch")).toEqual([
      "stage the files",
      "commit them",
      "push the branch",
    ]);
    expect(clausePieces("list the pods, then restart the broken one and then tell me Then stop")).toEqual([
      "list the pods",
      "restart the broken one",
      "tell me",
      "stop",
    ]);
  });

  it("cuts Chinese text at ，。；！？ and 然后", () => {
    expect(clausePieces("查看仓库的问题，然后创建拉取请求")).toEqual(["查看仓库的问题", "创建拉取请求"]);
    expect(clausePieces("列出文件。删除旧日志；发送消息！")).toEqual(["列出文件", "删除旧日志", "发送消息"]);
    expect(clausePieces("先备份数据库然后重启服务")).toEqual(["先备份数据库", "重启服务"]);
  });

  it("never cuts inside quotes or code", () => {
    expect(clausePieces("commit with the message 'fix typo; then bump'")).toEqual([
      "commit with the message 'fix typo; then bump'",
    ]);
    expect(clausePieces('search for "a. b; c" in the repo')).toEqual(['search for "a. b; c" in the repo']);
    expect(clausePieces("run `make build; make test` in the sandbox")).toEqual([
      "run `make build; make test` in the sandbox",
    ]);
    expect(clausePieces("run ```\nnpm ci\nnpm test\n``` then report")).toEqual([
      "run ```\nnpm ci\nnpm test\n```",
      "report",
    ]);
    expect(clausePieces("发送消息「你好，世界。」给团队")).toEqual(["发送消息「你好，世界。」给团队"]);
  });

  it("takes an apostrophe for a letter, not a quote, and a quote without its end for a character", () => {
    expect(clausePieces("what's in yesterday's deploy; roll it back")).toEqual([
      "what's in yesterday's deploy",
      "roll it back",
    ]);
    expect(clausePieces('a 12" screen; list monitors')).toEqual(['a 12" screen', "list monitors"]);
  });

  it("leaves abbreviations, decimals, file names and a final period alone", () => {
    expect(clausePieces("e.g. upgrade node 3.5 via config.yaml.")).toEqual(["e.g. upgrade node 3.5 via config.yaml."]);
    expect(clausePieces("list them, and then")).toEqual(["list them, and then"]);
  });

  it("cuts at commas and colons only when asked", () => {
    expect(clausePieces("before launch, check the page: run an audit")).toHaveLength(1);
    expect(clausePieces("before launch, check the page: run an audit", true)).toEqual([
      "before launch",
      "check the page",
      "run an audit",
    ]);
  });
});

describe("splitClauses: which clauses are searched", () => {
  it("leaves short queries and queries without a boundary untouched", () => {
    expect(splitClauses("delete a file; read it")).toEqual([]);
    expect(splitClauses("open a pull request for the payments service from the staging branch today")).toEqual([]);
    expect(splitClauses("删除文件，然后读取")).toEqual([]);
  });

  it("splits a long request at its boundaries", () => {
    expect(
      splitClauses("Our checkout page got slow after yesterday's deploy; record a performance trace of the page"),
    ).toEqual(["Our checkout page got slow after yesterday's deploy", "record a performance trace of the page"]);
    expect(splitClauses("查看仓库里所有打开的问题和拉取请求，然后给团队频道发送一条总结消息")).toEqual([
      "查看仓库里所有打开的问题和拉取请求",
      "给团队频道发送一条总结消息",
    ]);
  });

  it("joins a clause of fewer than minClauseWords words to its neighbour", () => {
    expect(
      splitClauses("The payments worker crashed twice in staging. Fix it. Then redeploy it to production"),
    ).toEqual(["The payments worker crashed twice in staging Fix it", "redeploy it to production"]);
    expect(splitClauses("Please. Restart the payments worker in staging; read its crash logs")).toEqual([
      "Please Restart the payments worker in staging",
      "read its crash logs",
    ]);
  });

  it("keeps at most maxClauses clauses, the longest, in their order", () => {
    const q =
      "list open issues; close stale pull requests older than a month; tag the release; post the notes to the team channel";
    expect(splitClauses(q, { ...DEFAULT_CLAUSES, maxClauses: 2 })).toEqual([
      "close stale pull requests older than a month",
      "post the notes to the team channel",
    ]);
    expect(splitClauses(q)).toEqual([
      "list open issues",
      "close stale pull requests older than a month",
      "post the notes to the team channel",
    ]);
    expect(splitClauses(q, { ...DEFAULT_CLAUSES, maxClauses: 1 })).toEqual([]);
  });
});

describe("fuseClauses", () => {
  const list = (...xs: Array<[string, number]>) => xs.map(([name, score]) => ({ name, score }));

  it("ranks by share of each list's best, agreement breaking ties, in the whole query's units", () => {
    const whole = list(["a", 10], ["b", 8], ["c", 6]);
    const clause = list(["d", 3], ["b", 2]);
    // a and d both lead their list (share 1, agreement 1): by name. b: 0.8 + 0.67 agreement, above c.
    expect(fuseClauses(whole, [clause], 5)).toEqual(list(["a", 10], ["d", 10], ["b", 8], ["c", 6]));
    expect(fuseClauses(whole, [clause], 2).map((r) => r.name)).toEqual(["a", "d"]);
  });

  it("puts the result two lists agree on first among equal shares", () => {
    const whole = list(["z", 4], ["y", 4]);
    const clause = list(["y", 1], ["x", 1]);
    expect(fuseClauses(whole, [clause], 3).map((r) => r.name)).toEqual(["y", "x", "z"]);
  });

  it("returns the whole query's list when no clause found anything", () => {
    const whole = list(["a", 3], ["b", 1]);
    expect(fuseClauses(whole, [[], []], 5)).toEqual(whole);
    expect(fuseClauses([], [list(["a", 1])], 5)).toEqual([]);
  });
});

describe("clause search in the searcher", () => {
  const tool = (name: string, description: string): SearchDoc => ({ name, description, parameters: {} });
  // Several tools share the words of the first step; one tool answers the second step alone.
  const DOCS = [
    tool("deploy_worker", "Deploy a worker script to staging or production."),
    tool("worker_logs", "Read the logs of a deployed worker in staging."),
    tool("worker_status", "Status of a worker deploy in staging."),
    tool("rollback_worker", "Roll back a worker deploy in staging or production."),
    tool("list_workers", "List the workers deployed to staging."),
    tool("worker_metrics", "Metrics of a staging worker after a deploy."),
    tool("worker_deploy_errors", "Errors of a worker deploy in staging, from its logs."),
    tool("worker_deploy_history", "History of the deploys of a staging worker, with status and logs."),
    tool("worker_status_metrics", "Status and metrics of a failed worker deploy in staging."),
    tool("worker_deploy_logs", "Logs of a failed worker deploy in staging, with errors and status."),
    tool("rename_collection", "Rename a collection in a database."),
    tool("list_collections", "List the collections of a database."),
    tool("drop_collection", "Drop a collection from a database."),
    tool("rename_file", "Rename a file or move it."),
    tool("read_file", "Read a file."),
  ];
  const searcher = (changes: Partial<SearchTechniques>) =>
    new LexicalSearcher(DOCS, {
      ...DEFAULT_RANKER,
      techniques: { ...ALL_TECHNIQUES, associations: false, rerank: false, ...changes },
    });
  const statement =
    "The staging worker deploy failed with errors, the worker logs show the deploy status and metrics; then rename the collection";

  it("lifts the tool of a step the other steps' words drown", () => {
    const off = searcher({ clauses: false }).search(statement, 3);
    expect(off).not.toContain("rename_collection");
    expect(off.every((n) => n.startsWith("worker_"))).toBe(true);
    const on = searcher({ clauses: true }).search(statement, 3);
    expect(on.slice(0, 2)).toContain("rename_collection");
    // The first step's best, which the whole query and that clause agree on, stays in front.
    expect(on[0]).toBe(off[0]);
  });

  it("leaves select:, +term and patterns as they are", () => {
    const on = searcher({ clauses: true });
    const off = searcher({ clauses: false });
    for (const q of [
      "select:read_file,deploy_worker",
      "+worker deploy the staging worker and read its logs; then rename the collection in the database",
      "worker_(logs|status)",
    ])
      expect(on.search(q, 5)).toEqual(off.search(q, 5));
  });

  it("reads line breaks as boundaries even though the query's text has them as spaces", () => {
    const on = searcher({ clauses: true });
    expect(on.search(statement.replace("; ", "\n"), 5)).toEqual(on.search(statement, 5));
  });

  it("keeps the whole query's best score for the best result", () => {
    const on = searcher({ clauses: true }).searchScored(statement, 5);
    const off = searcher({ clauses: false }).searchScored(statement, 5);
    expect(on[0]!.score).toBeCloseTo(off[0]!.score!, 10);
  });
});
