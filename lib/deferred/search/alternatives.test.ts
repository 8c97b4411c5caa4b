import { describe, expect, it } from "vitest";
import { TOOLS } from "@/test/fixtures/search-tools";
import { collectAlternatives, fuseAlternatives, MAX_ALTERNATIVES, splitAlternatives } from "./alternatives";
import { findTools } from "@/lib/deferred/tool-search";
import { catalogOfDocs } from "@/test/support/tools";
import { createToolSearcher, SearchQueryError } from "./index";
import { LexicalSearcher, REGEX_STEP_BUDGET } from "./searcher";

describe("splitAlternatives: a bar with spaces on both sides, outside groups", () => {
  it("splits plain-word alternatives and trims them", () => {
    expect(splitAlternatives("refund a charge | dispute a payment")).toEqual(["refund a charge", "dispute a payment"]);
    expect(splitAlternatives(" a |  b | c ")).toEqual(["a", "b", "c"]);
  });

  it("keeps regex alternation whole: a bar touching a word, or inside a group", () => {
    expect(splitAlternatives("refund|dispute")).toEqual(["refund|dispute"]);
    expect(splitAlternatives("create_(pull | merge)_request")).toEqual(["create_(pull | merge)_request"]);
    expect(splitAlternatives("[a | b]x")).toEqual(["[a | b]x"]);
    expect(splitAlternatives("a \\| b")).toEqual(["a \\| b"]);
  });

  it("drops empty alternatives but never returns nothing", () => {
    expect(splitAlternatives("files |  | ")).toEqual(["files"]);
    expect(splitAlternatives(" | ")).toEqual([" | "]);
  });
});

describe("collectAlternatives", () => {
  it("joins the query's alternatives and the list, in order, without repeats", () => {
    expect(collectAlternatives("a | b", ["b", "c | a"])).toEqual(["a", "b", "c"]);
  });

  it("refuses too many alternatives or an over-long one before searching", () => {
    const many = Array.from({ length: MAX_ALTERNATIVES + 1 }, (_, i) => `w${i}`).join(" | ");
    expect(() => collectAlternatives(many)).toThrow(SearchQueryError);
    expect(() => collectAlternatives("ok", ["x ".repeat(2001)])).toThrow(/4002 characters long; the limit is 4000/);
    // A long request is not refused here: the searcher cuts it to its first words (query-modes.ts).
    expect(collectAlternatives("ok", ["x ".repeat(400)])).toHaveLength(2);
  });
});

describe("fuseAlternatives", () => {
  it("ranks by each list's share of its own best, then by agreement, then by name", () => {
    const fused = fuseAlternatives(
      [
        [
          { name: "a", score: 10 },
          { name: "b", score: 5 },
        ],
        [
          { name: "c", score: 2 },
          { name: "b", score: 1.5 },
        ],
      ],
      5,
    );
    expect(fused).toEqual([
      { name: "a", score: 1 },
      { name: "c", score: 1 },
      { name: "b", score: 0.75 },
    ]);
  });

  it("lists without scores count by rank, and the fused score is then null", () => {
    const fused = fuseAlternatives(
      [
        [
          { name: "x", score: null },
          { name: "y", score: null },
        ],
        [{ name: "y", score: 3 }],
      ],
      1,
    );
    expect(fused).toEqual([{ name: "y", score: null }]);
  });
});

describe("alternatives in one query (tool_search's findTools)", () => {
  const searcher = createToolSearcher(TOOLS);
  const catalog = catalogOfDocs(TOOLS);
  const find = async (query: string, limit: number) =>
    (await findTools(catalog, query, [], limit)).found.map((f) => f.entry.name);

  it("finds what each phrasing finds, within the limit", async () => {
    const alone = [searcher.search("git status", 1)[0], searcher.search("take a screenshot", 1)[0]];
    const both = await find("git status | take a screenshot", 5);
    expect(both).toHaveLength(5);
    expect(both.slice(0, 2).sort()).toEqual(alone.sort());
  });

  it("an alternative that finds nothing does not hide the others", async () => {
    expect((await find("zzzz qqqq | git status", 3))[0]).toBe("git_status");
  });

  it("each alternative keeps its mode", async () => {
    expect(await find("select:git_add | git status", 2)).toEqual(["git_add", "git_status"]);
  });

  it("tells how much of the query a result holds", () => {
    expect(searcher.matchShare?.("git status", "git_status")).toBe(1);
    expect(searcher.matchShare?.("git status zzzz qqqq", "git_status")).toBe(0.5);
    expect(searcher.matchShare?.("select:git_status", "git_status")).toBeNull();
  });
});

describe("one pattern budget per call", () => {
  const searcher = new LexicalSearcher(TOOLS);
  const catalog = catalogOfDocs(TOOLS);

  it("alternatives spend from the same budget, which a caller can pass on to further searches", async () => {
    const one = (await findTools(catalog, "[a-z]+_[a-z]+s$", [], 5)).budget;
    const spentOne = REGEX_STEP_BUDGET - one.left;
    expect(spentOne).toBeGreaterThan(0);
    const shared = (await findTools(catalog, "[a-z]+_[a-z]+s$ | [a-z]+_[a-z]+e$", [], 5)).budget;
    expect(REGEX_STEP_BUDGET - shared.left).toBeGreaterThan(spentOne);
    catalog.searchScored("[a-z]+_[a-z]+y$", 5, undefined, shared);
    expect(REGEX_STEP_BUDGET - shared.left).toBeGreaterThan(spentOne * 1.5);
  });

  it("a spent budget matches no pattern: the words of the pattern are searched instead", () => {
    const fresh = searcher.search("^git_s", 3);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((n) => n.startsWith("git_s"))).toBe(true);
    const spent = searcher.searchScored("^git_s", 3, { left: 0 }).map((r) => r.name);
    expect(spent).toEqual(searcher.search("git s", 3));
  });
});
