import lexicon from "./lexicon-i18n.json";

/**
 * Common software verbs and nouns in other languages, rendered as English search words: "," separates
 * concepts (each a query term), a space separates alternatives for one concept, "_" joins a phrase.
 * Chinese and Japanese keys are matched inside unsegmented text (longest key first), so compounds are listed
 * when their meaning is not the sum of their characters. Latin-script keys are folded (lower case, no accents).
 * The entries live in lexicon-i18n.json, grouped by language and family.
 */
export const TRANSLATIONS: Readonly<Record<string, string>> = Object.assign({}, ...Object.values(lexicon));
