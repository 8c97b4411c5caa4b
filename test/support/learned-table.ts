import { expect } from "vitest";
import type { TranslationTable } from "@/lib/deferred/search/translation-model";

/**
 * What a table written by scripts/learn-associations.ts must look like (learned, not written): many words, each
 * with entries other than itself, every strength in (0, 1], strongest first.
 */
export function expectLearnedTable(table: TranslationTable): void {
  expect(Object.keys(table).length).toBeGreaterThan(1000);
  for (const [word, entries] of Object.entries(table)) {
    expect(entries.length).toBeGreaterThan(0);
    for (const [term, p] of entries) {
      expect(term).not.toBe(word);
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThanOrEqual(1);
    }
    expect(entries.map(([, p]) => p)).toEqual([...entries.map(([, p]) => p)].sort((a, b) => b - a));
  }
}
