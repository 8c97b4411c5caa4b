import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadCatalog, loadQueries, replicate, toSearchDocs } from "@/bench/lib/data";
import { TextRanker } from "./ranker";
import { DEFAULT_RANKER } from "./ranker-config";
import { byScoreThenName } from "./scored";

// A real catalog (catalog2: published MCP servers' tools) and requests written for it, English and CJK.
const CATALOGS = path.resolve(__dirname, "../../../bench/catalogs");
const docs = toSearchDocs(loadCatalog(path.join(CATALOGS, "catalog2.json")));
const requests = [
  ...loadQueries(path.join(CATALOGS, "catalog2-queries.json")),
  ...loadQueries(path.join(CATALOGS, "catalog2-cjk-v1.json")),
].map((q) => q.query);

/** The whole ranking the pruned one must begin with: every scored tool, sorted. */
const fullRanking = (r: TextRanker, text: string) => r.scoreAll(r.terms(text)).sort(byScoreThenName);

describe("the lexical ranking's first results (TextRanker.top, one pass)", () => {
  // Feedback off: top() is one pass of rank(), which skips what cannot reach the first `limit` and selects them.
  const withoutFeedback = (tools = docs) =>
    new TextRanker(tools, { ...DEFAULT_RANKER, techniques: { ...DEFAULT_RANKER.techniques, feedback: false } });

  it("are the full ranking's first `limit`, scores and order alike, for every request and limit", () => {
    const r = withoutFeedback();
    for (const text of requests) {
      const full = fullRanking(r, text);
      for (const limit of [1, 5, 50, 400]) expect(r.top(r.terms(text), limit), text).toEqual(full.slice(0, limit));
    }
  });

  it("keep ties in name order at the cut, where many tools score alike", () => {
    // Every tool five times over: each score is held by five names at once, so every cut falls inside a tie.
    const r = withoutFeedback(replicate(docs, docs.length * 5));
    for (const text of requests.slice(0, 60)) {
      const full = fullRanking(r, text);
      for (const limit of [3, 7, 50]) expect(r.top(r.terms(text), limit), text).toEqual(full.slice(0, limit));
    }
  });

  it("honour `allow`: only the tools it accepts, in the same order", () => {
    const r = withoutFeedback();
    const even = (i: number) => i % 2 === 0;
    for (const text of requests.slice(0, 80)) {
      const full = r.scoreAll(r.terms(text), even).sort(byScoreThenName);
      expect(r.top(r.terms(text), 5, even), text).toEqual(full.slice(0, 5));
    }
  });
});
