import { packInt8Rows } from "./int8-rows";
import { principalAxes, turnRows } from "./principal-axes";

/**
 * Learns word vectors for tool search (the `vectors` technique, word-vectors.ts) from the training requests
 * (training/search/): a request and the operation it asked for are each the IDF-weighted mean of their words'
 * vectors, and the vectors are fitted so that a request's nearest operation, among the others of its batch, is
 * its own (a softmax over cosine similarities, in-batch negatives, AdaGrad). Requests and operations share one
 * vector per word, so a word seen only in requests ("tear", "ship") still lands near the operation words it was
 * asked for with. Deterministic (a seeded shuffle, no threads): the same pairs and options give the same table.
 * Pure: no I/O. Run offline by scripts/learn-associations.ts.
 */

export interface VectorLearnOptions {
  /** Dimensions of a vector. */
  dim: number;
  /** Passes over all requests. */
  epochs: number;
  /** Requests per batch (each batch's other operations are its negatives). */
  batch: number;
  /** Cosine similarities are multiplied by this before the softmax (an inverse temperature). */
  scale: number;
  /** AdaGrad's step size. */
  rate: number;
  /** A word must occur this many times (requests and operations together) to get a vector. */
  minCount: number;
  /** An operation's name words count this many times its description's. */
  nameWeight: number;
  seed: number;
  /**
   * Turn the table onto the principal axes of the operations' vectors (principal-axes.ts): every cosine stays
   * what it was, and the first coordinates hold most of a tool's length, so a table fitted in only the first axes
   * (learnVectorsToward's `axes`, the Chinese and Japanese words') keeps most of what the whole space says.
   */
  principalAxes: boolean;
}

export const DEFAULT_VECTOR_LEARN: VectorLearnOptions = {
  dim: 128,
  epochs: 10,
  batch: 256,
  scale: 12,
  rate: 0.05,
  minCount: 2,
  nameWeight: 2,
  seed: 12345,
  principalAxes: true,
};

/** One operation's words: its name's and its description's (stemmed, stopwords dropped). */
export interface VectorOperation {
  name: readonly string[];
  text: readonly string[];
}

/** One request's words and the operation (an index into the operations) it asked for. */
export interface VectorExample {
  request: readonly string[];
  operation: number;
}

/** The learned vectors, each already multiplied by its word's IDF (so a text's vector is a plain sum). */
export interface LearnedVectors {
  dim: number;
  words: string[];
  /** `words.length × dim`, row by row. */
  vectors: Float32Array;
}

/** A word bag: vocabulary indices with their weights (IDF × how often, name words × nameWeight). */
interface Bag {
  ids: Int32Array;
  weights: Float32Array;
}

