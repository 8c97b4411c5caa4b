import { describe, expect, it } from "vitest";
import { summarizeThreads, withCurrentThread } from "./threads";

describe("summarizeThreads", () => {
  it("titles by the first human message and sorts newest first", () => {
    const list = summarizeThreads([
      {
        thread_id: "old",
        updated_at: "2026-11-30T10:00:00Z",
        status: "idle",
        values: { messages: [{ type: "human", content: "first" }] },
      },
      {
        thread_id: "new",
        updated_at: "2026-11-30T12:00:00Z",
        status: "busy",
        values: {
          messages: [
            { type: "ai", content: "hi" },
            { type: "human", content: [{ type: "text", text: "second\nline" }] },
          ],
        },
      },
      { thread_id: "empty", created_at: "2026-11-30T11:00:00Z", values: {} },
    ]);
    expect(list).toEqual([
      { id: "new", title: "second line", updatedAt: "2026-11-30T12:00:00Z", status: "busy" },
      { id: "empty", title: "New thread", updatedAt: "2026-11-30T11:00:00Z", status: "idle" },
      { id: "old", title: "first", updatedAt: "2026-11-30T10:00:00Z", status: "idle" },
    ]);
  });

  it("survives values that are not a message list", () => {
    expect(summarizeThreads([{ thread_id: "x", values: { messages: "nope" } }])[0].title).toBe("New thread");
    expect(summarizeThreads([{ thread_id: "y", values: null }])[0].title).toBe("New thread");
  });
});

describe("withCurrentThread", () => {
  it("adds the open thread until the search lists it", () => {
    const listed = [{ id: "a", title: "A", updatedAt: "", status: "idle" }];
    expect(withCurrentThread(listed, { id: "a" })).toBe(listed);
    expect(withCurrentThread(listed, { id: null })).toBe(listed);
    expect(withCurrentThread(listed, { id: "b", title: "hello" }).map((t) => [t.id, t.title])).toEqual([
      ["b", "hello"],
      ["a", "A"],
    ]);
  });
});
