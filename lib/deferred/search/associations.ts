import type { Expansion } from "./lexicon";

/**
 * Term associations learned from the catalog itself: a word of the descriptions that keeps company with a
 * word of the tool names ("money" with "refund", "replicas" with "scale") points at tools named that way.
 * Strength is normalised pointwise mutual information over documents, counted on first use of each query word
 * (its posting list × the names of those tools) and remembered, so building the index costs nothing extra.
 */
export interface AssociationConfig {
  /** Documents a pair must share: one shared document is coincidence. */
  minCount: number;
  /** Minimum normalised PMI (−1 … 1). */
  minNpmi: number;
  /** Name words kept per query word. */
  max: number;
  /** Weight of a perfect association (NPMI 1); original words weigh 1. */
  weight: number;
}

export const DEFAULT_ASSOCIATIONS: AssociationConfig = { minCount: 2, minNpmi: 0.5, max: 3, weight: 0.3 };

export interface PostingSource {
  /** Documents holding the term, or undefined for an unknown term. */
  docsOf(term: string): ArrayLike<number> | undefined;
}

export class NameAssociations {
  private readonly nameDf = new Map<string, number>();
  private readonly memo = new Map<string, Expansion[]>();
  private static readonly MAX_MEMO = 50_000;

  constructor(
    private readonly nameTerms: readonly (readonly string[])[],
    private readonly postings: PostingSource,
    private readonly config: AssociationConfig = DEFAULT_ASSOCIATIONS,
  ) {
    for (const names of nameTerms) for (const t of new Set(names)) this.nameDf.set(t, (this.nameDf.get(t) ?? 0) + 1);
  }

  /** Name words associated with an index term, as expansions weighted by strength (strongest first). */
  of(term: string): Expansion[] {
    const hit = this.memo.get(term);
    if (hit) return hit;
    const found = this.compute(term);
    if (this.memo.size >= NameAssociations.MAX_MEMO) this.memo.clear();
    this.memo.set(term, found);
    return found;
  }

  private compute(term: string): Expansion[] {
    const docs = this.postings.docsOf(term);
    const n = this.nameTerms.length;
    if (!docs || docs.length < this.config.minCount || n === 0) return [];
    const together = new Map<string, number>();
    for (let j = 0; j < docs.length; j++) {
      const names = this.nameTerms[docs[j]!]!;
      for (let k = 0; k < names.length; k++) {
        const t = names[k]!;
        if (t === term || names.indexOf(t) !== k) continue;
        together.set(t, (together.get(t) ?? 0) + 1);
      }
    }
    const scored: Array<[string, number]> = [];
    for (const [t, c] of together) {
      if (c < this.config.minCount) continue;
      const pJoint = c / n;
      if (pJoint >= 1) continue;
      const pmi = Math.log(pJoint / ((docs.length / n) * ((this.nameDf.get(t) ?? c) / n)));
      const npmi = pmi / -Math.log(pJoint);
      if (npmi >= this.config.minNpmi) scored.push([t, npmi]);
    }
    scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return scored.slice(0, this.config.max).map(([t, s]) => ({ terms: [t], weight: this.config.weight * s }));
  }
}
