import { describe, expect, it } from "vitest";
import { TOOLS } from "@/test/fixtures/search-tools";
import { createToolSearcher, MAX_QUERY_LENGTH, MAX_REQUEST_LENGTH, SearchQueryError } from "./index";
import { parseQuery } from "./query-modes";
import { LexicalSearcher } from "./searcher";

const searcher = createToolSearcher(TOOLS);
const top = (q: string, k = 5) => searcher.search(q, k);

describe("ranked text search", () => {
  it("finds tools from keywords and plain language", () => {
    expect(top("git status")[0]).toBe("git_status");
    expect(top("open a pull request on github")[0]).toBe("create_pull_request");
    expect(top("what time is it in Tokyo right now")[0]).toBe("get_current_time");
    expect(top("driving directions from Boston to New York")[0]).toBe("maps_directions");
  });

  it("finds tools from wording absent from their text (general vocabulary)", () => {
    expect(top("remove money from a payment, give it back")).toContain("create_refund");
    expect(top("capture what the site looks like")[0]).toBe("browser_take_screenshot");
    expect(top("squash and land PR #42")[0]).toBe("merge_pull_request");
  });

  it("reaches tools from Chinese, Japanese, German and Spanish queries", () => {
    expect(top("列出目录中的文件").slice(0, 2)).toEqual(
      expect.arrayContaining(["filesystem_list_directory", "list_directory_with_sizes"]),
    );
    expect(top("在 GitLab 上创建合并请求")[0]).toBe("create_merge_request");
    expect(top("Slackのスレッドに返信する")[0]).toBe("slack_reply_to_thread");
    expect(top("Datei umbenennen")[0]).toBe("filesystem_move_file");
    // Inflected forms of the lexicon's infinitives: the imperative the user types.
    // (the lexicon lists "verschieben"; without its imperative "verschiebe" the file is only read)
    expect(top("Verschiebe die Datei notes.txt nach archiv")[0]).toBe("filesystem_move_file");
    expect(top("buscar código en GitHub")[0]).toBe("search_code");
  });

  it("returns nothing rather than noise for words no tool has", () => {
    expect(top("zzzz qqqq")).toEqual([]);
  });
});

describe("query modes", () => {
  it("select: exact names in order, then the closest tools for wrong names", () => {
    expect(top("select:git_add,find")).toEqual(["git_add", "find"]);
    expect(top("select:stripe_create_refund")[0]).toBe("create_refund");
  });

  it("+term: only names containing the term, ranked by the rest", () => {
    expect(top("+slack reply in a thread")).toEqual(["slack_reply_to_thread", "slack_post_message"]);
    expect([...top("+git")].sort()).toEqual(["git_add", "git_commit", "git_diff", "git_status"]);
    expect(top("+PULL_request merge")[0]).toBe("merge_pull_request");
    expect(top("+git").every((n) => n.includes("git"))).toBe(true);
  });

  it("+term: a tool whose server holds the term qualifies too (GitLab's tools do not all say gitlab)", () => {
    expect(top("+gitlab merge request")[0]).toBe("create_merge_request");
    expect(top("+GitLab merge request")[0]).toBe("create_merge_request");
    // No name nor server holds the term: the words are searched instead, never an empty pool.
    expect(top("+nosuchserver merge request")).toContain("create_merge_request");
    // A server must be the term itself: "+git" is the git tools, not every tool of the github server.
    expect(top("+git").every((n) => n.includes("git"))).toBe(true);
  });

  it("regex: name matches before description matches", () => {
    expect([...top("^git_(diff|status)$")].sort()).toEqual(["git_diff", "git_status"]);
    expect([...top("screenshot|navigate")].sort()).toEqual(["browser_navigate", "browser_take_screenshot"]);
    expect(top("create_(pull|merge)_request").sort()).toEqual(["create_merge_request", "create_pull_request"]);
    expect(top("refund|invoice")).toEqual(expect.arrayContaining(["create_refund", "create_invoice"]));
  });

  it("regex: a pattern index built a slice at a time, or finished by a search half-way, answers as one built at once", () => {
    const patterns = ["^git_(diff|status)$", "screenshot|navigate", "create_(pull|merge)_request", "refund|invoice"];
    const atOnce = new LexicalSearcher(TOOLS);
    const expected = patterns.map((p) => atOnce.search(p, 5));
    const sliced = new LexicalSearcher(TOOLS);
    const build = sliced.patternIndexBuild()!;
    expect(sliced.patternIndexBuild()).toBe(build);
    while (!build.step(0));
    expect(build.cost().slices).toBeGreaterThan(1);
    expect(sliced.patternIndexBuild()).toBeNull();
    expect(patterns.map((p) => sliced.search(p, 5))).toEqual(expected);
    const halfWay = new LexicalSearcher(TOOLS);
    halfWay.patternIndexBuild()!.step(0);
    expect(patterns.map((p) => halfWay.search(p, 5))).toEqual(expected);
    expect(halfWay.patternIndexBuild()).toBeNull();
  });

  it("regex: an invalid or unsupported pattern is searched as literal text", () => {
    expect(top("create_(pull")[0]).toBe("create_pull_request");
    expect(top("(git)\\1 status")[0]).toBe("git_status");
  });

  it("regex: a catastrophic pattern over long text returns promptly", () => {
    const hostile = createToolSearcher([
      ...TOOLS,
      { name: "long_tool", description: `${"a".repeat(50_000)}!`, parameters: {} },
    ]);
    const t = performance.now();
    for (const p of ["(a+)+$", "(a|aa)*$b", ".*.*.*.*x$", "(\\w+\\s?)*!x"]) hostile.search(p, 5);
    expect(performance.now() - t).toBeLessThan(1000);
  });
});

