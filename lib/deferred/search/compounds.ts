import type { QueryTerm } from "./expand";
import { type DocFields, FIELD_NAMES } from "./fields";
import { stem } from "./stem";
import type { TermTable } from "./term-table";
import { STOPWORDS } from "./tokenize";
import type { Wordnet } from "./wordnet";

/**
 * Compound words written either way. Tool authors write the same thing as one word or two ("filepath", `file_path`,
 * "file path"; "heapsnapshot", "heap snapshot"; "timezone"), and a request says it one way. Two parts:
 *
 * - **In the catalog, a closed compound also counts as its two words** ("filepath" → file, path), by Koehn and
 *   Knight's frequency rule over the catalog's own words: both parts are words of the catalog on their own, and the
 *   geometric mean of the numbers of servers that use each is above the number that use the compound (a word one
 *   server writes everywhere, as a parameter name, is still its two words). A word WordNet knows whole ("password",
 *   "download", "workflow") is a word, not a compound; so is any word when WordNet is not there.
 * - **In a request, two typed words also count as the one word they make** when the catalog holds it: "back up" →
 *   backup, "heap snapshot" → heapsnapshot, "to-do" → todo, as one more term at `joinWeight`.
 *
 * Terms are stems: the second part may have lost a final "e" to the stemmer ("datastor" = data + store).
 */
export interface CompoundUse {
  /** The shortest part, in letters, as written in the compound (3 split "permiss" into per + miss). */
  minPart: number;
  /** Weight of the word two typed words make, as an expansion's weight (a typed word weighs 1). */
  joinWeight: number;
}

/** Chosen on the dev pools (thirty-ninth session; lib/deferred/search/README.md, "Compound words"). */
export const DEFAULT_COMPOUND_USE: CompoundUse = { minPart: 4, joinWeight: 0.5 };

const LETTERS = /^[a-z]+$/;

/** Whether WordNet knows a stemmed term as a word of its own (the stem, or the stem with the "e" it lost). */
export function wordnetKnows(wordnet: Wordnet, term: string): boolean {
  return wordnet.has(term) || wordnet.has(`${term}e`) || wordnet.lemmas(term).length > 0;
}

/**
 * Each compound term of the catalog → its two parts' numbers. `serverOf[doc]`: the document's server number (-1 for
 * none: the document counts as its own); `isWord`: whether a term is a word of its own, never split.
 */
export function compoundParts(
  fields: readonly DocFields[],
  table: TermTable,
  serverOf: ArrayLike<number>,
  isWord: (term: string) => boolean,
  use: Pick<CompoundUse, "minPart">,
): Map<number, [number, number]> {
  const min = use.minPart;
  // How many servers use each term. A document without a server counts as its own: group -2 - doc, below every
  // server's number and the -1 that `last` starts from.
  const servers = new Int32Array(table.size);
  const last = new Int32Array(table.size).fill(-1);
  fields.forEach((f, doc) => {
    const server = serverOf[doc] ?? -1;
    const group = server >= 0 ? server : -2 - doc;
    for (const name of FIELD_NAMES) {
      const ids = f[name];
      for (let j = 0; j < ids.length; j++) {
        const t = ids[j]!;
        if (last[t] !== group) {
          last[t] = group;
          servers[t]!++;
        }
      }
    }
  });
  const out = new Map<number, [number, number]>();
  for (let w = 0; w < table.size; w++) {
    const text = table.texts[w]!;
    if (servers[w] === 0 || text.length < 2 * min || !LETTERS.test(text)) continue;
    let best = servers[w]!;
    let parts: [number, number] | null = null;
    for (let i = min; i <= text.length - min; i++) {
      const a = table.find(text.slice(0, i));
      if (a < 0 || servers[a] === 0) continue;
      const rest = text.slice(i);
      for (const tail of [rest, `${rest}e`]) {
        const b = table.find(tail);
        if (b < 0 || servers[b] === 0) continue;
        const mean = Math.sqrt(servers[a]! * servers[b]!);
        if (mean > best) {
          best = mean;
          parts = [a, b];
        }
      }
    }
    // Asked last: most terms have no split.
    if (parts && !isWord(text)) out.set(w, parts);
  }
  return out;
}

/** Each field of each document also holds the parts of each compound it holds, after it, as often as it. */
export function addCompoundParts(fields: DocFields[], parts: ReadonlyMap<number, readonly [number, number]>): void {
  if (parts.size === 0) return;
  for (const f of fields)
    for (const name of FIELD_NAMES) {
      const ids = f[name];
      let extra = 0;
      for (let j = 0; j < ids.length; j++) if (parts.has(ids[j]!)) extra += 2;
      if (extra === 0) continue;
      const out = new Int32Array(ids.length + extra);
      let k = 0;
      for (let j = 0; j < ids.length; j++) {
        out[k++] = ids[j]!;
        const p = parts.get(ids[j]!);
        if (p) {
          out[k++] = p[0];
          out[k++] = p[1];
        }
      }
      f[name] = out;
    }
}

/** Two typed words apart by spaces, the second perhaps ending a clause; or joined by a hyphen. */
const SPACED_PAIR = /(?<=^|\s)([a-z]+)\s+(?=([a-z]+)(?:[\s.,;:!?]|$))/g;
const HYPHENED_PAIR = /(?<![a-z-])([a-z]+)-([a-z]+)(?![a-z-])/g;

/**
 * The words two typed words make: each pair apart by spaces, neither a stopword ("what to do" is no "todo"), and
 * each pair joined by a hyphen ("to-do", "e-mail"). `has`: whether the catalog holds a term.
 */
export function joinedTerms(
  text: string,
  has: (term: string) => boolean,
  use: Pick<CompoundUse, "joinWeight">,
): QueryTerm[] {
  if (use.joinWeight <= 0) return [];
  const lower = text.toLowerCase();
  const out: QueryTerm[] = [];
  const seen = new Set<string>();
  const put = (a: string, b: string, source: string) => {
    const joined = stem(a + b);
    if (seen.has(joined) || !has(joined)) return;
    seen.add(joined);
    out.push({ source, expansions: [{ terms: [joined], weight: use.joinWeight }] });
  };
  for (const [, a, b] of lower.matchAll(SPACED_PAIR))
    if (!STOPWORDS.has(a!) && !STOPWORDS.has(b!)) put(a!, b!, `${a} ${b}`);
  for (const [, a, b] of lower.matchAll(HYPHENED_PAIR)) put(a!, b!, `${a}-${b}`);
  return out;
}
