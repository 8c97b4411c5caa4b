import { describe, expect, it } from "vitest";
import { DEFAULT_TECHNIQUES } from "@/lib/deferred/search/techniques";
import { switchedTechniques } from "./ablation";

describe("switchedTechniques", () => {
  it("switches each named technique the other way from its default, and leaves the rest", () => {
    expect(switchedTechniques([])).toEqual(DEFAULT_TECHNIQUES);
    expect(switchedTechniques(["actions", "lexicon"])).toEqual({
      ...DEFAULT_TECHNIQUES,
      actions: !DEFAULT_TECHNIQUES.actions,
      lexicon: !DEFAULT_TECHNIQUES.lexicon,
    });
  });

  it("names an unknown technique and the known ones", () => {
    expect(() => switchedTechniques(["synonyms"])).toThrow(/^unknown technique "synonyms" \(techniques: lexicon, /);
    expect(() => switchedTechniques(["__proto__"])).toThrow(/unknown technique "__proto__"/);
  });
});
