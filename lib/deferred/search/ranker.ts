import { Bm25Index, type Bm25Config, DEFAULT_BM25 } from "./bm25";
import { expandQuery, type QueryTerm } from "./expand";
import { DEFAULT_LEXICON_WEIGHTS, getLexicon, type LexiconWeights } from "./lexicon";
import { docFields } from "./fields";
import { prefixMatches, typoMatches } from "./fuzzy";
import { stem } from "./stem";
import type { SearchDoc } from "./types";

export interface RankerConfig {
  bm25: Bm25Config;
  lexicon: LexiconWeights;
  /** How much a name made entirely of query words is lifted (score × (1 + nameBonus × coverage)). */
  nameBonus: number;
  prefixWeight: number;
  typoWeight: number;
}

export const DEFAULT_RANKER: RankerConfig = {
  bm25: DEFAULT_BM25,
  lexicon: DEFAULT_LEXICON_WEIGHTS,
  nameBonus: 0.5,
  prefixWeight: 0.5,
  typoWeight: 0.5,
};

export interface Scored {
  index: number;
  name: string;
  score: number;
}

/** Higher score first, then name: the one ordering every mode uses, so results never depend on catalog order. */
export function byScoreThenName(a: Scored, b: Scored): number {
  return b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** The ranked lexical search: BM25F plus vocabulary-aware expansion (prefixes, typos) and name coverage. */
export class TextRanker {
  readonly names: string[];
  private readonly index: Bm25Index;
  private readonly nameTerms: string[][];

  constructor(
    docs: readonly SearchDoc[],
    private readonly config: RankerConfig = DEFAULT_RANKER,
  ) {
    this.names = docs.map((d) => d.name);
    const fields = docs.map(docFields);
    this.nameTerms = fields.map((f) => f.name);
    this.index = new Bm25Index(fields, config.bm25);
  }

  /** Prefix and typo alternatives for a typed word (a binary search, and a vocabulary scan for unknown words). */
  private vocabularyMatches(surface: string): [string[], string[]] {
    const s = stem(surface);
    const prefix = surface.length >= 4 ? prefixMatches(this.index.vocabulary, surface, 12).filter((t) => t !== s) : [];
    // Typo tolerance only for longer words: short unknown words are mostly names (Tokyo, Acme), not typos.
    const typos =
      !this.index.has(s) && prefix.length === 0 && surface.length >= 5 ? typoMatches(this.index.vocabulary, s, 6) : [];
    return [prefix, typos];
  }

  terms(text: string): QueryTerm[] {
    return expandQuery(text, getLexicon(this.config.lexicon)).map((q) => {
      if (!q.surface) return q;
      const [prefix, typos] = this.vocabularyMatches(q.surface);
      if (prefix.length === 0 && typos.length === 0) return q;
      return {
        ...q,
        expansions: [
          ...q.expansions,
          ...prefix.map((t) => ({ terms: [t], weight: this.config.prefixWeight })),
          ...typos.map((t) => ({ terms: [t], weight: this.config.typoWeight })),
        ],
      };
    });
  }

  private weights(query: readonly QueryTerm[]): Map<string, number> {
    const weightOf = new Map<string, number>();
    for (const q of query) {
      for (const e of q.expansions) for (const t of e.terms) weightOf.set(t, Math.max(weightOf.get(t) ?? 0, e.weight));
    }
    return weightOf;
  }

  /** The base score lifted by how much of the tool's name the query covers (weighted by expansion trust). */
  private final(i: number, base: number, weightOf: Map<string, number>): number {
    const nt = this.nameTerms[i]!;
    if (nt.length === 0) return base;
    let covered = 0;
    for (const t of nt) covered += weightOf.get(t) ?? 0;
    return base * (1 + (this.config.nameBonus * covered) / nt.length);
  }

  /** Every document with a positive score for the query (optionally only those `allow` accepts), unsorted. */
  scoreAll(query: readonly QueryTerm[], allow?: (index: number) => boolean): Scored[] {
    const { touched, scores } = this.index.score(query);
    const weightOf = this.weights(query);
    const out: Scored[] = [];
    for (const i of touched) {
      if (allow && !allow(i)) continue;
      out.push({ index: i, name: this.names[i]!, score: this.final(i, scores[i]!, weightOf) });
    }
    return out;
  }

  /**
   * Best `limit` results, best first. The name lift is at most ×(1 + nameBonus), so once the first `limit`
   * documents by base score are lifted, any document whose base could not reach them is skipped unscored.
   */
  top(query: readonly QueryTerm[], limit: number, allow?: (index: number) => boolean): Scored[] {
    if (limit <= 0) return [];
    const { touched, scores } = this.index.score(query);
    const weightOf = this.weights(query);
    const base: Scored[] = [];
    for (const i of touched) if (!allow || allow(i)) base.push({ index: i, name: this.names[i]!, score: scores[i]! });
    const seeds = topK(base.slice(), limit);
    if (seeds.length === 0) return [];
    let floor = Infinity;
    for (const s of seeds) floor = Math.min(floor, this.final(s.index, s.score, weightOf));
    const reach = 1 + this.config.nameBonus;
    const kept: Scored[] = [];
    for (const s of base)
      if (s.score * reach >= floor) kept.push({ ...s, score: this.final(s.index, s.score, weightOf) });
    return topK(kept, limit);
  }
}

/** Partial selection: sorting thousands of hits to keep five is the slow part at 10,000 tools. */
export function topK(items: Scored[], k: number): Scored[] {
  if (k <= 0) return [];
  if (items.length <= k * 4) return items.sort(byScoreThenName).slice(0, k);
  const kept: Scored[] = [];
  for (const it of items) {
    if (kept.length < k) {
      kept.push(it);
      if (kept.length === k) kept.sort(byScoreThenName);
    } else if (byScoreThenName(it, kept[k - 1]!) < 0) {
      let j = k - 1;
      while (j > 0 && byScoreThenName(it, kept[j - 1]!) < 0) j--;
      kept.splice(j, 0, it);
      kept.pop();
    }
  }
  return kept.length < k ? kept.sort(byScoreThenName) : kept;
}
