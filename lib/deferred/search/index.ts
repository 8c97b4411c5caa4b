export type { SearchBudget, SearchDoc, ToolSearcher } from "./types";
export { newSearchBudget } from "./searcher";
export { SearchQueryError } from "./types";
export { MAX_QUERY_LENGTH } from "./query-modes";
export { resolveTechniques, type SearchTechniques } from "./ranker";
import { DEFAULT_RANKER, resolveTechniques, type SearchTechniques } from "./ranker";
import { LexicalSearcher } from "./searcher";
import type { SearchDoc, ToolSearcher } from "./types";

/**
 * The searcher Fawn uses: build once per catalog, then search many times. `techniques` switches the
 * general techniques on or off (`tool_search.techniques`); unset ones are as by default.
 */
export function createToolSearcher(docs: SearchDoc[], techniques?: Partial<SearchTechniques>): ToolSearcher {
  return new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques: resolveTechniques(techniques) });
}
