import { DEFAULT_RANKER } from "@/lib/deferred/search/ranker-config";
import type { SearchTechniques } from "@/lib/deferred/search/techniques";
import { LexicalSearcher } from "@/lib/deferred/search/searcher";
import type { SearchDoc } from "@/lib/deferred/search/types";

/**
 * A lexical searcher over `docs` with the default ranker, the given techniques switched as said and every other one
 * as by default: how the search tests isolate one technique.
 */
export function searcherWith(docs: readonly SearchDoc[], techniques: Partial<SearchTechniques>): LexicalSearcher {
  return new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques: { ...DEFAULT_RANKER.techniques, ...techniques } });
}
