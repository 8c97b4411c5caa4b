import { describe, expect, it } from "vitest";
import { regexTest, textStats } from "./text";

describe("textStats", () => {
  it("counts words, lines, sentences, paragraphs and reading time", () => {
    const text = "Hello world. This is Fawn's notebook!\nSecond line here.\n\nA new paragraph, about notebook tools.";
    const s = textStats(text);
    expect(s).toMatchObject({ words: 15, lines: 4, sentences: 4, paragraphs: 2 });
    expect(s.top_words[0]).toEqual({ word: "notebook", count: 2 });
    expect(s.reading_time).toBe("5 s");
  });
  it("counts user-perceived characters and handles empty text", () => {
    expect(textStats("👍🏽 é").characters).toBe(3);
    expect(textStats("")).toMatchObject({
      characters: 0,
      words: 0,
      lines: 0,
      sentences: 0,
      paragraphs: 0,
      average_word_length: 0,
    });
  });
  it("scales reading time and names a bad speed", () => {
    expect(textStats("word ".repeat(450), 150)).toMatchObject({ reading_time_minutes: 3, reading_time: "3 min 0 s" });
    expect(() => textStats("x", 0)).toThrow("Invalid argument 'words_per_minute'");
  });
});

describe("regexTest", () => {
  it("lists matches with captures and named groups", () => {
    const r = regexTest("(?<y>\\d{4})-(\\d{2})", "from 2026-03 to 2027-11");
    expect(r.match_count).toBe(2);
    expect(r.matches[1]).toEqual({ match: "2027-11", index: 16, captures: ["2027", "11"], groups: { y: "2027" } });
  });
  it("honours flags, limits and replacement", () => {
    expect(regexTest("a", "AaA", "i", 2)).toMatchObject({ match_count: 2, truncated: true });
    expect(regexTest("(\\w+)@(\\w+)", "me@home", "", 50, "$2 at $1").replaced).toBe("home at me");
    expect(regexTest("x", "abc")).toMatchObject({ matched: false, match_count: 0, matches: [] });
    expect(regexTest("^", "a\nb", "m").match_count).toBe(2); // zero-length matches terminate
  });
  it("names bad patterns and flags", () => {
    expect(() => regexTest("(unclosed", "x")).toThrow(/Invalid argument 'pattern': .*Unterminated group/);
    expect(() => regexTest("a", "a", "q")).toThrow("Invalid argument 'flags'");
    expect(() => regexTest("a", "a", "ii")).toThrow("Invalid argument 'flags'");
  });
  it("cuts off catastrophic backtracking instead of hanging", () => {
    const started = Date.now();
    expect(() => regexTest("(a+)+$", "a".repeat(40) + "b")).toThrow(/catastrophic backtracking/);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
