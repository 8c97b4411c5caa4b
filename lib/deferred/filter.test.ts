import { describe, expect, it } from "vitest";
import { blockedCallText } from "@/lib/contracts/blocked-call";
import { hiddenToolNames } from "./filter";

describe("hiddenToolNames", () => {
  const opts = { deferredNames: new Set(["a", "b", "c"]), catalogHash: "h1" };
  it("hides every deferred tool until promoted", () => {
    expect([...hiddenToolNames(opts, undefined)].sort()).toEqual(["a", "b", "c"]);
    expect([...hiddenToolNames(opts, { catalog_hash: "h1", names: ["b"] })].sort()).toEqual(["a", "c"]);
  });
  it("ignores promotions made under another catalog", () => {
    expect([...hiddenToolNames(opts, { catalog_hash: "old", names: ["b"] })].sort()).toEqual(["a", "b", "c"]);
  });
  it("the blocked text tells the model what to do", () => {
    expect(blockedCallText("a")).toMatch(
      /^Error: Tool a is deferred and has not been promoted yet\. Call tool_search first/,
    );
  });
});
