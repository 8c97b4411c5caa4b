import { describe, expect, it } from "vitest";
import { SearcherCache } from "./searcher-cache";

describe("SearcherCache", () => {
  it("keeps at most so many indexes, dropping the least recently used", () => {
    const cache = new SearcherCache<string>(2, 1_000);
    cache.set("a", "A", 10);
    cache.set("b", "B", 10);
    expect(cache.get("a")).toBe("A");
    cache.set("c", "C", 10);
    expect(cache.has("b")).toBe(false);
    expect([cache.get("a"), cache.get("c")]).toEqual(["A", "C"]);
    expect(cache.size()).toEqual({ entries: 2, tools: 20 });
  });

  it("keeps at most so many tools over all its indexes, but always the newest", () => {
    const cache = new SearcherCache<string>(8, 25_000);
    cache.set("small", "S", 500);
    cache.set("big1", "B1", 10_000);
    cache.set("big2", "B2", 10_000);
    expect(cache.size()).toEqual({ entries: 3, tools: 20_500 });
    // A third large index: the oldest go until the tools fit.
    cache.set("big3", "B3", 10_000);
    expect(cache.has("small")).toBe(false);
    expect(cache.has("big1")).toBe(false);
    expect(cache.size()).toEqual({ entries: 2, tools: 20_000 });
    // One index over the bound on its own is still kept: the newest always is.
    cache.set("huge", "H", 40_000);
    expect(cache.size()).toEqual({ entries: 1, tools: 40_000 });
    expect(cache.get("huge")).toBe("H");
  });

  it("keeps the first index set for a key", () => {
    const cache = new SearcherCache<string>(8, 1_000);
    cache.set("a", "first", 10);
    cache.set("a", "second", 10);
    expect(cache.get("a")).toBe("first");
    expect(cache.size()).toEqual({ entries: 1, tools: 10 });
  });
});
