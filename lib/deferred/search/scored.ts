/** A ranked result: the tool's index, name and score (in the ranking's units). */
export interface Scored {
  index: number;
  name: string;
  score: number;
}

/** Higher score first, then name: the one ordering every mode uses, so results never depend on catalog order. */
export function byScoreThenName(a: Scored, b: Scored): number {
  return b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** A result by index alone, before names are attached. */
export interface IndexScored {
  index: number;
  score: number;
}

/** The `limit` best of `indexes` by `score` (higher first, ties by index), without sorting them all. */
export function bestOf(indexes: readonly number[], score: Float64Array, limit: number): IndexScored[] {
  const kept: IndexScored[] = [];
  const before = (a: IndexScored, b: IndexScored) => a.score > b.score || (a.score === b.score && a.index < b.index);
  for (const index of indexes) {
    const it = { index, score: score[index]! };
    if (kept.length === limit && !before(it, kept[limit - 1]!)) continue;
    let j = kept.length;
    if (kept.length < limit) kept.push(it);
    else j = limit - 1;
    while (j > 0 && before(it, kept[j - 1]!)) {
      kept[j] = kept[j - 1]!;
      j--;
    }
    kept[j] = it;
  }
  return kept;
}

/**
 * The `k`-th largest of `values[0 … count)` (1 ≤ k ≤ count), by quickselect in `work` (overwritten; at least `count`
 * long), so `values` keeps its order. Linear on average: what a cut costs without sorting everything above it.
 */
export function kthLargest(values: Float64Array, count: number, k: number, work: Float64Array): number {
  if (k < 1 || k > count) throw new RangeError(`kthLargest: k ${k} outside 1 … ${count}`);
  work.set(values.subarray(0, count));
  const target = k - 1;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const pivot = work[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    // Larger first: [lo … j] ≥ pivot, [i … hi] ≤ pivot, and anything between them equals it.
    while (i <= j) {
      while (work[i]! > pivot) i++;
      while (work[j]! < pivot) j--;
      if (i <= j) {
        const t = work[i]!;
        work[i++] = work[j]!;
        work[j--] = t;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return work[target]!;
  }
  return work[target]!;
}

/**
 * A min-heap of scores (with each one's index alongside) in `score[0 … size)` and `index[0 … size)`: adds (v, i) to a
 * heap of `size`. The smallest kept score is `score[0]`: what keeping the best `k` of many compares each one with.
 */
export function heapPush(score: Float64Array, index: Int32Array, size: number, v: number, i: number): void {
  let at = size;
  while (at > 0) {
    const up = (at - 1) >> 1;
    if (score[up]! <= v) break;
    score[at] = score[up]!;
    index[at] = index[up]!;
    at = up;
  }
  score[at] = v;
  index[at] = i;
}

/** The same heap's smallest score replaced by (v, i), and the heap order restored. */
export function heapReplaceMin(score: Float64Array, index: Int32Array, size: number, v: number, i: number): void {
  let at = 0;
  for (;;) {
    const left = 2 * at + 1;
    if (left >= size) break;
    const right = left + 1;
    const child = right < size && score[right]! < score[left]! ? right : left;
    if (score[child]! >= v) break;
    score[at] = score[child]!;
    index[at] = index[child]!;
    at = child;
  }
  score[at] = v;
  index[at] = i;
}
