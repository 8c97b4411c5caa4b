import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json";

describe("canonicalJson", () => {
  it("sorts keys at every depth with Python's json.dumps separators", () => {
    expect(canonicalJson({ b: 1, a: [{ d: true, c: null }, "x"] })).toBe(
      '{"a": [{"c": null, "d": true}, "x"], "b": 1}',
    );
  });
  it("keeps non-ASCII text and escapes what JSON must", () => {
    expect(canonicalJson({ name: '列出\n"x"' })).toBe('{"name": "列出\\n\\"x\\""}');
  });
  it("drops undefined members as JSON does", () => {
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b": 2}');
  });
});
