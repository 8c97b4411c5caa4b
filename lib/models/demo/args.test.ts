import { describe, expect, it } from "vitest";
import { extractJsonObject, inferArgs, searchKeywords } from "./args";

const schema = (props: Record<string, unknown>, required: string[]) => ({
  type: "object",
  properties: props,
  required,
});

describe("inferArgs", () => {
  it("takes JSON in the message as the arguments", () => {
    expect(inferArgs(schema({ a: { type: "number" } }, ["a"]), 'sum {"a": 1, "b": 2}', "x")).toEqual({
      args: { a: 1, b: 2 },
      missing: [],
    });
  });
  it("reads key=value, quoted strings, paths and numbers for required fields only", () => {
    const s = schema(
      { path: { type: "string" }, count: { type: "integer" }, note: { type: "string" }, decimals: { type: "integer" } },
      ["path", "count", "note"],
    );
    expect(inferArgs(s, 'save "hello" to notes/today.md 3 times', "save").args).toEqual({
      path: "notes/today.md",
      count: 3,
      note: "hello",
    });
  });
  it("uses the text after a colon for a single free-text field", () => {
    expect(
      inferArgs(
        schema({ expression: { type: "string" }, decimals: { type: "integer" } }, ["expression"]),
        "calculate: 999*3",
        "calculate",
      ).args,
    ).toEqual({ expression: "999*3" });
  });
  it("picks enum values named in the text", () => {
    expect(
      inferArgs(schema({ algorithm: { type: "string", enum: ["md5", "sha256"] } }, []), "hash it with md5", "hash")
        .args,
    ).toEqual({ algorithm: "md5" });
  });
  it("reports what it cannot fill", () => {
    expect(
      inferArgs(schema({ a: { type: "number" }, b: { type: "number" } }, ["a", "b"]), "add 1", "add").missing,
    ).toEqual(["b"]);
  });
});

describe("helpers", () => {
  it("extracts the first JSON object, skipping non-JSON braces", () => {
    expect(extractJsonObject('f(x) {not json} then {"k": "v}"}')).toEqual({ k: "v}" });
  });
  it("search keywords drop stopwords and JSON; CJK is kept whole", () => {
    expect(searchKeywords('please list the files in the directory {"path": "/"}')).toBe("list files directory");
    expect(searchKeywords("列出目录中的文件")).toBe("列出目录中的文件");
  });
});
