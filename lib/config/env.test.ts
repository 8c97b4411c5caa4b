import { describe, expect, it } from "vitest";
import { expandDeep, expandString } from "./env";

describe("expandString", () => {
  const env = { HOME_DIR: "/home/x", KEY: "sk-1" };
  it("expands $VAR and ${VAR}", () => {
    expect(expandString("$HOME_DIR/a ${KEY}", env)).toEqual({ value: "/home/x/a sk-1", unset: [] });
  });
  it("reports unset and empty variables", () => {
    expect(expandString("${NOPE}-$EMPTY", { EMPTY: "" }).unset).toEqual(["NOPE", "EMPTY"]);
  });
  it("uses ${VAR:-default} when the variable is unset or empty", () => {
    expect(expandString("${NOPE:-.fawn}/x ${HOME_DIR:-no}", env)).toEqual({ value: ".fawn/x /home/x", unset: [] });
    expect(expandString("${EMPTY:-d}", { EMPTY: "" }).value).toBe("d");
  });
  it("keeps $$ as a literal dollar and ignores lone dollars", () => {
    expect(expandString("cost $$5 $ 3", env).value).toBe("cost $5 $ 3");
  });
});

describe("expandDeep", () => {
  it("walks objects and arrays and names the field of each unset variable", () => {
    const r = expandDeep({ a: [{ b: "$X" }, "$Y"], n: 3 }, { Y: "y" });
    expect(r.value).toEqual({ a: [{ b: "" }, "y"], n: 3 });
    expect(r.unset).toEqual([{ variable: "X", field: "a[0].b" }]);
  });
});
