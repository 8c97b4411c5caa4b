import { BoundedMemo } from "./bounded-memo";
import type { Cedict, CedictUse } from "./cedict";
import { traditionalForms } from "./japanese-forms";
import { type Expansion, getLexicon, type Lexicon, scanCjkHits } from "./lexicon";
import { stem } from "./stem";
import { fold, HAS_CJK, rawTokens, RUN, splitIdentifier, STOPWORDS } from "./tokenize";

/** One unit of meaning in the query; a document scores through its best-matching expansion. */
export interface QueryTerm {
  /** Readable origin, for checks and debugging. */
  source: string;
  expansions: Expansion[];
  /** Set for words the user typed in Latin script: also matched by prefix / typo tolerance. */
  surface?: string;
  /**
   * Added by the search beside the typed words' own terms (the kind of a thing the text names, a Chinese or Japanese
   * word's learned translations), not typed: left out of the match share.
   */
  inferred?: true;
  /** A foreign word or CJK run's translation through the lexicon. */
  translated?: true;
}

/**
 * A CJK run's own segmenter word, as expandQuery() keeps it beside its translations (for catalogs written in that
 * language): one expansion, whose first term is the word itself.
 */
export function isCjkSegment(q: QueryTerm): boolean {
  return !q.surface && q.expansions.length === 1 && q.expansions[0]!.terms[0] === q.source && HAS_CJK.test(q.source);
}

/** The segmenter words of a query's Chinese and Japanese text (isCjkSegment), in order. */
export function cjkSegments(query: readonly QueryTerm[]): string[] {
  return query.filter(isCjkSegment).map((q) => q.source);
}

/** An English word → its literal term plus the lexicon's expansions. */
function englishTerm(word: string, source: string, lex: Lexicon, surface?: string): QueryTerm {
  const s = stem(word);
  const expansions: Expansion[] = [{ terms: [s], weight: 1 }, ...(lex.words.get(s) ?? [])];
  return { source, expansions, surface };
}

/** Each translated concept becomes one term; its alternatives ("view get list") are merged expansions. */
function translatedTerms(key: string, lex: Lexicon): QueryTerm[] {
  return (lex.translations.get(key) ?? []).map((alternatives) => {
    // By their terms joined, in the order first put.
    const merged = new Map<string, Expansion>();
    const put = (e: Expansion) => {
      const key = e.terms.join(" ");
      const dup = merged.get(key);
      // Copies: the lexicon's own expansions are shared by every query and must not change.
      if (!dup) merged.set(key, { ...e });
      else dup.weight = Math.max(dup.weight, e.weight);
    };
    for (const words of alternatives) {
      if (words.length === 1) englishTerm(words[0]!, key, lex).expansions.forEach(put);
      else put({ terms: words.map(stem), weight: 1 });
    }
    return {
      source: `${key}→${alternatives.map((w) => w.join("_")).join("|")}`,
      expansions: [...merged.values()],
      translated: true as const,
    };
  });
}

/** A dictionary read where the lexicon is silent (the `cedict` technique), and how. */
export interface Dictionary {
  cedict: Cedict;
  use: CedictUse;
  /**
   * The `characters` technique: single characters read too where nothing longer was found, and Japanese text
   * also looked up in traditional character forms (japanese-forms.ts).
   */
  characters?: boolean;
}

/**
 * The dictionary's words in the parts of a CJK run that no lexicon key covered, each one term whose expansions
 * are its glosses at `use.weight` (a one-word gloss also brings the lexicon's English expansions of that word,
 * scaled alike; a two-word gloss is a phrase); a single character's at `use.characterWeight` of that.
 */
function dictionaryTerms(run: string, covered: Uint8Array, dictionary: Dictionary, lex: Lexicon): QueryTerm[] {
  const { cedict, use, characters = false } = dictionary;
  const out: QueryTerm[] = [];
  const variant = characters ? traditionalForms(run) : undefined;
  for (const word of cedict.scan(run, (at) => covered[at] === 0, characters, variant)) {
    // By their terms joined, in the order first put; a later twin is left out.
    const merged = new Map<string, Expansion>();
    const put = (e: Expansion) => {
      const key = e.terms.join(" ");
      if (!merged.has(key)) merged.set(key, e);
    };
    const weight = word.length === 1 ? use.weight * use.characterWeight : use.weight;
    for (const gloss of cedict.glosses(word, use)) {
      const words = gloss.filter((w) => !STOPWORDS.has(w));
      if (words.length === 1)
        for (const e of englishTerm(words[0]!, word, lex).expansions) put({ ...e, weight: e.weight * weight });
      else if (words.length > 1) put({ terms: words.map(stem), weight });
    }
    if (merged.size > 0) out.push({ source: `${word}→cedict`, expansions: [...merged.values()], translated: true });
  }
  return out;
}

