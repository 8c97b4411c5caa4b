import learned from "./learned-associations.json";
import type { Expansion } from "./lexicon";
import { stem } from "./stem";
import type { TranslationTable } from "./translation-model";
import type { Vocabulary } from "./wordnet-use";

/**
 * Word translations learned from requests people wrote for API operations (training/search/, learned by
 * scripts/learn-associations.ts): an everyday word points at the operation words it stood for ("stash" → store).
 * Only words the catalog uses count, each at `weight` × its learned strength.
 */
export interface LearnedUse {
  /** Weight of a translation of strength 1; original words weigh 1. */
  weight: number;
}

export const DEFAULT_LEARNED_USE: LearnedUse = { weight: 1.33 };

const TABLE = (learned as unknown as { table: TranslationTable }).table;

export function learnedExpansions(
  surface: string,
  catalog: Vocabulary,
  use: LearnedUse = DEFAULT_LEARNED_USE,
): Expansion[] {
  const entries = TABLE[stem(surface)];
  if (!entries || use.weight <= 0) return [];
  const out: Expansion[] = [];
  for (const [term, strength] of entries)
    if (catalog.has(term)) out.push({ terms: [term], weight: use.weight * strength });
  return out;
}
