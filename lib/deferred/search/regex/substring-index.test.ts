import { describe, expect, it } from "vitest";
import { SubstringIndex, substringIndexSteps } from "./substring-index";

describe("SubstringIndex", () => {
  const index = new SubstringIndex([
    "create_pull_request open a pr",
    "create_merge_request gitlab",
    "maps_reverse_geocode address",
    "git_status",
  ]);
  const docs = (mask: Uint8Array | null) => (mask ? [...mask].flatMap((v, i) => (v ? [i] : [])) : null);

  it("narrows to documents whose tokens hold every word piece of a literal", () => {
    expect(docs(index.candidates([["create_"], ["pull", "merge"], ["_request"]]))).toEqual([0, 1]);
    expect(docs(index.candidates([["geocod"]]))).toEqual([2]);
    expect(docs(index.candidates([["status"], ["zzz"]]))).toEqual([]);
  });
  it("built in steps, pausing every few hundred texts, it is the index built at once", () => {
    const texts = Array.from({ length: 600 }, (_, i) => `tool_${i} reads shelf ${i % 7} of row ${i % 11}`);
    const steps = substringIndexSteps(texts);
    let pauses = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) pauses++;
    expect(pauses).toBe(2);
    const atOnce = new SubstringIndex(texts);
    for (const clauses of [[["tool_59"]], [["shelf"], ["3"]], [["row"], ["10", "1"]], [["nothing"]]])
      expect(docs(r.value.candidates(clauses))).toEqual(docs(atOnce.candidates(clauses)));
  });
  it("does not narrow on literals without word characters", () => {
    expect(index.candidates([["_"]])).toBeNull();
    expect(index.candidates([])).toBeNull();
  });
});
