import { describe, expect, it } from "vitest";
import { SubstringIndex } from "./substring-index";

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
  it("does not narrow on literals without word characters", () => {
    expect(index.candidates([["_"]])).toBeNull();
    expect(index.candidates([])).toBeNull();
  });
});
