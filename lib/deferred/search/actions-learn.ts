/**
 * Learns, from the training requests (training/search/), which action a request asks for: a softmax regression
 * from the request's words (actions.ts, requestFeatures: every word, stopwords and question words included, the
 * first word and the first two, neighbouring pairs, a question mark) to the action word its operation's
 * description starts with (actionWord: "List …" → list, "Creates …" → creat). The classes are those words as
 * the training operations use them, no hand-made groups: the ones that start at least `minClassCount`
 * operations' descriptions, and one more for every other start. AdaGrad, a seeded shuffle, no threads: the same
 * pairs and options give the same table. Pure: no I/O. Run offline by scripts/learn-associations.ts.
 */
import { packInt8Rows } from "./int8-rows";
import { ACTION_OTHER, type ActionTable, actionWord, requestFeatures, softmaxInto } from "./actions";
import { shuffle } from "./word-vectors-learn";

export interface ActionLearnOptions {
  /** An action word is a class of its own when at least this many operations' descriptions start with it. */
  minClassCount: number;
  /** A feature is learned when at least this many requests have it. */
  minFeatureCount: number;
  epochs: number;
  /** AdaGrad's step size. */
  rate: number;
  /** L2 penalty on the weights. */
  l2: number;
  seed: number;
}

export const DEFAULT_ACTION_LEARN: ActionLearnOptions = {
  minClassCount: 20,
  minFeatureCount: 5,
  epochs: 6,
  rate: 0.3,
  l2: 1e-5,
  seed: 11,
};

/** One training operation: its description and where it comes from (its source's words are not its action). */
export interface ActionOperation {
  text: string;
  source: string;
}

/** One request and the operation (an index into the operations) it asked for. */
export interface ActionExample {
  request: string;
  operation: number;
}

/** The learned weights as floats: a row of `classes.length` numbers per feature. */
export interface LearnedActions {
  classes: string[];
  prior: number[];
  bias: Float64Array;
  features: string[];
  weights: Float64Array;
}

/** A seeded generator (Park–Miller), so a shuffle is the same on every machine. */
function generator(seed: number): () => number {
  let s = seed % 2147483647 || 1;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

/** The action classes of some operations: every start used by `minClassCount` or more, in order, then the rest's. */
export function actionClasses(operations: readonly ActionOperation[], minClassCount: number): string[] {
  const counts = new Map<string, number>();
  for (const o of operations) {
    const a = actionWord(o.text, o.source);
    if (a !== "") counts.set(a, (counts.get(a) ?? 0) + 1);
  }
  const classes = [...counts]
    .filter(([, c]) => c >= minClassCount)
    .map(([a]) => a)
    .sort();
  return [...classes, ACTION_OTHER];
}

/** Fits the classifier (see the header). */
export function learnActions(
  operations: readonly ActionOperation[],
  examples: readonly ActionExample[],
  options: ActionLearnOptions = DEFAULT_ACTION_LEARN,
): LearnedActions {
  const classes = actionClasses(operations, options.minClassCount);
  const C = classes.length;
  const classIndex = new Map(classes.map((c, i) => [c, i]));
  const labelOf = operations.map((o) => classIndex.get(actionWord(o.text, o.source)) ?? C - 1);
  const featureCounts = new Map<string, number>();
  const raw = examples.map((e) => requestFeatures(e.request));
  for (const fs of raw) for (const f of fs) featureCounts.set(f, (featureCounts.get(f) ?? 0) + 1);
  const features = [...featureCounts]
    .filter(([, c]) => c >= options.minFeatureCount)
    .map(([f]) => f)
    .sort();
  const featureIndex = new Map(features.map((f, i) => [f, i]));
  const data = examples.map((e, i) => ({
    features: raw[i]!.map((f) => featureIndex.get(f)).filter((f): f is number => f !== undefined),
    label: labelOf[e.operation]!,
  }));
  const weights = new Float64Array(features.length * C);
  const squares = new Float64Array(features.length * C).fill(1e-8);
  const bias = new Float64Array(C);
  const biasSquares = new Float64Array(C).fill(1e-8);
  const p = new Float64Array(C);
  const random = generator(options.seed);
  const order = data.map((_d, i) => i);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffle(order, random);
    for (const n of order) {
      const d = data[n]!;
      softmaxInto(bias, weights, d.features, C, p);
      for (let c = 0; c < C; c++) {
        const g = p[c]! - (c === d.label ? 1 : 0);
        biasSquares[c]! += g * g;
        bias[c]! -= (options.rate * g) / Math.sqrt(biasSquares[c]!);
        for (const f of d.features) {
          const k = f * C + c;
          const gk = g + options.l2 * weights[k]!;
          squares[k]! += gk * gk;
          weights[k]! -= (options.rate * gk) / Math.sqrt(squares[k]!);
        }
      }
    }
  }
  // A constant added to one feature's row changes no probability: centre each row on its median, so the numbers
  // stored are how much the feature speaks for or against each class.
  for (let f = 0; f < features.length; f++) {
    const row = Array.from(weights.subarray(f * C, (f + 1) * C)).sort((a, b) => a - b);
    const median = row[Math.floor(C / 2)]!;
    for (let c = 0; c < C; c++) weights[f * C + c]! -= median;
  }
  const prior = new Array<number>(C).fill(0);
  for (const d of data) prior[d.label]! += 1;
  return {
    classes,
    prior: prior.map((x) => Number((x / Math.max(1, data.length)).toPrecision(6))),
    bias,
    features,
    weights,
  };
}

/** The weights as bytes, one scale per feature's row (int8-rows.ts), for learned-actions.json. */
export function packActions(learned: LearnedActions): ActionTable {
  return {
    classes: learned.classes,
    prior: learned.prior,
    bias: Array.from(learned.bias, (b) => Number(b.toPrecision(6))),
    features: learned.features,
    ...packInt8Rows(learned.weights, learned.features.length, learned.classes.length),
  };
}
