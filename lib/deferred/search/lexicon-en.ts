import lexicon from "./lexicon-en.json";

/**
 * General English software vocabulary for query expansion. Nothing here names a particular query or tool:
 * it is the vocabulary people use for what tools do (verbs), what they act on (nouns), common abbreviations
 * and well-known product categories. Entries with a space are phrases matched on consecutive query words.
 * The words live in lexicon-en.json (data, grouped by family); this module gives them their types.
 */

/** Abbreviations and spellings that mean exactly the same thing (expanded at near-full weight). */
export const EQUIVALENTS: Readonly<Record<string, string>> = lexicon.equivalents;

/**
 * Groups of words a user may say for one idea. Symmetric; a word may sit in several groups.
 * Expanded at reduced weight, and a query word only ever scores through its single best expansion.
 */
export const RELATED: string[][] = Object.values(lexicon.related).flat();

/** Well-known products and the category words people use instead of the product's name. */
export const PRODUCTS: string[][] = Object.values(lexicon.products).flat();