/**
 * What one searcher's queries may share across calls (the ranker keeps one per catalog): a pure function of a
 * typed word, the lexicon and `knowsEnglish`, so results are the same with or without it. Terms in `words` are
 * shared by every query that types the word: callers read them, never change them. Each map starts again when full.
 */
export interface TypedWordMemo {
  /** Typed English word → its term (stem, lexicon expansions). */
  words: BoundedMemo<string, QueryTerm>;
  /** Typed word that is no translation key → the key it is an inflected form of, or null. */
  foreignKeys: BoundedMemo<string, string | null>;
}

/** A memo whose maps each keep at most `maxWords` words before they start again. */
export function newTypedWordMemo(maxWords: number): TypedWordMemo {
  return { words: new BoundedMemo(maxWords), foreignKeys: new BoundedMemo(maxWords) };
}

/**
 * Query text → terms. Latin words are split like identifiers, stopwords dropped, stemmed and expanded
 * (abbreviations, related words, multi-word phrases); foreign words and CJK runs are translated through
 * the lexicon, and CJK runs also keep their segmenter words (for catalogs written in those languages). A word
 * that is no key, and that `knowsEnglish` says is not English, is translated as the key it is an inflected form
 * of, if any ("lösche" as "löschen"); by default every word counts as English. With a `dictionary`, the parts
 * of a CJK run that no lexicon key covers are also read as its words (dictionaryTerms). With `learnedCjk`, each
 * segmenter word of a CJK run that has learned translations (learned-cjk.ts) is also one term of them.
 */
export function expandQuery(
  text: string,
  lex: Lexicon = getLexicon(),
  knowsEnglish: (word: string) => boolean = () => true,
  memo?: TypedWordMemo,
  dictionary: Dictionary | null = null,
  learnedCjk: ((word: string) => readonly Expansion[]) | null = null,
): QueryTerm[] {
  const out: QueryTerm[] = [];
  const latin: { raw: string; stem: string }[] = [];
  const lookUpInflected = (raw: string) =>
    STOPWORDS.has(raw) || knowsEnglish(raw) ? undefined : lex.inflections?.keyOf(raw);
  const inflectedKey = (raw: string) =>
    memo ? (memo.foreignKeys.remember(raw, () => lookUpInflected(raw) ?? null) ?? undefined) : lookUpInflected(raw);
  const typedWord = (raw: string) =>
    memo ? memo.words.remember(raw, () => englishTerm(raw, raw, lex, raw)) : englishTerm(raw, raw, lex, raw);
  const flushLatin = () => {
    for (let i = 0; i < latin.length; ) {
      // A known phrase ("logged in", "pull request") is one idea: one term, its words not scored again alone.
      const phrase = (lex.phrases.get(latin[i]!.stem) ?? []).find((p) =>
        p.key.every((k, j) => latin[i + j]?.stem === k),
      );
      if (phrase) {
        const literal = phrase.key.filter((_, j) => !STOPWORDS.has(latin[i + j]!.raw));
        out.push({
          source: phrase.key.join(" "),
          expansions: [...(literal.length > 0 ? [{ terms: literal, weight: 1 }] : []), ...phrase.expansions],
        });
        i += phrase.key.length;
        continue;
      }
      const { raw } = latin[i]!;
      const key = lex.translations.has(raw) ? raw : inflectedKey(raw);
      if (key !== undefined) out.push(...translatedTerms(key, lex));
      else if (!STOPWORDS.has(raw)) out.push(typedWord(raw));
      i++;
    }
    latin.length = 0;
  };
  for (const m of text.normalize("NFKC").matchAll(RUN)) {
    if (m[1]) {
      flushLatin();
      const hits = scanCjkHits(m[1], lex);
      for (const { key } of hits) out.push(...translatedTerms(key, lex));
      if (dictionary) {
        const covered = new Uint8Array(m[1].length);
        for (const { key, at } of hits) covered.fill(1, at, at + key.length);
        out.push(...dictionaryTerms(m[1], covered, dictionary, lex));
      }
      for (const t of rawTokens(m[1])) {
        out.push({ source: t.text, expansions: [{ terms: [t.text], weight: 1 }] });
        const learned = learnedCjk?.(t.text) ?? [];
        // Another reading of a word its segment and translations already count: no word more to find.
        if (learned.length > 0)
          out.push({ source: `${t.text}→learned`, expansions: [...learned], translated: true, inferred: true });
      }
    } else {
      for (const w of splitIdentifier(m[2]!)) {
        const raw = fold(w);
        latin.push({ raw, stem: stem(raw) });
      }
    }
  }
  flushLatin();
  // A word said twice is still one need; keep the first.
  const seen = new Set<string>();
  return out.filter((t) => {
    const id = t.expansions[0]!.terms.join(" ") + "\u0000" + t.expansions.length;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
