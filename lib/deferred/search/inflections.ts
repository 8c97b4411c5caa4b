import { stemmer as french } from "@orama/stemmers/french";
import { stemmer as german } from "@orama/stemmers/german";
import { stemmer as italian } from "@orama/stemmers/italian";
import { stemmer as portuguese } from "@orama/stemmers/portuguese";
import { stemmer as spanish } from "@orama/stemmers/spanish";
import { type BuildSteps, runSteps } from "./build-steps";

/**
 * Inflected forms of the lexicon's Latin-script translation keys. The bilingual lexicon lists a verb once, in
 * the infinitive ("löschen", "supprimer", "cancelar"); people type the imperative or another form ("Lösche den
 * Pod", "Supprime le fichier", "Cancela la suscripción"). Each key is reduced by the Snowball stemmer of every
 * language the lexicon has a Latin-script section for (Snowball's published algorithms, as `@orama/stemmers`
 * ports them: 2–4 µs a word), and a typed word is looked up the same way: "losche" and "loschen" both stem to "losch" in German.
 *
 * Only for words English does not know (the caller checks the catalog and WordNet first): "paste" must not
 * become the Portuguese "pasta" (a folder) through their shared stem.
 */

/** The languages of the lexicon's Latin-script sections (lexicon-i18n.json), in the order a word is tried. */
const STEMMERS: ReadonlyArray<[string, (word: string) => string]> = [
  ["de", german],
  ["fr", french],
  ["es", spanish],
  ["pt", portuguese],
  ["it", italian],
];

const STEMMER_OF = new Map(STEMMERS);
/** Stems shorter than this say too little to trust a match ("ramen" and the Spanish "rama" share "ram"). */
const MIN_STEM = 4;
/** Folded lower-case Latin letters only, long enough to carry an inflection. */
const FOLDED_WORD = /^[a-z]{4,}$/;

/** Keys stemmed between two pauses of a build in steps (build-steps.ts). */
const KEYS_PER_STEP = 256;

/** Inflections made in steps (build-steps.ts), pausing every few hundred keys. */
export function* inflectionsSteps(
  keysByLanguage: Iterable<readonly [string, readonly string[]]>,
): BuildSteps<Inflections> {
  return new Inflections(yield* stemsOf(keysByLanguage));
}

/** `language:stem` → the translation key it came from (the first key of that stem wins). */
function* stemsOf(keysByLanguage: Iterable<readonly [string, readonly string[]]>): BuildSteps<Map<string, string>> {
  const keyByStem = new Map<string, string>();
  let done = 0;
  for (const [lang, keys] of keysByLanguage) {
    const stem = STEMMER_OF.get(lang);
    if (!stem) throw new Error(`inflections: no stemmer for language "${lang}"`);
    for (const key of keys) {
      if (++done % KEYS_PER_STEP === 0) yield;
      if (!FOLDED_WORD.exec(key)) continue;
      const s = stem(key);
      if (s.length < MIN_STEM) continue;
      const id = `${lang}:${s}`;
      if (!keyByStem.has(id)) keyByStem.set(id, key);
    }
  }
  return keyByStem;
}

export class Inflections {
  /** `keyByStem`: `language:stem` → the translation key it came from (the first key of that stem wins). */
  constructor(private readonly keyByStem: Map<string, string>) {}

  /**
   * `keysByLanguage`: per language (de, fr, es, pt, it), the folded translation keys of its section; each key
   * is stemmed only by its own language's stemmer (inflectionsSteps() makes the same in steps).
   */
  static of(keysByLanguage: Iterable<readonly [string, readonly string[]]>): Inflections {
    return new Inflections(runSteps(stemsOf(keysByLanguage)));
  }

  /** The translation key `word` (folded) is an inflected form of, or undefined; never `word` itself. */
  keyOf(word: string): string | undefined {
    if (!FOLDED_WORD.exec(word)) return undefined;
    for (const [lang, stem] of STEMMERS) {
      const key = this.keyByStem.get(`${lang}:${stem(word)}`);
      if (key !== undefined && key !== word) return key;
    }
    return undefined;
  }
}
