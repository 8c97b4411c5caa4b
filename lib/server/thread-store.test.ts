import { afterEach, describe, expect, test } from "vitest";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { ThreadStore } from "./thread-store";
import { tempDbPath } from "@/test/support/api";

const stores: ThreadStore[] = [];
function open(path = tempDbPath()): ThreadStore {
  let t = Date.parse("2026-01-01T00:00:00Z");
  const store = new ThreadStore(path, () => {
    t += 1000;
    return new Date(t);
  });
  stores.push(store);
  return store;
}

afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

describe("ThreadStore", () => {
  test("create, get, merge metadata, update state fields, delete", () => {
    const s = open();
    const t = s.create("t1", { a: 1 });
    expect(t).toMatchObject({ thread_id: "t1", status: "idle", metadata: { a: 1 }, values: {}, interrupts: {} });
    const u = s.update("t1", {
      metadata: { b: 2 },
      status: "interrupted",
      values: { messages: [] },
      interrupts: { x: [{ id: "i", value: 1 }] },
      stateChanged: true,
    })!;
    expect(u.metadata).toEqual({ a: 1, b: 2 });
    expect(u.status).toBe("interrupted");
    expect(u.updated_at > t.updated_at).toBe(true);
    expect(u.state_updated_at).toBe(u.updated_at);
    const v = s.update("t1", { metadata: { c: 3 } })!;
    expect(v.state_updated_at).toBe(u.state_updated_at);
    expect(s.update("missing", { status: "idle" })).toBeUndefined();
    expect(s.delete("t1")).toBe(true);
    expect(s.get("t1")).toBeUndefined();
  });

  test("search: scalar and nested metadata, values, ids, status, sort, paging", () => {
    const s = open();
    s.create("a", { graph_id: "g", n: 1, flag: true, nested: { k: [1] } });
    s.create("b", { graph_id: "g", n: 2, flag: false });
    s.create("c", { graph_id: "h", n: 3, nothing: null });
    s.update("b", { status: "busy", values: { title: "B" } });
    const ids = (q: Parameters<ThreadStore["search"]>[0]) => s.search(q).map((t) => t.thread_id);
    expect(ids({ metadata: { graph_id: "g" } })).toEqual(["b", "a"]);
    expect(ids({ metadata: { graph_id: "g" }, sort_order: "asc" })).toEqual(["a", "b"]);
    expect(ids({ metadata: { flag: true } })).toEqual(["a"]);
    expect(ids({ metadata: { n: 3 } })).toEqual(["c"]);
    expect(ids({ metadata: { nothing: null } })).toEqual(["c"]);
    expect(ids({ metadata: { nested: { k: [1] } } })).toEqual(["a"]);
    expect(ids({ values: { title: "B" } })).toEqual(["b"]);
    expect(ids({ ids: ["a", "c"] })).toEqual(["c", "a"]);
    expect(ids({ status: "busy" })).toEqual(["b"]);
    expect(ids({ limit: 1, offset: 1 })).toEqual(["b"]);
    expect(ids({ sort_by: "updated_at" })[0]).toBe("b");
    expect(ids({ metadata: { 'we"ird': 1 } })).toEqual([]);
  });

  test("shares the checkpointer's SQLite file and resets stale busy threads", async () => {
    const path = tempDbPath();
    const saver = SqliteSaver.fromConnString(path);
    await saver.getTuple({ configurable: { thread_id: "x" } }); // creates the checkpointer's tables
    const s = open(path);
    s.create("t", {});
    s.update("t", { status: "busy" });
    s.close();
    stores.pop();
    const again = open(path);
    expect(again.resetStaleBusy()).toBe(1);
    expect(again.get("t")?.status).toBe("idle");
  });
});
