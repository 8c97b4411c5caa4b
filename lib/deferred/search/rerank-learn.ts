import { FEATURE_COUNT, RERANK_FEATURES, type RerankTable } from "./rerank";
import { seeded, shuffle } from "./word-vectors-learn";

/** How the reranker is learned (scripts/learn-reranker.ts). */
export interface RerankLearn {
  /** Hidden tanh units. */
  hidden: number;
  /** Passes over the lists. */
  epochs: number;
  /** Lists per step. */
  batch: number;
  /** Adam's step size. */
  rate: number;
  /** Weight decay on every weight. */
  l2: number;
  /** Seed of the initial weights and of the lists' order per pass. */
  seed: number;
}

export const DEFAULT_RERANK_LEARN: RerankLearn = { hidden: 8, epochs: 30, batch: 128, rate: 0.01, l2: 0.003, seed: 1 };

/** One request's candidates: their features (rerankFeatures, rows of FEATURE_COUNT) and which are right (1). */
export interface RerankList {
  features: Float64Array;
  labels: Uint8Array;
}

/** A normal draw (Box–Muller) from a uniform generator. */
function normal(next: () => number): number {
  const u = Math.max(next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
}

/**
 * Learns the reranker: a linear part plus one layer of tanh units over the standardised features, trained with
 * Adam on the softmax (listwise) loss of each request's candidates, the right ones sharing the target. Lists with
 * no right candidate teach nothing and are left out. Deterministic for a given input and `use`.
 */
export function learnReranker(lists: readonly RerankList[], use: RerankLearn = DEFAULT_RERANK_LEARN): RerankTable {
  const f = FEATURE_COUNT;
  const teaching = lists.filter((l) => l.labels.some((y) => y === 1) && l.labels.length >= 2);
  if (teaching.length === 0) throw new Error("learnReranker: no list has a right candidate among two or more");
  // Standardisation over every row.
  const mean = new Float64Array(f);
  const square = new Float64Array(f);
  let rows = 0;
  for (const l of teaching)
    for (let r = 0; r < l.labels.length; r++) {
      rows++;
      for (let k = 0; k < f; k++) {
        const v = l.features[r * f + k]!;
        mean[k] = mean[k]! + v;
        square[k] = square[k]! + v * v;
      }
    }
  const scale = new Float64Array(f);
  for (let k = 0; k < f; k++) {
    mean[k] = mean[k]! / rows;
    const sd = Math.sqrt(Math.max(0, square[k]! / rows - mean[k]! * mean[k]!));
    scale[k] = sd > 1e-9 ? sd : 1;
  }
  const x = teaching.map((l) => {
    const out = new Float64Array(l.features.length);
    for (let i = 0; i < out.length; i++) out[i] = (l.features[i]! - mean[i % f]!) / scale[i % f]!;
    return out;
  });

  const h = use.hidden;
  const next = seeded(use.seed);
  // Parameters, flat: linear (f), hidden weights (h × f), hidden biases (h), output weights (h).
  const size = f + h * f + h + h;
  const w = new Float64Array(size);
  for (let i = f; i < f + h * f; i++) w[i] = 0.3 * normal(next);
  for (let i = f + h * f + h; i < size; i++) w[i] = 0.3 * normal(next);
  const W1 = f;
  const B1 = f + h * f;
  const W2 = B1 + h;
  const grad = new Float64Array(size);
  const m = new Float64Array(size);
  const v = new Float64Array(size);
  let step = 0;
  const order = teaching.map((_, i) => i);
  let most = 0;
  for (const l of teaching) most = Math.max(most, l.labels.length);
  const act = new Float64Array(most * h);
  const score = new Float64Array(most);

  for (let epoch = 0; epoch < use.epochs; epoch++) {
    // The lists in a new order each pass.
    shuffle(order, next);
    for (let start = 0; start < order.length; start += use.batch) {
      grad.fill(0);
      const end = Math.min(order.length, start + use.batch);
      for (let o = start; o < end; o++) {
        const li = order[o]!;
        const xs = x[li]!;
        const labels = teaching[li]!.labels;
        const n = labels.length;
        let positives = 0;
        for (let r = 0; r < n; r++) positives += labels[r]!;
        let top = -Infinity;
        for (let r = 0; r < n; r++) {
          let s = 0;
          const row = r * f;
          for (let k = 0; k < f; k++) s += xs[row + k]! * w[k]!;
          for (let u = 0; u < h; u++) {
            let a = w[B1 + u]!;
            const wu = W1 + u * f;
            for (let k = 0; k < f; k++) a += xs[row + k]! * w[wu + k]!;
            const t = Math.tanh(a);
            act[r * h + u] = t;
            s += t * w[W2 + u]!;
          }
          score[r] = s;
          if (s > top) top = s;
        }
        let sum = 0;
        for (let r = 0; r < n; r++) {
          score[r] = Math.exp(score[r]! - top);
          sum += score[r]!;
        }
        for (let r = 0; r < n; r++) {
          const g = score[r]! / sum - labels[r]! / positives;
          if (g === 0) continue;
          const row = r * f;
          for (let k = 0; k < f; k++) grad[k] = grad[k]! + g * xs[row + k]!;
          for (let u = 0; u < h; u++) {
            const t = act[r * h + u]!;
            grad[W2 + u] = grad[W2 + u]! + g * t;
            const d = g * w[W2 + u]! * (1 - t * t);
            grad[B1 + u] = grad[B1 + u]! + d;
            const wu = W1 + u * f;
            for (let k = 0; k < f; k++) grad[wu + k] = grad[wu + k]! + d * xs[row + k]!;
          }
        }
      }
      // Adam, with weight decay on every weight but the hidden biases.
      step++;
      const count = end - start;
      const c1 = 1 - 0.9 ** step;
      const c2 = 1 - 0.999 ** step;
      for (let i = 0; i < size; i++) {
        const decay = i >= B1 && i < W2 ? 0 : use.l2 * w[i]!;
        const g = grad[i]! / count + decay;
        m[i] = 0.9 * m[i]! + 0.1 * g;
        v[i] = 0.999 * v[i]! + 0.001 * g * g;
        w[i] = w[i]! - (use.rate * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + 1e-8);
      }
    }
  }
  const round = (a: ArrayLike<number>) => Array.from(a, (n) => Number(n.toPrecision(7)));
  return {
    features: [...RERANK_FEATURES],
    mean: round(mean),
    scale: round(scale),
    linear: round(w.subarray(0, f)),
    hidden: Array.from({ length: h }, (_, u) => round(w.subarray(W1 + u * f, W1 + (u + 1) * f))),
    bias: round(w.subarray(B1, W2)),
    out: round(w.subarray(W2, size)),
  };
}