/** mulberry32: small, seeded, the same on every platform. */
export function seeded(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How often each word occurs and in how many texts (each one document), and the IDF that gives: what both learners
 * weigh a word by.
 */
function wordCounts(texts: readonly (readonly string[])[]): {
  count: Map<string, number>;
  idf: (word: string) => number;
} {
  const count = new Map<string, number>();
  const df = new Map<string, number>();
  for (const words of texts) {
    for (const w of words) count.set(w, (count.get(w) ?? 0) + 1);
    for (const w of new Set(words)) df.set(w, (df.get(w) ?? 0) + 1);
  }
  const documents = texts.length;
  return { count, idf: (w) => Math.log(1 + documents / ((df.get(w) ?? 0) + 1)) };
}

/** A text's bag: its words that have a vector (`id`), each weighted by IDF × how often (× its part's times). */
function bagOf(
  parts: ReadonlyArray<readonly [readonly string[], number]>,
  id: ReadonlyMap<string, number>,
  idf: (word: string) => number,
): Bag {
  const m = new Map<number, number>();
  for (const [ws, times] of parts)
    for (const w of ws) {
      const i = id.get(w);
      if (i !== undefined) m.set(i, (m.get(i) ?? 0) + idf(w) * times);
    }
  return { ids: Int32Array.from(m.keys()), weights: Float32Array.from(m.values()) };
}

/** Fisher–Yates from the seeded stream, in place (the learners' one shuffle: the same stream gives the same order). */
export function shuffle<T>(items: T[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

/**
 * The batch of `order[start … start + size)`, one request per operation: another request for the same operation is
 * no negative.
 */
function onePerOperation<T extends { operation: number }>(order: readonly T[], start: number, size: number): T[] {
  const batch: T[] = [];
  const taken = new Set<number>();
  for (let i = start; i < start + size; i++) {
    const e = order[i]!;
    if (taken.has(e.operation)) continue;
    taken.add(e.operation);
    batch.push(e);
  }
  return batch;
}

/** The word vectors being fitted (`rows × dim`, small random numbers to start) and AdaGrad's running squares. */
class FittedRows {
  readonly vectors: Float32Array;
  private readonly squares: Float32Array;
  private readonly step: Float32Array;

  constructor(
    rows: number,
    private readonly dim: number,
    private readonly rate: number,
    random: () => number,
  ) {
    this.vectors = new Float32Array(rows * dim);
    // Box–Muller from the seeded stream: small random starting vectors.
    for (let i = 0; i < this.vectors.length; i++)
      this.vectors[i] = Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random()) * 0.1;
    this.squares = new Float32Array(rows * dim).fill(1e-6);
    this.step = new Float32Array(dim);
  }

  /** out[row] = the bag's vector, normalised; returns its length before. */
  embed(b: Bag, out: Float32Array, row: number): number {
    const { dim, vectors } = this;
    const o = row * dim;
    out.fill(0, o, o + dim);
    for (let k = 0; k < b.ids.length; k++) {
      const v = b.ids[k]! * dim;
      const a = b.weights[k]!;
      for (let j = 0; j < dim; j++) out[o + j] += a * vectors[v + j]!;
    }
    let n = 0;
    for (let j = 0; j < dim; j++) n += out[o + j]! * out[o + j]!;
    n = Math.sqrt(n) + 1e-9;
    for (let j = 0; j < dim; j++) out[o + j] /= n;
    return n;
  }

  /** Back through the normalisation and the weighted sum to the bag's words (AdaGrad). */
  update(b: Bag, unit: Float32Array, grad: Float32Array, row: number, norm: number): void {
    const { dim, vectors, squares, step, rate } = this;
    const o = row * dim;
    let along = 0;
    for (let j = 0; j < dim; j++) along += grad[o + j]! * unit[o + j]!;
    for (let j = 0; j < dim; j++) step[j] = (grad[o + j]! - along * unit[o + j]!) / norm;
    for (let k = 0; k < b.ids.length; k++) {
      const v = b.ids[k]! * dim;
      const a = b.weights[k]!;
      for (let j = 0; j < dim; j++) {
        const g = a * step[j]!;
        squares[v + j] += g * g;
        vectors[v + j] -= (rate * g) / Math.sqrt(squares[v + j]!);
      }
    }
  }

  /** Each word's IDF folded into its vector: a text's vector is then the plain sum of its words' (times how often). */
  foldIdf(words: readonly string[], idf: (word: string) => number): void {
    const { dim, vectors } = this;
    for (let i = 0; i < words.length; i++) {
      const w = idf(words[i]!);
      for (let j = 0; j < dim; j++) vectors[i * dim + j] *= w;
    }
  }
}

export function learnWordVectors(
  operations: readonly VectorOperation[],
  examples: readonly VectorExample[],
  options: VectorLearnOptions = DEFAULT_VECTOR_LEARN,
): LearnedVectors {
  const { dim } = options;
  const random = seeded(options.seed);
  // Vocabulary and document frequencies over every operation text and request (each one document).
  const { count, idf } = wordCounts([
    ...operations.map((o) => [...o.name, ...o.text]),
    ...examples.map((e) => e.request),
  ]);
  const words = [...count].filter(([, c]) => c >= options.minCount).map(([w]) => w);
  const id = new Map(words.map((w, i) => [w, i]));
  const bag = (parts: ReadonlyArray<readonly [readonly string[], number]>) => bagOf(parts, id, idf);
  const opBags = operations.map((o) =>
    bag([
      [o.name, options.nameWeight],
      [o.text, 1],
    ]),
  );
  const order = examples
    .map((e) => ({ bag: bag([[e.request, 1]]), operation: e.operation }))
    .filter((e) => e.bag.ids.length > 0);

  const V = words.length;
  const fitted = new FittedRows(V, dim, options.rate, random);
  const { vectors } = fitted;

  const B = options.batch;
  const q = new Float32Array(B * dim);
  const d = new Float32Array(B * dim);
  const gq = new Float32Array(B * dim);
  const gd = new Float32Array(B * dim);
  const qNorm = new Float32Array(B);
  const dNorm = new Float32Array(B);
  const logits = new Float64Array(B);

  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffle(order, random);
    for (let start = 0; start + B <= order.length; start += B) {
      const batch = onePerOperation(order, start, B);
      const n = batch.length;
      batch.forEach((e, i) => {
        qNorm[i] = fitted.embed(e.bag, q, i);
        dNorm[i] = fitted.embed(opBags[e.operation]!, d, i);
      });
      gq.fill(0);
      gd.fill(0);
      for (let i = 0; i < n; i++) {
        let max = -Infinity;
        for (let j = 0; j < n; j++) {
          let dot = 0;
          for (let k = 0; k < dim; k++) dot += q[i * dim + k]! * d[j * dim + k]!;
          logits[j] = options.scale * dot;
          if (logits[j]! > max) max = logits[j]!;
        }
        let z = 0;
        for (let j = 0; j < n; j++) {
          logits[j] = Math.exp(logits[j]! - max);
          z += logits[j]!;
        }
        for (let j = 0; j < n; j++) {
          const p = logits[j]! / z - (i === j ? 1 : 0);
          if (Math.abs(p) < 1e-5) continue;
          const c = options.scale * p;
          for (let k = 0; k < dim; k++) {
            gq[i * dim + k] += c * d[j * dim + k]!;
            gd[j * dim + k] += c * q[i * dim + k]!;
          }
        }
      }
      batch.forEach((e, i) => {
        fitted.update(e.bag, q, gq, i, qNorm[i]!);
        fitted.update(opBags[e.operation]!, d, gd, i, dNorm[i]!);
      });
    }
  }
  fitted.foldIdf(words, idf);
  if (!options.principalAxes) return { dim, words, vectors };
  // The operations' unit vectors (their bags' weights already hold the IDF) give the axes; every word turns.
  const units = new Float32Array(opBags.length * dim);
  opBags.forEach((b, i) => {
    const o = i * dim;
    for (let k = 0; k < b.ids.length; k++) {
      const v = b.ids[k]! * dim;
      const a = b.weights[k]! / idf(words[b.ids[k]!]!);
      for (let j = 0; j < dim; j++) units[o + j] += a * vectors[v + j]!;
    }
    let n = 0;
    for (let j = 0; j < dim; j++) n += units[o + j]! * units[o + j]!;
    n = Math.sqrt(n) || 1;
    for (let j = 0; j < dim; j++) units[o + j] /= n;
  });
  return { dim, words, vectors: turnRows(vectors, V, dim, principalAxes(units, opBags.length, dim)) };
}

/** The shipped form: per word, its vector scaled to signed bytes (base64, row by row) and the scale. */
export interface VectorTable {
  dim: number;
  words: string[];
  /** Per word, what its bytes are multiplied by. */
  scales: number[];
  /** base64 of `words.length × dim` signed bytes. */
  bytes: string;
}

export function packVectors(learned: LearnedVectors): VectorTable {
  const { dim, words, vectors } = learned;
  return { dim, words, ...packInt8Rows(vectors, words.length, dim) };
}

/** Settings of learnVectorsToward(): those of learnWordVectors() that apply when one side is fixed. */
export type TowardLearnOptions = Pick<
  VectorLearnOptions,
  "epochs" | "batch" | "scale" | "rate" | "minCount" | "seed"
> & {
  /**
   * Fit only the first `axes` numbers of the targets' space (a multiple of 4, at most its dim; all when unset): the
   * shipped table is turned onto its principal axes, so the first ones hold most of a vector's length, and a search
   * reads only as many numbers of each tool as the words have.
   */
  axes?: number;
};

/**
 * The Chinese and Japanese words' vectors (the `vectorscjk` technique): fitted by the learnVectorsToward() run in
 * scripts/learn-associations.ts. Chosen on the dev sets (bench/queries/README.md, twenty-seventh session): a batch
 * of 1,024 requests has more negatives than the English one's 256 at the same cost, since the operations' side is
 * not fitted; scale 20 instead of 12 fitted the requests closer. Fitted in the first 64 of the 128 axes
 * (twenty-eighth session): a search then reads half of each tool's numbers, and kept most of the gain of all 128 on
 * the dev sets.
 */
export const CJK_VECTOR_LEARN: TowardLearnOptions = {
  epochs: 10,
  batch: 1024,
  scale: 20,
  rate: 0.05,
  minCount: 2,
  seed: 12345,
  axes: 64,
};

/**
 * Vectors for the words of requests in another vocabulary (Chinese and Japanese) in an existing table's space: each
 * operation's vector is fixed (`targets`: `targets.length / dim` unit vectors, row by row, as that table makes
 * them), and only the requests' words are fitted, so that a request's IDF-weighted sum of its words' vectors lands
 * nearest its own operation among the others of its batch (a softmax over cosines, AdaGrad), as learnWordVectors()
 * fits both sides. A word gets a vector when it occurs `minCount` times; IDF is over the requests. Deterministic and
 * pure, as learnWordVectors() is; each word's IDF is folded into its vector.
 */
export function learnVectorsToward(
  targets: Float32Array,
  dim: number,
  examples: readonly VectorExample[],
  options: TowardLearnOptions = CJK_VECTOR_LEARN,
): LearnedVectors {
  const random = seeded(options.seed);
  const { count, idf } = wordCounts(examples.map((e) => e.request));
  const words = [...count]
    .filter(([, c]) => c >= options.minCount)
    .map(([w]) => w)
    .sort();
  const id = new Map(words.map((w, i) => [w, i]));
  const order: { bag: Bag; operation: number }[] = [];
  for (const e of examples) {
    if ((e.operation + 1) * dim > targets.length)
      throw new RangeError(`operation ${e.operation} has no target (${targets.length / dim} targets)`);
    const bag = bagOf([[e.request, 1]], id, idf);
    if (bag.ids.length > 0) order.push({ bag, operation: e.operation });
  }

  const axes = options.axes ?? dim;
  if (axes <= 0 || axes > dim || axes % 4 !== 0)
    throw new RangeError(`axes ${axes}: a multiple of 4 from 4 to the targets' ${dim} is needed`);
  const V = words.length;
  const fitted = new FittedRows(V, axes, options.rate, random);
  const q = new Float32Array(axes);
  const grad = new Float32Array(axes);
  const logits = new Float64Array(options.batch);
  const { scale } = options;

  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffle(order, random);
    for (let start = 0; start + options.batch <= order.length; start += options.batch) {
      const batch = onePerOperation(order, start, options.batch);
      // Each request in turn: the targets are fixed, so one request's step cannot change another's logits' side.
      for (let i = 0; i < batch.length; i++) {
        const { bag } = batch[i]!;
        const norm = fitted.embed(bag, q, 0);
        let max = -Infinity;
        for (let c = 0; c < batch.length; c++) {
          const o = batch[c]!.operation * dim;
          let dot = 0;
          for (let j = 0; j < axes; j++) dot += q[j]! * targets[o + j]!;
          logits[c] = scale * dot;
          if (logits[c]! > max) max = logits[c]!;
        }
        let z = 0;
        for (let c = 0; c < batch.length; c++) {
          logits[c] = Math.exp(logits[c]! - max);
          z += logits[c]!;
        }
        grad.fill(0);
        for (let c = 0; c < batch.length; c++) {
          const p = logits[c]! / z - (c === i ? 1 : 0);
          if (Math.abs(p) < 1e-5) continue;
          const o = batch[c]!.operation * dim;
          for (let j = 0; j < axes; j++) grad[j] += scale * p * targets[o + j]!;
        }
        fitted.update(bag, q, grad, 0, norm);
      }
    }
  }
  fitted.foldIdf(words, idf);
  return { dim: axes, words, vectors: fitted.vectors };
}
