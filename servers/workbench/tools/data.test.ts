import { describe, expect, it } from "vitest";
import { csvToJson, jsonQuery, parseCsv, parsePath } from "./data";

const doc = JSON.stringify({
  user: { name: "Ada", "home town": "London" },
  items: [{ id: 1, price: 9.5 }, { id: 2, price: 12 }, { id: 3 }],
});

describe("jsonQuery", () => {
  it("follows keys, indexes, quoted keys and negative indexes", () => {
    expect(jsonQuery(doc, "user.name")).toEqual({ path: "$.user.name", type: "string", value: "Ada" });
    expect(jsonQuery(doc, '$.user["home town"]').value).toBe("London");
    expect(jsonQuery(doc, "items[1].price").value).toBe(12);
    expect(jsonQuery(doc, "items.0.id").value).toBe(1);
    expect(jsonQuery(doc, "items[-1]").value).toEqual({ id: 3 });
    expect(jsonQuery(doc, "$").type).toBe("object");
  });
  it("collects wildcards and skips elements lacking the key", () => {
    expect(jsonQuery(doc, "items[*].price")).toMatchObject({ type: "array", length: 2, value: [9.5, 12] });
    expect(jsonQuery(doc, "user.*").value).toEqual(["Ada", "London"]);
  });
  it("names the bad argument with context", () => {
    expect(() => jsonQuery("{oops", "a")).toThrow("Invalid argument 'json': is not valid JSON");
    expect(() => jsonQuery(doc, "user.age")).toThrow(
      "Invalid argument 'path': no key 'age' at $.user (available: name, home town)",
    );
    expect(() => jsonQuery(doc, "items[7]")).toThrow("index 7 is out of range at $.items (length 3)");
    expect(() => jsonQuery(doc, "user.name.first")).toThrow("$.user.name is string, cannot go further");
    expect(() => parsePath("a..b")).toThrow("Invalid argument 'path'");
  });
});

describe("csv", () => {
  it("parses quotes, doubled quotes, embedded newlines and CRLF", () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\r\n', ",")).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"\nthere'],
    ]);
  });
  it("builds objects with inferred types and detects the delimiter", () => {
    const out = csvToJson("name;age;zip;member\nAda;36;02139;true\nBob;;10001;false\n");
    expect(out.delimiter).toBe(";");
    expect(out.rows).toEqual([
      { name: "Ada", age: 36, zip: "02139", member: true },
      { name: "Bob", age: null, zip: 10001, member: false },
    ]);
  });
  it("supports no header, raw strings, tabs given as \\t, and ragged rows", () => {
    expect(csvToJson("1\t2\n3", { delimiter: "\\t", header: false, inferTypes: false })).toMatchObject({
      columns: ["column_1", "column_2"],
      rows: [
        ["1", "2"],
        ["3", ""],
      ],
      warning: "lines with a different number of fields (padded with null): 2",
    });
  });
  it("names bad input", () => {
    expect(() => csvToJson('a\n"open')).toThrow("Invalid argument 'csv': unterminated quoted field starting on line 2");
    expect(() => csvToJson("a", { delimiter: ",," })).toThrow("Invalid argument 'delimiter'");
  });
});