describe("contract", () => {
  it("caps results at the limit", () => {
    expect(top("file", 2)).toHaveLength(2);
    expect(top("file", 0)).toEqual([]);
    expect(top("file", Number.NaN)).toEqual([]);
    expect(top("file", 1_000_000).length).toBeLessThanOrEqual(TOOLS.length);
  });

  it("is deterministic and independent of catalog order; ties break by name", () => {
    const reversed = createToolSearcher([...TOOLS].reverse());
    for (const q of ["file", "git", "+git", "select:nope_status", "refund|invoice", "列出文件"])
      expect(reversed.search(q, 5)).toEqual(top(q));
    const twins = createToolSearcher([
      { name: "b_tool", description: "same words", parameters: {} },
      { name: "a_tool", description: "same words", parameters: {} },
    ]);
    expect(twins.search("same words", 5)).toEqual(["a_tool", "b_tool"]);
  });

  it("an answer does not depend on what the searcher was asked before (its word and score memos are pure caches)", () => {
    const queries = [
      "remove money from a payment, give it back",
      "Verschiebe die Datei notes.txt",
      "git staus",
      "+slack reply",
      // Words shared with the queries above, a WordNet pair (sea level) and enough words for a feedback pass.
      "give back the payment money, then check the sea level and remove the old file from git",
      "refund the payment",
    ];
    const fresh = queries.map((q) => new LexicalSearcher(TOOLS).searchScored(q, 5));
    const used = new LexicalSearcher(TOOLS);
    for (const q of [...queries].reverse()) used.searchScored(q, 5);
    for (let i = 0; i < 20_500; i++) used.searchScored(`wordnumber${i} refund`, 1); // fills the memo past its cap
    expect(queries.map((q) => used.searchScored(q, 5))).toEqual(fresh);
  });

  it("refuses empty and over-long queries with SearchQueryError naming the limit", () => {
    expect(() => top("")).toThrow(SearchQueryError);
    expect(() => top(" \n\t ")).toThrow(SearchQueryError);
    expect(() => top("x ".repeat(MAX_REQUEST_LENGTH))).toThrow(`limit is ${MAX_REQUEST_LENGTH}`);
    expect(() => top(`select:${"a,".repeat(10_000)}`)).toThrow(SearchQueryError);
  });

  it("a long request pasted whole is searched by its first words, as that shorter query is", () => {
    const head = "Check the status of my git working tree before I commit.";
    const long = `${head} ${"Yesterday the team talked about many unrelated things at length. ".repeat(12)}`;
    expect(long.length).toBeGreaterThan(MAX_QUERY_LENGTH);
    expect(top(long)[0]).toBe("git_status");
    const cut = parseQuery(long);
    expect(cut.mode === "text" && cut.cutFrom).toBe(long.trim().length);
    if (cut.mode === "text") expect(top(long)).toEqual(top(cut.text));
  });

  it("strips control characters", () => {
    expect(top("git\u0000 sta\u0007tus")[0]).toBe("git_status");
  });

  it("builds its index once: later changes to the input do not reach searches", () => {
    const docs = TOOLS.map((d) => ({ ...d }));
    const s = createToolSearcher(docs);
    docs[0]!.description = "zebra";
    docs.push({ name: "zebra_tool", description: "zebra", parameters: {} });
    expect(s.search("zebra", 5)).toEqual([]);
  });
});

describe("match share", () => {
  it("a Chinese query's own segments do not make its translated match look weak", () => {
    const best = searcher.search("列出目录中的文件", 1)[0]!;
    expect(searcher.matchShare?.("列出目录中的文件", best)).toBeGreaterThanOrEqual(2 / 3);
  });
});
