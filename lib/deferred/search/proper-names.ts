import type { QueryTerm } from "./expand";
import type { Expansion } from "./lexicon";
import { stem } from "./stem";
import { STOPWORDS } from "./tokenize";
import type { Wordnet } from "./wordnet";
import type { Vocabulary } from "./wordnet-use";

/**
 * Proper names and what they are. A request often names one particular thing ("Yellowstone", "Big Bend") and not
 * its kind, while tools are described by kinds ("national park"). WordNet knows many names as instances of a kind
 * ("Yellowstone National Park" is an instance of "national park", "Yellowstone" of "river"), so a name the request
 * writes capitalised, as a whole WordNet name or as the start of a longer one, reaches the kinds those names are
 * instances of. Only names WordNet itself writes capitalised count, only their instance links (wordnet.ts,
 * `instanceOf`), and only kinds whose words the catalog holds. A capitalised word that opens a sentence counts only
 * as part of a longer name, since most such words are capitalised for that reason alone ("Mark me as away" names
 * no Mark Antony). No list here is written for any request: the names and kinds are WordNet's.
 */
export interface ProperNameUse {
  /** Weight of a kind's words, as an expansion's weight (a typed word weighs 1); 0 turns it off. */
  weight: number;
  /** At most this many longer WordNet names are read per name the request writes. */
  maxNames: number;
}

export const DEFAULT_PROPER_NAME_USE: ProperNameUse = { weight: 0.5, maxNames: 8 };

/** A run of capitalised words (at most MAX_RUN), lower-cased, and whether its first word opens a sentence. */
export interface CapitalisedRun {
  words: string[];
  opens: boolean;
}

const MAX_RUN = 3;

/** A sentence ends at these; a run of names also ends at a comma, a bracket or a quote. */
const SENTENCE_END = ".!?:";
const RUN_BREAK = `${SENTENCE_END};,()"`;

/** The runs of capitalised words of a text, in order. */
export function capitalisedRuns(text: string): CapitalisedRun[] {
  const runs: CapitalisedRun[] = [];
  let opens = true;
  let run: CapitalisedRun | null = null;
  for (const [token] of text.matchAll(/[\p{L}\p{N}'-]+|[.!?:;,()"]/gu)) {
    if (token.length === 1 && RUN_BREAK.includes(token)) {
      run = null;
      if (SENTENCE_END.includes(token)) opens = true;
      continue;
    }
    if (/^\p{Lu}\p{Ll}/u.test(token)) {
      if (run && run.words.length < MAX_RUN) run.words.push(token.toLowerCase());
      else {
        run = { words: [token.toLowerCase()], opens };
        runs.push(run);
      }
    } else run = null;
    opens = false;
  }
  return runs;
}

/** A run's key for a memo: its words, and whether it opens a sentence. */
export const runKey = (run: CapitalisedRun): string => `${run.opens ? "^" : ""}${run.words.join(" ")}`;

/**
 * The query term of a run: the kinds of the longest span of it (the earliest first) that WordNet knows as a name or
 * as the start of names, whose kinds the catalog holds; null when there is none.
 */
export function properNameTerm(
  run: CapitalisedRun,
  wordnet: Wordnet,
  vocab: Vocabulary,
  use: ProperNameUse = DEFAULT_PROPER_NAME_USE,
): QueryTerm | null {
  if (use.weight <= 0) return null;
  for (let start = 0; start < run.words.length; start++)
    for (let end = run.words.length; end > start; end--) {
      if (start === 0 && end === 1 && run.opens) continue;
      const words = run.words.slice(start, end);
      if (words.every((w) => STOPWORDS.has(w))) continue;
      const kinds = kindsOf(words.join("_"), wordnet, vocab, use);
      if (kinds.length > 0) return { source: `name:${words.join(" ")}`, expansions: kinds, inferred: true };
    }
  return null;
}

/** What the name `lemma`, and the longer names it starts, are instances of, as the catalog's terms. */
function kindsOf(lemma: string, wordnet: Wordnet, vocab: Vocabulary, use: ProperNameUse): Expansion[] {
  const names = wordnet.withPrefix(`${lemma}_`, use.maxNames);
  if (wordnet.has(lemma)) names.unshift(lemma);
  const kinds = new Map<string, Expansion>();
  for (const name of names)
    for (const kind of wordnet.lookup(name)?.instanceOf ?? []) {
      const terms = kind
        .split("_")
        .filter((w) => !STOPWORDS.has(w))
        .map(stem);
      if (terms.length > 0 && terms.every((t) => vocab.has(t)))
        kinds.set(terms.join(" "), { terms, weight: use.weight });
    }
  return [...kinds.values()];
}
