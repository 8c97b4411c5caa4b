import { describe, expect, it } from "vitest";
import { ellipsis, truncate } from "./truncate";

describe("truncate", () => {
  it("leaves short text alone", () => {
    expect(truncate("hello", 100, 5)).toEqual({ text: "hello", truncated: false, hiddenLines: 0, hiddenChars: 0 });
  });

  it("cuts by lines first", () => {
    const text = Array.from({ length: 30 }, (_, i) => `line ${i}`).join("\n");
    const t = truncate(text, 10_000, 10);
    expect(t.truncated).toBe(true);
    expect(t.text.split("\n")).toHaveLength(10);
    expect(t.hiddenLines).toBe(20);
    expect(t.hiddenChars).toBe(text.length - t.text.length);
  });

  it("cuts one long line by characters", () => {
    const t = truncate("x".repeat(5000), 1200, 16);
    expect(t.text).toHaveLength(1200);
    expect(t.truncated).toBe(true);
    expect(t.hiddenChars).toBe(3800);
  });

  it("does not split a surrogate pair", () => {
    const t = truncate(`${"a".repeat(9)}😀tail`, 10, 5);
    expect(t.text).toBe("a".repeat(9));
  });
});

describe("ellipsis", () => {
  it("collapses whitespace and shortens", () => {
    expect(ellipsis("  hello\n  world ", 40)).toBe("hello world");
    expect(ellipsis("abcdefghij", 5)).toBe("abcd…");
  });
});
