import exemplarData from "./learned-exemplars.json";
import { nameTerms, STOPWORDS, terms } from "./tokenize";

/**
 * Tool-side expansion from worked examples (document expansion, in the manner of doc2query, with borrowed rather
 * than generated questions): each tool gains a field of the words people used to ask for the training operations
 * most like it (training/search/: real API operations and MCP tools, with requests written for them by people
 * who did not know their words). A tool named `create_refund` lends nothing to "give the customer their money
 * back"; its neighbours among the training operations (Paddle's and Stripe-like refunds) were asked for in just
 * those words. Unlike the learned translations, which map one typed word at a time, the words come whole
 * requests at a time, from operations that do the same thing. Built with the index; the search is unchanged.
 */
export interface ExemplarUse {
  /** How many of the most similar training operations lend a tool their requests' words. */
  neighbours: number;
  /** A neighbour lends only if it scores at least this share of the best one… */
  minShare: number;
  /** …and holds at least this share of the tool's name words (it does the same thing to the same object). */
  minNameShare: number;
  /** At most this many distinct borrowed words per tool, the nearest operation's most asked first. */
  maxWords: number;
  /** A borrowed word counts at most this many times (how many requests used it). */
  maxRepeats: number;
}

export const DEFAULT_EXEMPLAR_USE: ExemplarUse = {
  neighbours: 4,
  minShare: 0.5,
  minNameShare: 0.5,
  maxWords: 40,
  maxRepeats: 3,
};

/** learned-exemplars.json: per training operation, space-separated index terms. */
export interface ExemplarData {
  /** The operation's name terms. */
  name: string[];
  /** Its description's terms (distinct, name terms left out). */
  text: string[];
  /** Every term of every request written for it, in order. */
  asked: string[];
}

/** A training operation with the requests written for it (scripts/learn-associations.ts reads them). */
export interface WorkedExample {
  name: string;
  text: string;
  requests: readonly string[];
}

/**
 * The shipped form of the worked examples (learned-exemplars.json): per operation its name terms, its
 * description's other terms, and its requests' terms grouped by word, the most used first (ties: first used).
 */
export function deriveExemplars(examples: readonly WorkedExample[]): ExemplarData {
  const data: ExemplarData = { name: [], text: [], asked: [] };
  for (const e of examples) {
    const name = [...new Set(nameTerms(e.name).filter((t) => !STOPWORDS.has(t)))];
    data.name.push(name.join(" "));
    data.text.push([...new Set(terms(e.text))].filter((t) => !name.includes(t)).join(" "));
    const uses = new Map<string, number>();
    for (const r of e.requests) for (const t of terms(r)) uses.set(t, (uses.get(t) ?? 0) + 1);
    const grouped = [...uses].sort((a, b) => b[1] - a[1]).flatMap(([t, n]) => Array<string>(n).fill(t));
    data.asked.push(grouped.join(" "));
  }
  return data;
}

/** Name words count twice a description word when matching a tool to its neighbours. */
const NAME_WEIGHT = 2;
/** BM25 over the operations: saturation, length normalisation, mean length in weighted words. */
const K1 = 1.2;
const B = 0.75;
/**
 * A word held by more operations than this is not walked: it only adds to operations a rarer word reached
 * (most tools hold such a word: "get", "list", "file"), so matching a tool costs a few short lists.
 */
const WALK_LIMIT = 200;
/** How many operations the rare words keep for the common ones to reorder. */
const CANDIDATES = 24;

/** The training operations as an inverted index; finds a tool's nearest operations. */
export class ExemplarIndex {
  private readonly postings = new Map<string, Int32Array>();
  /** Each posting's weight (the operation's weight for the word), beside `postings`. */
  private readonly postingWeights = new Map<string, Float32Array>();
  /** Per operation, each of its words' BM25 weight (saturated frequency × idf). */
  private readonly weights: Array<Map<string, number>>;
  private readonly asked: string[];
  /** Operations' requests split into words, once each, when first lent. */
  private readonly askedSplit = new Map<number, string[]>();
  /** Scratch for one match: scores by operation, and which operations have one. */
  private readonly scores: Float64Array;
  private readonly touched: number[] = [];

  constructor(data: ExemplarData) {
    const n = data.name.length;
    if (data.text.length !== n || data.asked.length !== n) throw new Error("learned-exemplars.json: uneven lists");
    this.asked = data.asked;
    const frequencies: Array<Map<string, number>> = [];
    const lists = new Map<string, number[]>();
    let total = 0;
    for (let o = 0; o < n; o++) {
      const tf = new Map<string, number>();
      for (const w of split(data.name[o]!)) tf.set(w, (tf.get(w) ?? 0) + NAME_WEIGHT);
      for (const w of split(data.text[o]!)) tf.set(w, (tf.get(w) ?? 0) + 1);
      for (const [w, v] of tf) {
        total += v;
        const list = lists.get(w);
        if (list) list.push(o);
        else lists.set(w, [o]);
      }
      frequencies.push(tf);
    }
    const avg = n > 0 ? total / n : 1;
    this.weights = frequencies.map((tf) => {
      let length = 0;
      for (const v of tf.values()) length += v;
      const norm = K1 * (1 - B + (B * length) / avg);
      const out = new Map<string, number>();
      for (const [w, v] of tf) {
        const df = lists.get(w)!.length;
        out.set(w, (Math.log(1 + (n - df + 0.5) / (df + 0.5)) * v * (K1 + 1)) / (v + norm));
      }
      return out;
    });
    for (const [w, list] of lists) {
      this.postings.set(w, Int32Array.from(list));
      this.postingWeights.set(
        w,
        Float32Array.from(list, (o) => this.weights[o]!.get(w)!),
      );
    }
    this.scores = new Float64Array(n);
  }

