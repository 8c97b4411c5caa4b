import { MAX_QUERY_LENGTH } from "@/lib/deferred/search";
import likelihoods from "@/lib/deferred/search/learned-likelihoods.json";

/**
 * The costliest plain-words query the cap allows for the translation language model: the request words with the
 * most source words in learned-likelihoods.json, as many as fit in MAX_QUERY_LENGTH characters. Each one walks
 * the posting lists of up to ~140 catalog words.
 */
export function worstCaseQuery(): string {
  const table = (likelihoods as unknown as { table: Record<string, unknown[]> }).table;
  const words = Object.entries(table)
    .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
    .map(([w]) => w);
  let query = "";
  for (const w of words) {
    const next = query ? `${query} ${w}` : w;
    if (next.length > MAX_QUERY_LENGTH) break;
    query = next;
  }
  return query;
}
