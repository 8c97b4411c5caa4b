/**
 * A light English suffix stripper. Both the index and the query go through it, so what matters is that
 * the forms a tool text and a user use for one word meet (create/creates/created/creating/creation →
 * "creat"), not linguistic accuracy. Deliberately conservative: no -er/-ly/-able rules, which merge
 * unrelated software words (server/serve, user/use).
 */
const VOWEL = /[aeiouy]/;

function undouble(s: string): string {
  const n = s.length;
  if (n >= 3 && s[n - 1] === s[n - 2] && !"lsz".includes(s[n - 1]!)) return s.slice(0, -1);
  return s;
}

/**
 * A plain lower-case Latin word (as typed words are folded): the only kind the stemmer changes, and the only kind
 * WordNet and the learned vectors are asked about.
 */
export function isPlainWord(word: string): boolean {
  return /^[a-z]+$/.exec(word) !== null;
}

export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || !isPlainWord(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = w.slice(0, -3) + "y";
  else if (/(ss|x|ch|sh|zz)es$/.exec(w) !== null) w = w.slice(0, -2);
  else if (w.endsWith("s") && /(ss|us|is)$/.exec(w) === null) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length >= 6 && VOWEL.exec(w.slice(0, -3)) !== null) w = undouble(w.slice(0, -3));
  else if (w.endsWith("ed") && w.length >= 5 && VOWEL.exec(w.slice(0, -2)) !== null) w = undouble(w.slice(0, -2));
  else if (/[ts]ion$/.exec(w) !== null && w.length >= 7) w = w.slice(0, -3);
  else if (w.endsWith("ment") && w.length >= 9) w = w.slice(0, -4);
  if (w.endsWith("e") && w.length >= 5) w = w.slice(0, -1);
  if (w.endsWith("y") && w.length >= 5 && VOWEL.exec(w[w.length - 2]!) === null) w = w.slice(0, -1) + "i";
  return w;
}