  /** Whether an operation holds at least `share` of the given words (the tool's name words it knows). */
  private holdsEnough(op: number, words: readonly string[], share: number): boolean {
    if (words.length === 0 || share <= 0) return true;
    const weights = this.weights[op]!;
    let held = 0;
    for (const w of words) if (weights.has(w)) held++;
    return held >= share * words.length;
  }

  private askedWords(op: number): string[] {
    const known = this.askedSplit.get(op);
    if (known) return known;
    const words = split(this.asked[op]!);
    this.askedSplit.set(op, words);
    return words;
  }

  /**
   * The words people used to ask for the operations most like a tool, matched by its name (counted twice) and
   * its first sentence; at most `use.maxWords`, the nearest operation's first. Deterministic.
   */
  askedFor(name: readonly string[], lead: readonly string[], use: ExemplarUse = DEFAULT_EXEMPLAR_USE): string[] {
    const query = new Map<string, number>();
    for (const w of name) if (this.postings.has(w)) query.set(w, NAME_WEIGHT);
    for (const w of lead) if (this.postings.has(w) && !query.has(w)) query.set(w, 1);
    if (query.size === 0 || use.neighbours <= 0 || use.maxWords <= 0) return [];
    const words = [...query.keys()].sort((a, b) => this.postings.get(a)!.length - this.postings.get(b)!.length);
    const { scores, touched } = this;
    // Rare words are walked; common ones only add to operations already reached (the rarest is walked if no word is rare).
    let walked = 0;
    for (const w of words) {
      const docs = this.postings.get(w)!;
      if (walked > 0 && docs.length > WALK_LIMIT) break;
      walked++;
      const k = query.get(w)!;
      const weights = this.postingWeights.get(w)!;
      for (let j = 0; j < docs.length; j++) {
        const o = docs[j]!;
        if (scores[o] === 0) touched.push(o);
        scores[o] += k * weights[j]!;
      }
    }
    // Common words only reorder the operations the rare ones found: the first CANDIDATES by the rare words' score.
    const found = nearest(touched, scores, walked < words.length ? CANDIDATES : use.neighbours);
    for (const o of touched) scores[o] = 0;
    touched.length = 0;
    const candidates = walked < words.length ? found : null;
    if (candidates) {
      for (const c of candidates) {
        const weights = this.weights[c.op]!;
        for (let j = walked; j < words.length; j++) c.score += query.get(words[j]!)! * (weights.get(words[j]!) ?? 0);
      }
      candidates.sort(byScoreThenOp);
    }
    const best = found.slice(0, use.neighbours);
    const counts = new Map<string, number>();
    const floor = use.minShare * (best[0]?.score ?? 0);
    const nameWords = [...new Set(name)].filter((w) => this.postings.has(w));
    for (const { op, score } of best) {
      if (score < floor) break;
      if (!this.holdsEnough(op, nameWords, use.minNameShare)) continue;
      const words = this.askedWords(op);
      for (let i = 0; i < words.length; ) {
        const w = words[i]!;
        let times = 1;
        while (words[i + times] === w) times++;
        i += times;
        for (let t = 0; t < times; t++) {
          const n = counts.get(w);
          if (n === undefined) {
            if (counts.size < use.maxWords) counts.set(w, 1);
          } else if (n < use.maxRepeats) counts.set(w, n + 1);
        }
      }
    }
    const out: string[] = [];
    for (const [w, n] of counts) for (let j = 0; j < n; j++) out.push(w);
    return out;
  }
}

function byScoreThenOp(a: { op: number; score: number }, b: { op: number; score: number }): number {
  return b.score - a.score || a.op - b.op;
}

function split(s: string): string[] {
  return s === "" ? [] : s.split(" ");
}

/** The `k` best-scoring operations, best first (ties by index). */
function nearest(ops: readonly number[], scores: Float64Array, k: number): Array<{ op: number; score: number }> {
  const kept: Array<{ op: number; score: number }> = [];
  for (const op of ops) {
    const score = scores[op]!;
    if (kept.length === k && score <= kept[k - 1]!.score) continue;
    let j = kept.length;
    while (j > 0 && (kept[j - 1]!.score < score || (kept[j - 1]!.score === score && kept[j - 1]!.op > op))) j--;
    kept.splice(j, 0, { op, score });
    if (kept.length > k) kept.pop();
  }
  return kept;
}

let shared: ExemplarIndex | null = null;
/** The index of the shipped training operations (learned-exemplars.json), built on first use. */
export function getExemplars(): ExemplarIndex {
  shared ??= new ExemplarIndex(exemplarData as ExemplarData);
  return shared;
}
