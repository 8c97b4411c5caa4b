import { describe, expect, it } from "vitest";
import { rerunCheckpoint } from "./rerun";

const state = (id: string, messages: string[]) => ({
  checkpoint: { checkpoint_id: id, checkpoint_ns: "" },
  values: { messages: messages.map((m) => ({ id: m, type: "human", content: m })) },
});

describe("rerunCheckpoint", () => {
  // Newest first, as the history endpoint answers: a failed run left the input checkpoint on top.
  const history = [state("c3", ["h1", "a1", "h2"]), state("c2", ["h1", "a1"]), state("c1", ["h1"]), state("c0", [])];

  it("is the oldest checkpoint that holds the message", () => {
    expect(rerunCheckpoint(history, "h2")).toEqual({ checkpoint_id: "c3", checkpoint_ns: "" });
    expect(rerunCheckpoint(history, "h1")).toEqual({ checkpoint_id: "c1", checkpoint_ns: "" });
  });

  it("is null for a message the history does not hold, and skips states without values", () => {
    expect(rerunCheckpoint(history, "h9")).toBeNull();
    expect(rerunCheckpoint([{ checkpoint: { checkpoint_id: "x" } }, ...history], "h2")).toEqual({
      checkpoint_id: "c3",
      checkpoint_ns: "",
    });
  });
});
