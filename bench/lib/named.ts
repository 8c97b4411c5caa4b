import type { ToolCatalog } from "@/lib/deferred/catalog";
import { hintsForWeakMatch } from "@/lib/deferred/closest";
import { scopeAlternative } from "@/lib/deferred/server-query";
import type { BenchQuery } from "./data";
import { K } from "./metrics";

export interface NamedFigures {
  n: number;
  /** An expected tool among the K loaded results (Recall@K). */
  loaded: number;
  /** … or among the closest names a weak answer adds, so the model can select it next. */
  named: number;
  /** Answers that carried closest names. */
  weakAnswers: number;
}

/**
 * What tool_search puts in front of the model for each query, through the same code as the tool: the K
 * results, and the closest other names when the best match is weak. Per style, "all" first.
 */
export function namedByStyle(catalog: ToolCatalog, queries: readonly BenchQuery[]): Map<string, NamedFigures> {
  const out = new Map<string, NamedFigures>([["all", { n: 0, loaded: 0, named: 0, weakAnswers: 0 }]]);
  for (const q of queries) {
    if (q.expected.length === 0) continue;
    let found: ReturnType<ToolCatalog["searchScored"]> = [];
    try {
      found = catalog.searchScored(q.query, K);
    } catch {
      /* a refused query finds nothing */
    }
    const closest = hintsForWeakMatch(catalog, [scopeAlternative(catalog, q.query)], found);
    const loaded = found.some((f) => q.expected.includes(f.entry.name));
    const named = loaded || closest.some((c) => q.expected.includes(c.name));
    for (const key of ["all", q.style]) {
      const f = out.get(key) ?? { n: 0, loaded: 0, named: 0, weakAnswers: 0 };
      f.n++;
      f.loaded += loaded ? 1 : 0;
      f.named += named ? 1 : 0;
      f.weakAnswers += closest.length > 0 ? 1 : 0;
      out.set(key, f);
    }
  }
  return out;
}
