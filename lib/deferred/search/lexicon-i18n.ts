import lexicon from "./lexicon-i18n.json";

/**
 * Common software verbs and nouns in other languages, rendered as English search words: "," separates
 * concepts (each a query term), a space separates alternatives for one concept, "_" joins a phrase.
 * Chinese and Japanese keys are matched inside unsegmented text (longest key first), so compounds are listed
 * when their meaning is not the sum of their characters. Latin-script keys are folded (lower case, no accents).
 * The entries live in lexicon-i18n.json, grouped by language and family.
 */
export const TRANSLATIONS: Readonly<Record<string, string>> = Object.assign({}, ...Object.values(lexicon));

/** Snowball languages of each Latin-script section (by its heading), for matching inflected forms (inflections.ts). */
const SECTION_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  Spanish: ["es"],
  German: ["de"],
  French: ["fr"],
  "Portuguese / Italian (shared forms above cover many)": ["pt", "it"],
};

/** Each Latin-script section's keys with the languages they are in. */
export const KEYS_BY_LANGUAGE: ReadonlyArray<[string, string[]]> = Object.entries(SECTION_LANGUAGES).flatMap(
  ([section, languages]) => {
    const entries = (lexicon as Record<string, Record<string, string>>)[section];
    if (!entries) throw new Error(`lexicon-i18n.json: no section "${section}"`);
    return languages.map((lang): [string, string[]] => [lang, Object.keys(entries)]);
  },
);
