import type { NameAssociations } from "./associations";
import type { Bm25Index } from "./bm25";
import { BoundedMemo } from "./bounded-memo";
import { getCedict } from "./cedict";
import { joinedTerms } from "./compounds";
import { entityTerms } from "./entities";
import { expandQuery, newTypedWordMemo, type QueryTerm } from "./expand";
import { prefixMatches, typoMatches } from "./fuzzy";
import { KATAKANA_WORD, SoundIndex } from "./katakana";
import { learnedExpansions } from "./learned";
import { getLearnedCjk } from "./learned-cjk";
import { type Expansion, getLexicon, type Lexicon, NO_LEXICON } from "./lexicon";
import { NameNeighbours } from "./name-neighbours";
import type { NamedServers } from "./named-servers";
import { capitalisedRuns, properNameTerm, runKey } from "./proper-names";
import type { RankerConfig } from "./ranker-config";
import { isPlainWord, stem } from "./stem";
import { HAS_CJK } from "./tokenize";
import { getWordVectors } from "./word-vectors";
import type { Wordnet } from "./wordnet";
import { getWordnet, hypernymChain, wordnetExpansions, wordnetPhraseExpansions, type WordnetUse } from "./wordnet-use";

/**
 * Words and word pairs whose expansions one reader keeps (tool texts and requests share a small vocabulary; a few MB
 * at most). When full a memo starts again, so a stream of new words cannot grow it without bound.
 */
const MAX_EXPANSION_MEMO = 20_000;

const NO_EXPANSIONS: Expansion[] = [];

/** A letter outside ASCII ("lösche", "páginas", 列出): the text is not English. */
const FOREIGN_LETTER = /(?![\x00-\x7f])\p{L}/u;

/** Whether a request is in another language: a letter outside ASCII, or a word the lexicon translated. */
export function inAnotherLanguage(text: string, terms: readonly QueryTerm[]): boolean {
  return FOREIGN_LETTER.test(text) || terms.some((q) => q.translated);
}

/** What the reader reads a request against: the catalog's index and name words, and what was built from them. */
export interface QueryReaderParts {
  index: Bm25Index;
  /** Every word of some tool's name (the name-word neighbours are among them). */
  nameWords: Set<string>;
  /** Built only when that technique is on. */
  associations: NameAssociations | null;
  /** The catalog's servers by name, when the `named` technique is on. */
  named: NamedServers | null;
}

/** A request as query terms. */
export interface ReadQuery {
  /** Its terms: the typed words' first (as many as `typed`), then word pairs, entities, inferred kinds and sounds. */
  terms: QueryTerm[];
  typed: number;
  /** Whether it is in another language (a letter outside ASCII, or a word the lexicon translated). */
  foreign: boolean;
}

/**
 * A request's text read into query terms for one catalog: each typed word with everything it expands to, its word
 * pairs, the entities and proper names it writes, the kinds WordNet says its words are and the catalog's words its
 * katakana sounds like. Every expansion is a pure function of the words and this catalog, so each is kept (bounded
 * memos) and a word's whole term is the same object each time it is read: the ranker keeps its scores across
 * searches (`isShared`), and is told (`onWordsForgotten`) when the memo of whole terms starts again.
 */
export class QueryReader {
  private readonly index: Bm25Index;
  private readonly nameWords: Set<string>;
  private readonly associations: NameAssociations | null;
  private readonly named: NamedServers | null;
  /** How WordNet is read: the configured use, with what adjectives measure only when `attributes` is on. */
  private readonly wordnetUse: WordnetUse;
  /** The name words nearest a typed word (`neighbours`), made on the first word asked. */
  private nameNeighbours: NameNeighbours | null = null;
  /** The catalog's words by sound, for katakana loanwords: built on the first one met (katakanaTerms). */
  private sounds: SoundIndex | undefined;
  /** Per typed word, its whole term (the lexicon's expansions and those beyond it). */
  private readonly wordMemo: BoundedMemo<string, QueryTerm>;
  private readonly pairMemo = new BoundedMemo<string, Expansion[]>(MAX_EXPANSION_MEMO);
  /** Whether a typed word begins some multi-word WordNet lemma ("sea" of sea_level). */
  private readonly lemmaHeads = new BoundedMemo<string, boolean>(MAX_EXPANSION_MEMO);
  /** A run of capitalised words → its proper-name term (proper-names.ts), or null; a pure function of the run. */
  private readonly nameMemo = new BoundedMemo<string, QueryTerm | null>(MAX_EXPANSION_MEMO);
  /** Per typed word, its hypernyms' term (hypernymTerms), or null. */
  private readonly chainMemo = new BoundedMemo<string, QueryTerm | null>(MAX_EXPANSION_MEMO);
  /** The typed words' lexicon terms and inflected-form lookups (expand.ts). */
  private readonly typedWords = newTypedWordMemo(MAX_EXPANSION_MEMO);
  /** Chinese and Japanese words' learned translations this catalog uses (`learnedcjk`). */
  private readonly cjkWordMemo = new BoundedMemo<string, Expansion[]>(MAX_EXPANSION_MEMO);

