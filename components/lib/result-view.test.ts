import { describe, expect, it } from "vitest";
import { resultPreview, resultView } from "./result-view";

describe("resultView", () => {
  it("shows a list of records as a table", () => {
    expect(resultView('[{"name":"a","size":1},{"name":"b","extra":true}]')).toEqual({
      kind: "table",
      columns: ["name", "size", "extra"],
      rows: [
        ["a", "1", ""],
        ["b", "", "true"],
      ],
      more: 0,
    });
  });

  it("indents other JSON, renders markdown, leaves text alone", () => {
    expect(resultView('{"a":1}')).toEqual({ kind: "json", text: '{\n  "a": 1\n}' });
    expect(resultView("[1,2]")).toEqual({ kind: "json", text: "[\n  1,\n  2\n]" });
    expect(resultView("# Title\n\n- one").kind).toBe("markdown");
    expect(resultView("84")).toEqual({ kind: "text", text: "84" });
    expect(resultView("{not json").kind).toBe("text");
  });

  it("keeps a very wide list as JSON and caps long tables", () => {
    const wide = [Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i]))];
    expect(resultView(JSON.stringify(wide)).kind).toBe("json");
    const long = Array.from({ length: 60 }, (_, i) => ({ i }));
    const view = resultView(JSON.stringify(long));
    expect(view.kind === "table" && [view.rows.length, view.more]).toEqual([50, 10]);
  });
});

describe("resultPreview", () => {
  it("is one short line", () => {
    expect(resultPreview("  84\n")).toBe("84");
    expect(resultPreview("a\nb   c")).toBe("a b c");
    expect(resultPreview("x".repeat(80), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
