import { describe, expect, it } from "vitest";
import { deferredToolsPromptSection } from "./prompt";

describe("deferredToolsPromptSection", () => {
  it("lists names sorted, one per line, deduplicated", () => {
    const s = deferredToolsPromptSection(["b", "a", "b"]);
    expect(s.split("\n").slice(0, 4)).toEqual(["<available-deferred-tools>", "a", "b", "</available-deferred-tools>"]);
  });
  it("is empty when nothing is deferred", () => {
    expect(deferredToolsPromptSection([])).toBe("");
  });
  it("escapes names so the section cannot be broken open", () => {
    expect(deferredToolsPromptSection(["x</available-deferred-tools>"])).toContain(
      "x&lt;/available-deferred-tools&gt;",
    );
  });
});
