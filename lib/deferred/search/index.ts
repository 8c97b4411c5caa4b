export type { SearchBudget, SearchDoc, ToolSearcher } from "./types";
export { newSearchBudget, REGEX_STEP_BUDGET } from "./searcher";
export { BuildAbandoned, DEFAULT_SLICE_MS, runInSlices, SlicedBuild, type SliceStats } from "./build-steps";
export { SearchQueryError } from "./types";
export { MAX_QUERY_LENGTH, MAX_REQUEST_LENGTH } from "./query-modes";
export { resolveTechniques, type SearchTechniques } from "./techniques";
import { DEFAULT_RANKER } from "./ranker-config";
import { resolveTechniques, type SearchTechniques } from "./techniques";
import { SlicedBuild } from "./build-steps";
import { LexicalSearcher, lexicalSearcherSteps } from "./searcher";
import type { SearchDoc, ToolSearcher } from "./types";

/**
 * The searcher Fawn uses: build once per catalog, then search many times. `techniques` switches the
 * general techniques on or off (`tool_search.techniques`); unset ones are as by default.
 */
export function createToolSearcher(docs: SearchDoc[], techniques?: Partial<SearchTechniques>): ToolSearcher {
  return new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques: resolveTechniques(techniques) });
}

/**
 * The same searcher as createToolSearcher() makes, built a slice at a time (SlicedBuild): drive it with
 * runInSlices() so the event loop gets a turn between slices, or finish() it at once when a search needs it.
 */
export function startToolSearcherBuild(
  docs: SearchDoc[],
  techniques?: Partial<SearchTechniques>,
): SlicedBuild<ToolSearcher> {
  return new SlicedBuild<ToolSearcher>(
    lexicalSearcherSteps(docs, { ...DEFAULT_RANKER, techniques: resolveTechniques(techniques) }),
  );
}
