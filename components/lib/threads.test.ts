import { describe, expect, it } from "vitest";
import { filterThreads, summarizeThreads, threadFromParam, threadStatus, withCurrentThread } from "./threads";

describe("summarizeThreads", () => {
  it("titles by the name, else the first human message, and sorts newest first", () => {
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
      {
        thread_id: "named",
        updated_at: "2026-11-29T10:00:00Z",
        metadata: { title: "Budget 2027" },
        values: { messages: [{ type: "human", content: "numbers" }] },
      },
    ]);
    expect(list.map((t) => [t.id, t.title, t.status, t.turns, t.renamed])).toEqual([
      ["new", "second line", "busy", 1, false],
      ["empty", "", "idle", 0, false],
      ["old", "first", "idle", 1, false],
      ["named", "Budget 2027", "idle", 1, true],
    ]);
  });

  it("survives values that are not a message list", () => {
    expect(summarizeThreads([{ thread_id: "x", values: { messages: "nope" } }])[0]?.title).toBe("");
    expect(summarizeThreads([{ thread_id: "y", values: null }])[0]?.title).toBe("");
  });
});

describe("threadStatus", () => {
  it("shows waiting only when a question is pending; a stopped run is idle", () => {
    expect(threadStatus({ status: "interrupted", interrupts: { t1: [{ id: "i", value: { question: "?" } }] } })).toBe(
      "interrupted",
    );
    expect(threadStatus({ status: "interrupted", interrupts: {} })).toBe("idle");
    expect(threadStatus({ status: "busy" })).toBe("busy");
    expect(threadStatus({ status: "error" })).toBe("error");
    expect(threadStatus({})).toBe("idle");
  });
});

describe("withCurrentThread", () => {
  const listed = summarizeThreads([
    { thread_id: "a", updated_at: "2026-11-30T10:00:00Z", values: { messages: [{ type: "human", content: "A" }] } },
    { thread_id: "b", updated_at: "2026-11-30T09:00:00Z", values: {} },
  ]);

  it("adds the open thread until the search lists it, never a missing one", () => {
    expect(withCurrentThread(listed, { id: "a" })).toBe(listed);
    expect(withCurrentThread(listed, { id: null })).toBe(listed);
    expect(withCurrentThread(listed, { id: "c", title: "hello" }).map((t) => [t.id, t.title])).toEqual([
      ["c", "hello"],
      ["a", "A"],
      ["b", ""],
    ]);
    expect(withCurrentThread(listed, { id: "gone", title: "x", missing: true })).toBe(listed);
  });

  it("titles a listed thread from its first message as soon as it is sent, and marks it running", () => {
    const out = withCurrentThread(listed, { id: "b", title: "just sent", running: true });
    expect(out.find((t) => t.id === "b")).toMatchObject({ title: "just sent", status: "busy" });
  });
});

describe("filterThreads", () => {
  const list = summarizeThreads([
    {
      thread_id: "a",
      updated_at: "2",
      values: {
        messages: [
          { type: "human", content: "calculate 12*7" },
          { type: "ai", content: "It is 84" },
        ],
      },
    },
    { thread_id: "b", updated_at: "1", values: { messages: [{ type: "human", content: "echo hello" }] } },
  ]);
  it("matches every word in the title or the messages, ignoring case", () => {
    expect(filterThreads(list, "").map((t) => t.id)).toEqual(["a", "b"]);
    expect(filterThreads(list, "84").map((t) => t.id)).toEqual(["a"]);
    expect(filterThreads(list, "ECHO hello").map((t) => t.id)).toEqual(["b"]);
    expect(filterThreads(list, "echo 84").map((t) => t.id)).toEqual([]);
  });
});

describe("threadFromParam", () => {
  it("opens a well-formed id, and none for no value", () => {
    expect(threadFromParam("0190c0de-0000-7000-8000-000000000000")).toEqual({
      id: "0190c0de-0000-7000-8000-000000000000",
      malformed: false,
    });
    expect(threadFromParam(null)).toEqual({ id: null, malformed: false });
  });

  it("reads a value no thread can have as a thread that does not exist", () => {
    for (const raw of ["garbage<b>", "../etc", ".hidden", "a".repeat(129), "spaces in it"])
      expect(threadFromParam(raw)).toEqual({ id: null, malformed: true });
  });
});
