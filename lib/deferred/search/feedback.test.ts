import { describe, expect, it } from "vitest";
import { DEFAULT_FEEDBACK, feedbackTerms } from "./feedback";
import { TextRanker } from "./ranker";
import { DEFAULT_RANKER } from "./ranker-config";
import { ALL_TECHNIQUES } from "./techniques";
import type { SearchDoc } from "./types";

const tool = (name: string, description: string): SearchDoc => ({ name, description, parameters: {} });
const DOCS = [
  tool("create_invoice", "Create an invoice that bills a customer for services."),
  tool("charge_extra", "Bills an extra amount once."),
  tool("list_payouts", "List payouts to your bank account."),
  tool("read_file", "Read the contents of a file."),
  tool("write_file", "Write text to a file."),
];
const ranker = (feedback: boolean) =>
  new TextRanker(DOCS, {
    ...DEFAULT_RANKER,
    techniques: { ...ALL_TECHNIQUES, lexicon: false, exemplars: false, neighbours: false, feedback },
  });
const names = (r: TextRanker, q: string) => r.top(r.terms(q), 5).map((s) => s.name);

describe("pseudo-relevance feedback", () => {
  it("takes characteristic words of the first results, not the query's own, at low weight", () => {
    const r = ranker(false);
    const query = r.terms("create an invoice for a new client today please");
    const first = r.top(query, 3);
    const extra = feedbackTerms(query, first, r, { ...DEFAULT_FEEDBACK, minTerms: 1 });
    const words = extra.map((t) => t.expansions[0]!.terms[0]);
    expect(words).toContain("bill");
    expect(words).not.toContain("invoic");
    for (const t of extra) expect(t.expansions[0]!.weight).toBeLessThanOrEqual(DEFAULT_FEEDBACK.weight);
  });

  it("lifts a tool that shares the first hits' vocabulary but none of the query's words", () => {
    const q = "create invoice for new client services today";
    expect(names(ranker(false), q)).not.toContain("charge_extra");
    expect(names(ranker(true), q)).toContain("charge_extra");
  });

  it("leaves short queries alone", () => {
    expect(names(ranker(true), "read file")).toEqual(names(ranker(false), "read file"));
  });
});
