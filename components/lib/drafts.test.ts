import { describe, expect, it } from "vitest";
import { MAX_DRAFT_CHARS, MAX_DRAFTS, readDrafts, storedDrafts, withDraft } from "./drafts";

describe("drafts kept in the browser", () => {
  it("round-trips the non-empty drafts", () => {
    const stored = storedDrafts({ new: "hello", "t-1": "", "t-2": "half a question" });
    expect(readDrafts(stored)).toEqual({ new: "hello", "t-2": "half a question" });
  });

  it("reads nothing from nothing, malformed JSON or the wrong shape, and drops what is not text", () => {
    for (const raw of [null, "", "{", "[]", "42", '"x"']) expect(readDrafts(raw)).toEqual({});
    expect(readDrafts('{"a":"kept","b":3,"c":null,"d":""}')).toEqual({ a: "kept" });
  });

  it("keeps the last MAX_DRAFTS written, each cut to MAX_DRAFT_CHARS", () => {
    const many = Object.fromEntries(Array.from({ length: MAX_DRAFTS + 5 }, (_, i) => [`t-${i}`, `draft ${i}`]));
    const kept = readDrafts(storedDrafts(many));
    expect(Object.keys(kept)).toHaveLength(MAX_DRAFTS);
    expect(kept["t-0"]).toBeUndefined();
    expect(kept[`t-${MAX_DRAFTS + 4}`]).toBe(`draft ${MAX_DRAFTS + 4}`);
    expect(readDrafts(storedDrafts({ long: "x".repeat(MAX_DRAFT_CHARS + 10) })).long).toHaveLength(MAX_DRAFT_CHARS);
  });

  it("a draft written again counts as the newest", () => {
    let drafts = Object.fromEntries(Array.from({ length: MAX_DRAFTS }, (_, i) => [`t-${i}`, `draft ${i}`]));
    drafts = withDraft(drafts, "t-0", "edited");
    drafts = withDraft(drafts, "t-new", "another");
    const kept = readDrafts(storedDrafts(drafts));
    expect(kept["t-0"]).toBe("edited");
    expect(kept["t-1"]).toBeUndefined();
    expect(kept["t-new"]).toBe("another");
  });
});
