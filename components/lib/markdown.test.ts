import { describe, expect, it } from "vitest";
import { codeOfPre, fenceLanguage, hasMath, highlightLanguage, normalizeMath, safeHref } from "./markdown";

describe("safeHref", () => {
  it("keeps web, mail and same-site links", () => {
    expect(safeHref("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeHref("HTTP://x.org")).toBe("HTTP://x.org");
    expect(safeHref("mailto:a@b.c")).toBe("mailto:a@b.c");
    expect(safeHref("/api/files/t1")).toBe("/api/files/t1");
    expect(safeHref("#section")).toBe("#section");
    expect(safeHref("./notes.md")).toBe("./notes.md");
    expect(safeHref("notes/today.md")).toBe("notes/today.md");
  });

  it("makes script, data and protocol-relative links inert", () => {
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref(" JavaScript:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,<b>x</b>")).toBeNull();
    expect(safeHref("vbscript:x")).toBeNull();
    expect(safeHref("//evil.example/x")).toBeNull();
    expect(safeHref("")).toBeNull();
    expect(safeHref(undefined)).toBeNull();
  });
});

describe("code languages", () => {
  it("maps fence words to the highlighter's languages", () => {
    expect(highlightLanguage("ts")).toBe("typescript");
    expect(highlightLanguage("TSX")).toBe("typescript");
    expect(highlightLanguage("py")).toBe("python");
    expect(highlightLanguage("sh")).toBe("bash");
    expect(highlightLanguage("brainfuck")).toBeNull();
    expect(highlightLanguage(null)).toBeNull();
  });

  it("reads the language react-markdown puts on the code element", () => {
    expect(fenceLanguage("language-ts")).toBe("ts");
    expect(fenceLanguage("hljs language-c++")).toBe("c++");
    expect(fenceLanguage(undefined)).toBeNull();
  });
});

describe("math", () => {
  it("turns \\( \\) and \\[ \\] into what remark-math reads, outside code only", () => {
    expect(normalizeMath("area \\(\\pi r^2\\) here")).toBe("area $$\\pi r^2$$ here");
    expect(normalizeMath("\\[ E = mc^2 \\]")).toBe("\n$$\nE = mc^2\n$$\n");
    expect(normalizeMath("`\\(x\\)` and \\(y\\)")).toBe("`\\(x\\)` and $$y$$");
    expect(normalizeMath("```\n\\(x\\)\n```")).toBe("```\n\\(x\\)\n```");
    expect(normalizeMath("no math")).toBe("no math");
  });

  it("loads KaTeX only for real math, never for prices", () => {
    expect(hasMath("costs $5 and $10")).toBe(false);
    expect(hasMath("$$x^2$$")).toBe(true);
    expect(hasMath("$$\n\\int_0^1 x\\,dx\n$$")).toBe(true);
    expect(hasMath("```\n$$x$$\n```")).toBe(false);
    expect(hasMath(normalizeMath("\\(a+b\\)"))).toBe(true);
  });
});

describe("codeOfPre", () => {
  it("reads a fenced block's source and language from react-markdown's hast", () => {
    const pre = {
      type: "element",
      tagName: "pre",
      children: [
        {
          type: "element",
          tagName: "code",
          properties: { className: ["language-ts"] },
          children: [{ type: "text", value: "const a = 1;\n" }],
        },
      ],
    };
    expect(codeOfPre(pre)).toEqual({ code: "const a = 1;", language: "ts" });
    expect(codeOfPre({ type: "element", tagName: "pre", children: [] })).toEqual({ code: "", language: null });
  });
});