  constructor(
    parts: QueryReaderParts,
    private readonly config: RankerConfig,
    onWordsForgotten: () => void,
  ) {
    this.index = parts.index;
    this.nameWords = parts.nameWords;
    this.associations = parts.associations;
    this.named = parts.named;
    this.wordMemo = new BoundedMemo<string, QueryTerm>(MAX_EXPANSION_MEMO, onWordsForgotten);
    this.wordnetUse = config.techniques.attributes ? config.wordnet : { ...config.wordnet, attribute: 0 };
  }

  /** Whether `q` is the whole term this reader keeps for its typed word, the same object each time it is read. */
  isShared(q: QueryTerm): boolean {
    return q.surface !== undefined && this.wordMemo.get(q.surface) === q;
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

  /**
   * Query text → terms with every expansion, and what the ranker needs to know of them. What a typed word or word pair
   * expands to (the lexicon, prefixes, typos, WordNet, learned translations) is kept per word (`typedWords`,
   * `wordMemo`, `pairMemo`): a pure function of the word and this catalog, so a word met again (in a clause, a later
   * query) is not looked up again.
   */
  read(text: string): ReadQuery {
    const lexicon = this.config.techniques.lexicon ? getLexicon(this.config.lexicon) : NO_LEXICON;
    const wordnet = this.config.techniques.wordnet ? getWordnet() : null;
    // A word the catalog or WordNet knows is English, never an inflected foreign word ("paste" is not "pasta").
    // Asked once per word: `typedWords` keeps the inflected-form lookup that asks it.
    const knowsEnglish = (word: string) =>
      this.index.has(stem(word)) || wordnet?.lemmas(word).some((l) => wordnet.has(l)) === true;
    const cedict = this.config.techniques.cedict && HAS_CJK.exec(text) !== null ? getCedict() : null;
    const dictionary = cedict
      ? { cedict, use: this.config.cedict, characters: this.config.techniques.characters }
      : null;
    const learnedCjk =
      this.config.techniques.learnedcjk && HAS_CJK.exec(text) !== null
        ? (word: string) =>
            this.cjkWordMemo.remember(word, () => getLearnedCjk().expansions(word, this.index, this.config.learnedCjk))
        : null;
    const query = expandQuery(text, lexicon, knowsEnglish, this.typedWords, dictionary, learnedCjk);
    const phrases: QueryTerm[] = [];
    if (wordnet)
      for (let i = 1; i < query.length; i++) {
        const a = query[i - 1]!.surface;
        const b = query[i]!.surface;
        if (!a || !b) continue;
        const expansions = this.pairExpansions(a, b, wordnet);
        if (expansions.length > 0) phrases.push({ source: `${a} ${b}`, expansions });
      }
    if (this.config.techniques.compounds)
      phrases.push(...joinedTerms(text, (t) => this.index.has(t), this.config.compounds));
    const named = this.named;
    const entities = this.config.techniques.entities
      ? entityTerms(text, this.config.entities, named ? (host) => named.namesServerHost(host) : undefined)
      : [];
    if (wordnet && this.config.techniques.names) entities.push(...this.properNameTerms(text, wordnet));
    // A request in another language: the learned models' borrowed words and WordNet's kinds do not read it.
    const foreign = inAnotherLanguage(text, query);
    // The kinds a word is weigh what the words found; they answer no request in another language (WordNet would read
    // its words as English ones: "el", "al") nor one whose words found nothing ("zebra quokka").
    if (wordnet && this.config.techniques.hypernyms && !foreign) {
      const kinds = this.hypernymTerms(query, wordnet);
      if (kinds.length > 0 && [...query, ...phrases, ...entities].some((q) => this.reaches(q, wordnet)))
        entities.push(...kinds);
    }
    const sounds = this.config.techniques.katakana ? this.katakanaTerms(text, lexicon) : [];
    const all = [...query, ...phrases, ...entities, ...sounds].map((q) =>
      q.surface ? this.wholeTerm(q, q.surface, wordnet) : q,
    );
    return { terms: all, typed: query.length, foreign };
  }

  /**
   * Katakana words of the text that are no lexicon key, each a term of the catalog's words that sound like it
   * (katakana.ts); the catalog's sound index is built on the first such word.
   */
  private katakanaTerms(text: string, lexicon: Lexicon): QueryTerm[] {
    const out: QueryTerm[] = [];
    const { weight, maxWords } = this.config.katakana;
    for (const [run] of text.normalize("NFKC").matchAll(KATAKANA_WORD)) {
      if (lexicon.cjkKeys.has(run)) continue;
      this.sounds ??= new SoundIndex(this.index.vocabulary, maxWords);
      const words = this.sounds.wordsFor(run);
      if (words.length > 0)
        out.push({ source: `${run}→sound`, expansions: words.map((w) => ({ terms: [w], weight })), translated: true });
    }
    return out;
  }

  /**
   * A typed word's term with what it expands to beyond the lexicon. `q` is the word's lexicon term, itself a pure
   * function of the word (expand.ts keeps one per word), so the whole term is kept per word and shared.
   */
  private wholeTerm(q: QueryTerm, surface: string, wordnet: Wordnet | null): QueryTerm {
    return this.wordMemo.remember(surface, () => {
      const more = this.moreExpansions(surface, wordnet);
      return more.length === 0 ? q : { ...q, expansions: [...q.expansions, ...more] };
    });
  }

  /** With `names` on, one term per proper name the text writes that WordNet knows the kind of (kept per run). */
  private properNameTerms(text: string, wordnet: Wordnet): QueryTerm[] {
    const out: QueryTerm[] = [];
    for (const run of capitalisedRuns(text)) {
      const term = this.nameMemo.remember(runKey(run), () =>
        properNameTerm(run, wordnet, this.index, this.config.properNames),
      );
      if (term) out.push(term);
    }
    return out;
  }

  /** Whether a term reaches a word the catalog holds: through its expansions, or its typed word's (wholeTerm's). */
  private reaches(q: QueryTerm, wordnet: Wordnet): boolean {
    const whole = q.surface ? this.wholeTerm(q, q.surface, wordnet) : q;
    return whole.expansions.some((e) => e.terms.every((t) => this.index.has(t)));
  }

  /** Per typed word the catalog lacks, the kinds it is up WordNet's hypernyms, as a term of its own (kept per word). */
  private hypernymTerms(query: readonly QueryTerm[], wordnet: Wordnet): QueryTerm[] {
    const out: QueryTerm[] = [];
    for (const q of query) {
      const surface = q.surface;
      if (!surface) continue;
      const term = this.chainMemo.remember(surface, () => {
        const expansions = hypernymChain(wordnet, surface, this.index, this.config.hypernymChain);
        return expansions.length === 0 ? null : { source: `${surface}^`, expansions, inferred: true };
      });
      if (term) out.push(term);
    }
    return out;
  }

  /** Two consecutive typed words that WordNet knows as one lemma → its expansions (kept per pair). */
  private pairExpansions(a: string, b: string, wordnet: Wordnet): Expansion[] {
    // Most words begin no multi-word lemma: known per word, so their pairs are neither looked up nor kept.
    if (!this.lemmaHeads.remember(a, () => wordnet.hasPrefix(`${a}_`))) return NO_EXPANSIONS;
    return this.pairMemo.remember(`${a} ${b}`, () =>
      wordnetPhraseExpansions(wordnet, a, b, this.index, this.wordnetUse),
    );
  }

  /**
   * What a typed word adds beyond the lexicon: prefixes, typos, WordNet synonyms, associations, learned translations,
   * the name words nearest it by the learned vectors.
   */
  private moreExpansions(surface: string, wordnet: Wordnet | null): Expansion[] {
    const [prefix, typos] = this.vocabularyMatches(surface);
    return [
      ...prefix.map((t) => ({ terms: [t], weight: this.config.prefixWeight })),
      ...typos.map((t) => ({ terms: [t], weight: this.config.typoWeight })),
      ...(wordnet ? wordnetExpansions(wordnet, surface, this.index, this.wordnetUse) : []),
      ...(this.associations ? this.associations.of(stem(surface)) : []),
      ...(this.config.techniques.learned ? learnedExpansions(surface, this.index, this.config.learned) : []),
      ...this.neighbourExpansions(surface),
    ];
  }

  /** With `neighbours` on, an English typed word's nearest name words (name-neighbours.ts), made on first use. */
  private neighbourExpansions(surface: string): Expansion[] {
    if (!this.config.techniques.neighbours || !isPlainWord(surface)) return NO_EXPANSIONS;
    this.nameNeighbours ??= new NameNeighbours(this.nameWords, getWordVectors(), this.config.neighbours);
    return this.nameNeighbours.of(stem(surface));
  }
}
