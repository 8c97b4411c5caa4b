import type { QueryTerm } from "./expand";

/**
 * Pseudo-relevance feedback (RM3-style): the first results of a query are assumed relevant, and the words
 * that characterise them (frequent in them, rare in the catalog) join the query at a low weight. A tool that
 * says what the first hits say in other words then rises; the original words keep most of the say.
 */
export interface FeedbackConfig {
  /** How many of the first results feed back. */
  docs: number;
  /** How many feedback words join the query. */
  words: number;
  /** Weight of the strongest feedback word (the others scale down from it); original words weigh 1. */
  weight: number;
  /**
   * Only queries with at least this many terms get feedback: a short query already names its tool, while a
   * whole-task statement is diffuse and gains from the vocabulary of its first hits.
   */
  minTerms: number;
}

export const DEFAULT_FEEDBACK: FeedbackConfig = { docs: 3, words: 8, weight: 0.05, minTerms: 5 };

export interface FeedbackSource {
  /** The words a document contributes to feedback (its name and first sentence), stemmed. */
  feedbackWords(index: number): readonly string[];
  /** Inverse document frequency of an index term, 0 when unknown. */
  idf(term: string): number;
}

/**
 * Feedback terms for a query given its first results (index and score, best first). Each result votes for
 * its words in proportion to its share of the results' total score; a word's weight is its vote times its
 * idf, so words every tool shares ("get", "github") cannot take over.
 */
export function feedbackTerms(
  query: readonly QueryTerm[],
  first: ReadonlyArray<{ index: number; score: number }>,
  source: FeedbackSource,
  config: FeedbackConfig = DEFAULT_FEEDBACK,
): QueryTerm[] {
  const top = first.slice(0, config.docs);
  const total = top.reduce((a, s) => a + s.score, 0);
  if (query.length < config.minTerms || total <= 0 || config.words <= 0 || config.weight <= 0) return [];
  const vote = new Map<string, number>();
  for (const s of top) {
    const words = source.feedbackWords(s.index);
    if (words.length === 0) continue;
    const share = s.score / total / words.length;
    for (const w of words) vote.set(w, (vote.get(w) ?? 0) + share);
  }
  // Words the query already holds (in any expansion) get no vote: they are in the query already.
  for (const q of query) for (const e of q.expansions) for (const t of e.terms) vote.delete(t);
  const ranked = [...vote]
    .map(([t, v]) => [t, v * source.idf(t)] as const)
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, config.words);
  if (ranked.length === 0) return [];
  const max = ranked[0]![1];
  return ranked.map(([t, v]) => ({
    source: `feedback:${t}`,
    expansions: [{ terms: [t], weight: (config.weight * v) / max }],
  }));
}
