import { describe, expect, it } from "vitest";
import { requiredLiterals } from "./literals";
import { SafeRegex } from "./match";
import { parseRegex, RegexSyntaxError } from "./parse";

const budget = () => ({ left: 1e9 });

describe("SafeRegex agrees with JavaScript's RegExp", () => {
  const patterns = [
    "invoice",
    "geocod|reverse.geocod",
    "edge.?function",
    "create_(pull|merge)_request",
    "^git_(diff|status)",
    "slack.*(post|message)",
    "\\bkv\\b",
    "[a-c]+_list$",
    "[^a-z]",
    "a{2,3}b",
    "(ab)*c",
    "x?y+z*",
    "\\d{3}",
    "\\w+\\s\\w+",
    "(?:a|b)c",
    "(?<n>ab)+",
    "a.c",
    "[\\]\\-]",
    "\\.",
    "colou?r",
    "^$",
    "",
    "a|",
    "(a|ab)(c|bcd)(d*)",
    "[A-Z]{2}",
    "\\Bb",
    "x{0}",
    "\\u0041",
    "\\x41",
    "[\\d_]+$",
    "a{,2}",
    "{",
    "}",
    "a{2",
    "]",
  ];
  const texts = [
    "invoice list",
    "maps_reverse_geocode",
    "deploy_edge_function",
    "create_merge_request",
    "git_status",
    "slack_post_message",
    "get kv pair",
    "abc_list",
    "ABC_LIST",
    "aab",
    "ababc",
    "yyz",
    "call 555 now",
    "hello world",
    "bc",
    "abab",
    "a-c",
    "]",
    "file.txt",
    "color colour",
    "",
    "abcd",
    "AB",
    "ab",
    "a{,2}",
    "{}",
    "a{2",
  ];
  for (const p of patterns) {
    it(`/${p}/i`, () => {
      const ours = new SafeRegex(p);
      const native = new RegExp(p, "i");
      for (const t of texts) expect(ours.matches(t.toLowerCase(), budget()), `${p} on "${t}"`).toBe(native.test(t));
    });
  }
});

describe("SafeRegex refuses what it cannot run in linear time", () => {
  it.each(["(a)\\1", "(?=a)b", "(?!a)b", "(?<=a)b", "\\p{L}", "a**", "(", "a)", "[z-a]", "a{3,1}", "x{1000}"])(
    "%s",
    (p) => {
      expect(() => new SafeRegex(p)).toThrow(expect.objectContaining({ name: expect.stringMatching(/Error/) }));
    },
  );
  it("reports syntax errors as RegexSyntaxError", () => {
    expect(() => parseRegex("(ab")).toThrow(RegexSyntaxError);
  });
});

describe("hostile patterns return promptly", () => {
  const long = "a".repeat(100_000);
  // Each of these takes V8's backtracking engine seconds to years on such text.
  it.each([
    ["(a+)+$", `${long}!`, false],
    ["(a|aa)*b", long, false],
    ["(a*)*b", long, false],
    [".*.*.*.*x", long, false],
    ["(x+x+)+y", "x".repeat(50_000), false],
    ["(\\w+\\s?)*!$", `${"word ".repeat(20_000)}`, false],
    ["(\\w+\\s?)*!$", `${"word ".repeat(20_000)}!`, true],
  ] as const)("%s", (p, text, expected) => {
    const re = new SafeRegex(p);
    const t = performance.now();
    expect(re.matches(text, budget())).toBe(expected);
    expect(performance.now() - t).toBeLessThan(1500);
  });
  it("gives up (no match) once a shared step budget is spent", () => {
    const re = new SafeRegex("(a|b)*c");
    const b = { left: 1000 };
    expect(re.matches(`${"ab".repeat(10_000)}c`, b)).toBe(false);
    expect(b.left).toBeLessThanOrEqual(0);
    expect(re.matches("abc", b)).toBe(false);
  });
});

describe("requiredLiterals", () => {
  it("finds the literals every match must contain", () => {
    expect(requiredLiterals(parseRegex("create_(pull|merge)_request"))).toEqual([
      ["create_"],
      ["pull", "merge"],
      ["_request"],
    ]);
    expect(requiredLiterals(parseRegex("web.?search"))).toEqual([["web"], ["search"]]);
    expect(requiredLiterals(parseRegex("a*|b"))).toEqual([]);
  });
});
