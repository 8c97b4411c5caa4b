import type { SearchDoc } from "@/lib/deferred/search";
import { DEFAULT_RANKER } from "@/lib/deferred/search/ranker-config";
import { DEFAULT_TECHNIQUES, NO_TECHNIQUES, type SearchTechniques } from "@/lib/deferred/search/techniques";
import { LexicalSearcher } from "@/lib/deferred/search/searcher";
import type { BenchQuery } from "./data";
import { hitFlips, runAll, scoreByStyle } from "./metrics";
import { pct, table } from "./report";

/**
 * The default techniques with each named one switched the other way (a default one off, an optional one on), or an
 * error naming the unknown switch and the known ones.
 */
export function switchedTechniques(names: readonly string[]): SearchTechniques {
  const known = Object.keys(DEFAULT_TECHNIQUES) as Array<keyof SearchTechniques>;
  const out = { ...DEFAULT_TECHNIQUES };
  for (const name of names) {
    if (!(known as string[]).includes(name))
      throw new Error(`unknown technique "${name}" (techniques: ${known.join(", ")})`);
    const key = name as keyof SearchTechniques;
    out[key] = !DEFAULT_TECHNIQUES[key];
  }
  return out;
}

/**
 * Quality with the default techniques, then with each one switched alone (a default one off, an optional one
 * on): what each technique moves, per style. Rows are variants, columns MRR@5 overall, how many queries the variant
 * finds in the top 5 that the default does not and the reverse (gained, lost), then Recall@5 per style.
 */
export function ablationTable(docs: SearchDoc[], queries: readonly BenchQuery[]): string {
  const names = Object.keys(DEFAULT_TECHNIQUES) as Array<keyof SearchTechniques>;
  const variants: Array<[string, SearchTechniques]> = [
    ["default", DEFAULT_TECHNIQUES],
    ...names.map(
      (n) => [`${n} ${DEFAULT_TECHNIQUES[n] ? "off" : "on"}`, switchedTechniques([n])] as [string, SearchTechniques],
    ),
    ["all off (BM25F)", NO_TECHNIQUES],
  ];
  let styles: string[] = [];
  let baseline: string[][] = [];
  const rows = variants.map(([label, techniques], i) => {
    const searcher = new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques });
    const results = runAll(searcher, queries);
    if (i === 0) baseline = results;
    const flips = hitFlips(queries, baseline, results);
    const scores = scoreByStyle(queries, results);
    styles = scores.map((s) => s.style);
    return [
      label,
      scores[0]!.mrr.toFixed(3),
      String(flips.gained),
      String(flips.lost),
      ...scores.map((s) => pct(s.recall)),
    ];
  });
  return table(["variant", "MRR@5", "gained", "lost", ...styles.map((s) => `${s} R@5`)], rows);
}
