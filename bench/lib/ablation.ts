import type { SearchDoc } from "@/lib/deferred/search";
import { DEFAULT_RANKER, DEFAULT_TECHNIQUES, type SearchTechniques } from "@/lib/deferred/search/ranker";
import { LexicalSearcher } from "@/lib/deferred/search/searcher";
import type { BenchQuery } from "./data";
import { runAll, scoreByStyle } from "./metrics";
import { pct, table } from "./report";

/**
 * Quality with the default techniques, then with each one switched alone (a default one off, an optional one
 * on): what each technique moves, per style. Rows are variants, columns Recall@5 per style (MRR@5 for all).
 */
export function ablationTable(docs: SearchDoc[], queries: readonly BenchQuery[]): string {
  const names = Object.keys(DEFAULT_TECHNIQUES) as Array<keyof SearchTechniques>;
  const variants: Array<[string, SearchTechniques]> = [
    ["default", DEFAULT_TECHNIQUES],
    ...names.map(
      (n) =>
        [`${n} ${DEFAULT_TECHNIQUES[n] ? "off" : "on"}`, { ...DEFAULT_TECHNIQUES, [n]: !DEFAULT_TECHNIQUES[n] }] as [
          string,
          SearchTechniques,
        ],
    ),
    ["all off (BM25F)", Object.fromEntries(names.map((n) => [n, false])) as unknown as SearchTechniques],
  ];
  let styles: string[] = [];
  const rows = variants.map(([label, techniques]) => {
    const searcher = new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques });
    const scores = scoreByStyle(queries, runAll(searcher, queries));
    styles = scores.map((s) => s.style);
    return [label, scores[0]!.mrr.toFixed(3), ...scores.map((s) => pct(s.recall))];
  });
  return table(["variant", "MRR@5", ...styles.map((s) => `${s} R@5`)], rows);
}
