import { describe, expect, it } from "vitest";
import { hashOf, SpanTable } from "./span-table";

describe("SpanTable", () => {
  it("numbers strings in the order added and finds them by a span of another text", () => {
    const table = new SpanTable();
    expect(table.add("file", hashOf("file"))).toBe(0);
    expect(table.add("read", hashOf("read"))).toBe(1);
    const text = "read a file, or a files list";
    expect(table.find(text, 7, 11, hashOf("file"))).toBe(0);
    expect(table.find(text, 0, 4, hashOf("read"))).toBe(1);
    // Same start, other length: another string.
    expect(table.find(text, 18, 23, hashOf("files"))).toBe(-1);
    expect([table.keyOf(0), table.keyOf(1)]).toEqual(["file", "read"]);
    expect(() => table.keyOf(2)).toThrow(/no string numbered 2/);
  });

  it("agrees with a Map over thousands of strings, through growth, colliding hashes and clear()", () => {
    const table = new SpanTable();
    const map = new Map<string, number>();
    const words = Array.from({ length: 5000 }, (_, i) => (i * 7919).toString(36) + (i % 3 === 0 ? "é" : ""));
    for (const w of words) {
      // Every tenth word is added under a constant hash: lookups must still compare the text.
      const h = words.indexOf(w) % 10 === 0 ? 42 : hashOf(w);
      const text = `  ${w}  `;
      const found = table.find(text, 2, 2 + w.length, h);
      expect(found).toBe(map.get(w) ?? -1);
      if (found < 0) map.set(w, table.add(w, h));
    }
    expect(table.size).toBe(map.size);
    for (const [w, id] of map) expect(table.keyOf(id)).toBe(w);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.find("file", 0, 4, hashOf("file"))).toBe(-1);
  });
});
