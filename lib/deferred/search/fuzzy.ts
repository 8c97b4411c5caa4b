/** Prefix and typo matching against a sorted vocabulary, plus the string distance the name matcher uses. */

/** Rows of the distance table, grown as needed and reused: a typo scan computes hundreds of distances. */
let rows = [new Int32Array(16), new Int32Array(16), new Int32Array(16)];

/** Optimal-string-alignment distance (edits + adjacent swaps), giving up above `max` (returns max + 1). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  if (rows[0]!.length < n + 1) rows = [0, 1, 2].map(() => new Int32Array(2 * (n + 1)));
  let prev2 = rows[0]!;
  let prev = rows[1]!;
  let cur = rows[2]!;
  for (let j = 0; j <= n; j++) {
    prev2[j] = 0;
    prev[j] = j;
    cur[j] = 0;
  }
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ai = a.charCodeAt(i - 1);
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = ai === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const spare = prev2;
    prev2 = prev;
    prev = cur;
    cur = spare;
  }
  return prev[n]!;
}

/** First index in sorted `arr` whose value is >= `key`. */
function lowerBound(arr: readonly string[], key: string): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (arr[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Vocabulary terms that start with `prefix` (excluding `prefix` itself), fewest characters first, at most `max`. */
export function prefixMatches(vocabulary: readonly string[], prefix: string, max: number): string[] {
  const out: string[] = [];
  for (let i = lowerBound(vocabulary, prefix); i < vocabulary.length; i++) {
    const t = vocabulary[i]!;
    if (!t.startsWith(prefix)) break;
    if (t !== prefix) out.push(t);
  }
  return out.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, max);
}

/** Sorted vocabulary terms within a length-scaled edit distance of `word` (1 up to 7 letters, 2 beyond). */
export function typoMatches(vocabulary: readonly string[], word: string, max: number): string[] {
  if (word.length < 4) return [];
  const limit = word.length >= 8 ? 2 : 1;
  const found: Array<[number, string]> = [];
  // Only terms with the word's first character count, and the vocabulary is sorted: they are one run of it.
  const first = word.charCodeAt(0);
  const end = first === 0xffff ? vocabulary.length : lowerBound(vocabulary, String.fromCharCode(first + 1));
  for (let i = lowerBound(vocabulary, word[0]!); i < end; i++) {
    const t = vocabulary[i]!;
    if (Math.abs(t.length - word.length) > limit || t[0] !== word[0]) continue;
    const d = editDistance(word, t, limit);
    if (d <= limit) found.push([d, t]);
  }
  return found
    .sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1))
    .slice(0, max)
    .map(([, t]) => t);
}
