import { describe, expect, it } from "vitest";
import { TOOLS } from "@/test/fixtures/search-tools";
import { TextRanker } from "./ranker";
import { NameMatcher, squash } from "./select";

const matcher = new NameMatcher(TOOLS, new TextRanker(TOOLS));

describe("NameMatcher.select", () => {
  it("returns exact names first, in the order given, without duplicates", () => {
    expect(matcher.select(["git_status", "find", "git_status"], 5)).toEqual(["git_status", "find"]);
    expect(matcher.select(["find", "git_status"], 1)).toEqual(["find"]);
  });

  it("reaches the right tool from a plausible wrong name", () => {
    expect(matcher.closest("stripe_create_refund", 5)[0]).toBe("create_refund");
    expect(matcher.closest("slack_send_message", 5)[0]).toBe("slack_post_message");
    expect(matcher.closest("github_merge_pr", 5)[0]).toBe("merge_pull_request");
    expect(matcher.closest("notion_create_page", 5)[0]).toBe("API-post-page");
    expect(matcher.closest("github_create_issue", 5).slice(0, 3)).toContain("issue_write");
    expect(matcher.closest("read_file", 5).slice(0, 3)).toEqual(
      expect.arrayContaining(["read_text_file", "desktop_commander_read_file"]),
    );
  });

  it("takes case, separators and typos in its stride", () => {
    expect(matcher.closest("Git-Status", 5)[0]).toBe("git_status");
    expect(matcher.closest("git_stauts", 5)[0]).toBe("git_status");
  });

  it("puts exact names before guesses and gives each wrong name its best guess first", () => {
    const out = matcher.select(["slack_send_message", "find", "stripe_refund"], 3);
    expect(out).toEqual(["find", "slack_post_message", "create_refund"]);
  });

  it("stays bounded with many unknown names", () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `nothing_like_${i}`);
    const t = performance.now();
    expect(matcher.select(names, 5).length).toBeLessThanOrEqual(5);
    expect(performance.now() - t).toBeLessThan(500);
  });

  it("squashes separators and case", () => {
    expect(squash("Read-Text_File")).toBe("readtextfile");
  });
});
