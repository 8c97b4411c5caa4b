import { type BuildSteps, runSteps } from "./build-steps";
import { type Inflections, inflectionsSteps } from "./inflections";
import { EQUIVALENTS, PRODUCTS, RELATED } from "./lexicon-en";
import { KEYS_BY_LANGUAGE, TRANSLATIONS } from "./lexicon-i18n";
import { stem } from "./stem";
import { fold, HAS_CJK, rawTokens, STOPWORDS } from "./tokenize";

/** One way to read a query word: index terms (several = a phrase, all scored) and how much to trust it. */
export interface Expansion {
  terms: string[];
  weight: number;
}

export interface PhraseEntry {
  /** Stemmed words that must follow each other in the query. */
  key: string[];
  expansions: Expansion[];
}

/** Weights of each kind of expansion; the literal word always has weight 1. */
export interface LexiconWeights {
  equivalent: number;
  related: number;
  product: number;
}
export const DEFAULT_LEXICON_WEIGHTS: LexiconWeights = { equivalent: 0.9, related: 0.732, product: 0.6 };

export interface Lexicon {
  /** By stemmed single word. */
  words: Map<string, Expansion[]>;
  /** Multi-word keys by their first stemmed word. */
  phrases: Map<string, PhraseEntry[]>;
  /** Non-English key (folded) → concepts → alternatives → English words (several = a phrase). */
  translations: Map<string, string[][][]>;
  /** Inflected forms of the Latin-script translation keys ("lösche" → "löschen"), for words English does not know. */
  inflections: Inflections | null;
  /** CJK translation keys, for longest-match scanning of unsegmented text. */
  cjkKeys: Set<string>;
  cjkMaxKey: number;
}

/** Surface words of a lexicon entry, stemmed, keeping stopwords (they are part of phrase keys). */
const keyOf = (entry: string): string[] => rawTokens(entry).map((t) => (t.cjk ? t.text : stem(t.text)));
/** Index terms of a lexicon entry: what it can match in a tool's text. */
const termsOf = (entry: string): string[] =>
  rawTokens(entry)
    .filter((t) => t.cjk || !STOPWORDS.has(t.text))
    .map((t) => (t.cjk ? t.text : stem(t.text)));

/** Entries compiled between two pauses of a build in steps (build-steps.ts). */
const ENTRIES_PER_STEP = 256;

function* build(WEIGHTS: LexiconWeights): BuildSteps<Lexicon> {
  const words = new Map<string, Expansion[]>();
  const phrases = new Map<string, PhraseEntry[]>();
  const phraseByKey = new Map<string, PhraseEntry>();

  const add = (keyEntry: string, exp: Expansion) => {
    const key = keyOf(keyEntry);
    if (key.length === 0 || exp.terms.length === 0 || exp.terms.join(" ") === key.join(" ")) return;
    if (key.length === 1) {
      const list = words.get(key[0]!) ?? [];
      if (!list.some((e) => e.terms.join(" ") === exp.terms.join(" "))) list.push(exp);
      words.set(key[0]!, list);
      return;
    }
    const id = key.join(" ");
    let entry = phraseByKey.get(id);
    if (!entry) {
      entry = { key, expansions: [] };
      phraseByKey.set(id, entry);
      const list = phrases.get(key[0]!) ?? [];
      list.push(entry);
      phrases.set(key[0]!, list);
    }
    if (!entry.expansions.some((e) => e.terms.join(" ") === exp.terms.join(" "))) entry.expansions.push(exp);
  };

  let done = 0;
  for (const [k, v] of Object.entries(EQUIVALENTS)) {
    add(k, { terms: termsOf(v), weight: WEIGHTS.equivalent });
    if (++done % ENTRIES_PER_STEP === 0) yield;
  }
  for (const [list, weight] of [
    [RELATED, WEIGHTS.related],
    [PRODUCTS, WEIGHTS.product],
  ] as const)
    for (const group of list)
      for (const a of group)
        for (const b of group) {
          if (a === b) continue;
          add(a, { terms: termsOf(b), weight });
          if (++done % ENTRIES_PER_STEP === 0) yield;
        }
  // Longer phrases first so the longest match wins when several start at one word.
  for (const list of phrases.values()) list.sort((a, b) => b.key.length - a.key.length);

  const translations = new Map<string, string[][][]>();
  const cjkKeys = new Set<string>();
  let cjkMaxKey = 0;
  for (const [k, v] of Object.entries(TRANSLATIONS)) {
    const key = HAS_CJK.exec(k) !== null ? k : fold(k);
    translations.set(
      key,
      v.split(",").map((concept) =>
        concept
          .trim()
          .split(/\s+/)
          .map((alt) => alt.split("_")),
      ),
    );
    if (HAS_CJK.exec(k) !== null) {
      cjkKeys.add(key);
      cjkMaxKey = Math.max(cjkMaxKey, key.length);
    }
    if (++done % ENTRIES_PER_STEP === 0) yield;
  }
  const inflections = yield* inflectionsSteps(
    KEYS_BY_LANGUAGE.map(([lang, keys]): [string, string[]] => [lang, keys.map((k) => fold(k))]),
  );
  return { words, phrases, translations, inflections, cjkKeys, cjkMaxKey };
}

const compiled = new Map<string, Lexicon>();
/** Compiled once per process and weight set (50–80 ms); shared by every searcher. */
export function getLexicon(weights: LexiconWeights = DEFAULT_LEXICON_WEIGHTS): Lexicon {
  // Read on every search: the compiled one without making a generator.
  return compiled.get(lexiconKey(weights)) ?? runSteps(lexiconSteps(weights));
}

const lexiconKey = (weights: LexiconWeights) => `${weights.equivalent}/${weights.related}/${weights.product}`;

/**
 * getLexicon() as steps (build-steps.ts), for a build that gives other work a turn: nothing to do when this
 * weight set is compiled already. Two builds compiling it at once each compile it; the first to finish is kept.
 */
export function* lexiconSteps(weights: LexiconWeights = DEFAULT_LEXICON_WEIGHTS): BuildSteps<Lexicon> {
  const key = lexiconKey(weights);
  const known = compiled.get(key);
  if (known) return known;
  const lex = yield* build(weights);
  const first = compiled.get(key);
  if (first) return first;
  compiled.set(key, lex);
  return lex;
}

/** A translation key found in a CJK run, and where it starts. */
export interface CjkHit {
  key: string;
  at: number;
}

/** Longest-match-first scan of a CJK run against the translation keys; unmatched characters are skipped. */
export function scanCjkHits(run: string, lex: Lexicon): CjkHit[] {
  const found: CjkHit[] = [];
  for (let i = 0; i < run.length; ) {
    let hit = "";
    for (let len = Math.min(lex.cjkMaxKey, run.length - i); len >= 1; len--) {
      const piece = run.slice(i, i + len);
      if (lex.cjkKeys.has(piece)) {
        hit = piece;
        break;
      }
    }
    if (hit) {
      found.push({ key: hit, at: i });
      i += hit.length;
    } else i++;
  }
  return found;
}

/** The translation keys found in a CJK run (scanCjkHits without the places). */
export function scanCjk(run: string, lex: Lexicon): string[] {
  return scanCjkHits(run, lex).map((h) => h.key);
}

/** No expansions at all: what the search does with the lexicons switched off. */
export const NO_LEXICON: Lexicon = {
  words: new Map(),
  phrases: new Map(),
  translations: new Map(),
  inflections: null,
  cjkKeys: new Set(),
  cjkMaxKey: 0,
};
