/**
 * Katakana loanwords read by their sound (the `katakana` technique). Japanese writes most software words as
 * katakana renderings of English ones (カレンダー calendar, アカウント account, スクリプト script); the bilingual
 * lexicon lists some, and the rest would need a word list per catalog. Instead both sides are reduced to the
 * consonants a listener hears, in order: a katakana word by the consonant of each kana; an English word by its
 * spelling's sounds, with the changes Japanese makes when it borrows (l and r are one sound, v is b, an r after a
 * vowel that no vowel follows is not said: "calendar" is karendā), and the catalog's words whose key equals a
 * katakana word's key are what it may mean. No list of words: the kana table is the script's, the spelling rules
 * are English's.
 */

/** Each kana's consonant ("" for a vowel, a long mark or a small kana that only changes the vowel). */
const CONSONANT: Record<string, string> = {};
const rows: Array<[string, string]> = [
  ["アイウエオァィゥェォャュョヤユヨワヲヮーッ", ""],
  ["カキクケコヵヶ", "k"],
  ["ガギグゲゴ", "g"],
  ["サスセソザズゼゾ", "s"],
  ["シ", "s"],
  ["ジヂ", "j"],
  ["タテト", "t"],
  ["チ", "c"],
  ["ツ", "t"],
  ["ダヅデド", "d"],
  ["ナニヌネノン", "n"],
  ["ハヒヘホ", "h"],
  ["フ", "f"],
  ["バビブベボヴ", "b"],
  ["パピプペポ", "p"],
  ["マミムメモ", "m"],
  ["ラリルレロ", "r"],
];
for (const [kana, consonant] of rows) for (const k of kana) CONSONANT[k] = consonant;

/** A run of katakana (with the long mark), two or more characters: a loanword candidate. */
export const KATAKANA_WORD = /[\u30a1-\u30fa\u30fc]{2,}/g;

/** Consecutive repeats collapsed ("kkn" → "kn"): doubled letters and geminates are one sound. */
function collapse(s: string): string {
  let out = "";
  for (const ch of s) if (out[out.length - 1] !== ch) out += ch;
  return out;
}

/** A katakana word's consonant key ("" when it holds a character outside the table). */
export function katakanaKey(word: string): string {
  let key = "";
  for (const kana of word) {
    const c = CONSONANT[kana];
    if (c === undefined) return "";
    key += c;
  }
  return collapse(key);
}

const VOWEL = "aeiouy";

/**
 * An English word's consonant keys as a Japanese ear would hear it (none for a word with other characters). Two
 * where its spelling says two things: "-sion" is heard as shon or as jon (session, version), and a final "c",
 * in a stem, may be the "-ce" of a word whose "e" the stemmer dropped (servic, resourc) or a hard c (logic).
 */
export function englishKeys(word: string): string[] {
  if (!/^[a-z]+$/.test(word)) return [];
  const spellings = new Set([word]);
  if (word.includes("sion")) spellings.add(word.replace(/sion/g, "jon"));
  if (word.endsWith("c")) spellings.add(`${word}e`);
  return [...new Set([...spellings].map(keyOfSpelling))].filter((k) => k !== "");
}

/** One spelling → its key: the sounds its letters stand for, then what borrowing into Japanese changes. */
function keyOfSpelling(word: string): string {
  // Upper-case letters stand for sounds already decided, so the rules after them leave them alone.
  let w = word
    .replace(/tion|sion/g, "Sn")
    .replace(/t?ch/g, "C")
    .replace(/sh/g, "S")
    .replace(/ph/g, "f")
    .replace(/th/g, "S")
    .replace(/ck/g, "k")
    .replace(/qu?/g, "k")
    .replace(/x/g, "ks")
    .replace(/d?ge$/g, "J")
    .replace(/c(?=[eiy])/g, "S")
    .replace(/c/g, "k");
  // An r after a vowel that no vowel follows is not said (calendar → karendā, report → repōto).
  w = w.replace(/([aeiouy])r+(?![aeiouy])/g, "$1");
  w = w.replace(/l/g, "r").replace(/v/g, "b").replace(/z/g, "s").replace(/w/g, "");
  let key = "";
  for (const ch of w) if (!VOWEL.includes(ch)) key += ch === "C" ? "c" : ch.toLowerCase();
  return collapse(key);
}

/** A catalog's words by their keys; a key shared by too many words says nothing and finds none. */
export class SoundIndex {
  private readonly byKey = new Map<string, string[]>();

  /** `words`: the catalog's index words (stems are fine: they keep their consonants). */
  constructor(
    words: Iterable<string>,
    private readonly maxWords: number,
  ) {
    for (const w of words) {
      if (w.length < 3) continue;
      for (const key of englishKeys(w)) {
        if (key.length < 2) continue;
        const list = this.byKey.get(key);
        if (list) list.push(w);
        else this.byKey.set(key, [w]);
      }
    }
  }

  /** The catalog's words that sound like a katakana word (none for a short key or one too many words share). */
  wordsFor(katakana: string): readonly string[] {
    const key = katakanaKey(katakana);
    if (key.length < 2) return [];
    const words = this.byKey.get(key);
    return words && words.length <= this.maxWords ? words : [];
  }
}

/** How katakana loanwords are read. */
export interface KatakanaUse {
  /** An expansion's weight (the lexicon's translations weigh 1). */
  weight: number;
  /** A sound more of the catalog's words share than this finds none. */
  maxWords: number;
}

export const DEFAULT_KATAKANA_USE: KatakanaUse = { weight: 0.6, maxWords: 6 };
