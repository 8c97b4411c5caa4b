export type { SearchBudget, SearchDoc, ToolSearcher } from "./types";
export { newSearchBudget } from "./searcher";
export { SearchQueryError } from "./types";
export { MAX_QUERY_LENGTH } from "./query-modes";
import { LexicalSearcher } from "./searcher";
import type { SearchDoc, ToolSearcher } from "./types";

/** The searcher Fawn uses: build once per catalog, then search many times. */
export function createToolSearcher(docs: SearchDoc[]): ToolSearcher {
  return new LexicalSearcher(docs);
}
