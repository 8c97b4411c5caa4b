export type { SearchDoc, ToolSearcher } from "./types";
export { SearchQueryError } from "./types";
import { createReferenceSearcher } from "./reference";
import type { SearchDoc, ToolSearcher } from "./types";

/** The searcher Fawn uses. The ranking engine is swappable behind this one function. */
export function createToolSearcher(docs: SearchDoc[]): ToolSearcher {
  return createReferenceSearcher(docs);
}
