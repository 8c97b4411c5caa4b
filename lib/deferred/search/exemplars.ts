import { bm25Idf } from "./bm25";
import { type BuildSteps, inChunks, runSteps } from "./build-steps";
import exemplarData from "./learned-exemplars.json";
import { IdBuffer, type TermTable } from "./term-table";
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
  minShare: 0.665,
  minNameShare: 0.5,
  maxWords: 53,
  maxRepeats: 2,
};

/** learned-exemplars.json: the index terms, numbered; per training operation, lists of their numbers. */
export interface ExemplarData {
  words: string[];
  /** Per operation, its distinct name terms. */
  name: number[][];
  /** Its description's distinct terms, name terms left out. */
  text: number[][];
  /** Every term of every request written for it, grouped by term, the most used first. */
  asked: number[][];
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
  const data: ExemplarData = { words: [], name: [], text: [], asked: [] };
  const ids = new Map<string, number>();
  const idOf = (w: string) => {
    let id = ids.get(w);
    if (id === undefined) {
      id = data.words.length;
      ids.set(w, id);
      data.words.push(w);
    }
    return id;
  };
  for (const e of examples) {
    const name = [...new Set(nameTerms(e.name).filter((t) => !STOPWORDS.has(t)))];
    data.name.push(name.map(idOf));
    data.text.push([...new Set(terms(e.text))].filter((t) => !name.includes(t)).map(idOf));
    const uses = new Map<string, number>();
    for (const r of e.requests) for (const t of terms(r)) uses.set(t, (uses.get(t) ?? 0) + 1);
    data.asked.push([...uses].sort((a, b) => b[1] - a[1]).flatMap(([t, n]) => Array<number>(n).fill(idOf(t))));
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
const WALK_LIMIT = 60;
/** How many operations the rare words keep for the common ones to reorder. */
const CANDIDATES = 24;

/** The lists an ExemplarIndex reads, as the class describes them (exemplarTables makes them). */
interface ExemplarTables {
  postStart: Int32Array;
  postOps: Int32Array;
  postWeights: Float32Array;
  opStart: Int32Array;
  opWords: Int32Array;
  opWeights: Float32Array;
  topStart: Int32Array;
  topOps: Int32Array;
  topWeights: Float32Array;
  askedStart: Int32Array;
  askedWords: Int32Array;
}

/** Operations or words between two pauses of a build in steps (build-steps.ts). */
const ITEMS_PER_STEP = 2048;

/** An ExemplarIndex built in steps (build-steps.ts), pausing every few thousand operations or words. */
export function* exemplarIndexSteps(data: ExemplarData): BuildSteps<ExemplarIndex> {
  return new ExemplarIndex(data, yield* exemplarTables(data));
}

function* exemplarTables(data: ExemplarData): BuildSteps<ExemplarTables> {
  const n = data.name.length;
  if (data.text.length !== n || data.asked.length !== n) throw new Error("learned-exemplars.json: uneven lists");
  // Each loop runs in a plain function a step's worth at a time (build-steps.ts, `inChunks`).
  // Weighted frequencies per operation (name words count NAME_WEIGHT; each word once per list), by word number.
  const opTf: Array<Array<[number, number]>> = [];
  const sum = { total: 0 };
  yield* inChunks(n, ITEMS_PER_STEP, (from, to) => {
    for (let o = from; o < to; o++) {
      const list: Array<[number, number]> = [];
      for (const w of data.name[o]!) list.push([w, NAME_WEIGHT]);
      for (const w of data.text[o]!) list.push([w, 1]);
      list.sort((a, b) => a[0] - b[0]);
      for (const [, v] of list) sum.total += v;
      opTf.push(list);
    }
  });
  const vocabulary = data.words.length;
  const df = documentFrequencies(opTf, vocabulary);
  const avg = n > 0 ? sum.total / n : 1;
  const opStart = new Int32Array(n + 1);
  const entries = opTf.reduce((a, l) => a + l.length, 0);
  const opWords = new Int32Array(entries);
  const opWeights = new Float32Array(entries);
  const filled = { at: 0 };
  yield* inChunks(n, ITEMS_PER_STEP, (from, to) => {
    for (let o = from; o < to; o++) {
      const list = opTf[o]!;
      opStart[o] = filled.at;
      let length = 0;
      for (const [, v] of list) length += v;
      const norm = K1 * (1 - B + (B * length) / avg);
      for (const [w, v] of list) {
        const idf = bm25Idf(n, df[w]!);
        opWords[filled.at] = w;
        opWeights[filled.at++] = (idf * v * (K1 + 1)) / (v + norm);
      }
    }
  });
  opStart[n] = filled.at;
  // The same weights by word.
  const { postStart, postOps, postWeights } = byWord(opStart, opWords, opWeights, df);
  yield;
  const topStart = new Int32Array(vocabulary + 1);
  const top: number[] = [];
  yield* inChunks(vocabulary, ITEMS_PER_STEP, (from, to) => {
    for (let w = from; w < to; w++) {
      if (df[w]! > WALK_LIMIT) {
        const slots = Array.from({ length: df[w]! }, (_, j) => postStart[w]! + j);
        slots.sort((a, b) => postWeights[b]! - postWeights[a]! || postOps[a]! - postOps[b]!);
        for (const slot of slots.slice(0, CANDIDATES)) top.push(slot);
      }
      topStart[w + 1] = top.length;
    }
  });
  const topOps = Int32Array.from(top, (slot) => postOps[slot]!);
  const topWeights = Float32Array.from(top, (slot) => postWeights[slot]!);
  const askedStart = new Int32Array(n + 1);
  for (let o = 0; o < n; o++) askedStart[o + 1] = askedStart[o]! + data.asked[o]!.length;
  const askedWords = Int32Array.from(data.asked.flat());
  return {
    postStart,
    postOps,
    postWeights,
    opStart,
    opWords,
    opWeights,
    topStart,
    topOps,
    topWeights,
    askedStart,
    askedWords,
  };
}

/** Per word number, how many operations' lists hold it. */
function documentFrequencies(opTf: ReadonlyArray<ReadonlyArray<[number, number]>>, vocabulary: number): Int32Array {
  const df = new Int32Array(vocabulary);
  for (const list of opTf) for (const [w] of list) df[w]!++;
  return df;
}

/** The operations' (word, weight) lists turned by word: per word, the operations holding it and its weight there. */
function byWord(
  opStart: Int32Array,
  opWords: Int32Array,
  opWeights: Float32Array,
  df: Int32Array,
): { postStart: Int32Array; postOps: Int32Array; postWeights: Float32Array } {
  const vocabulary = df.length;
  const n = opStart.length - 1;
  const postStart = new Int32Array(vocabulary + 1);
  for (let w = 0; w < vocabulary; w++) postStart[w + 1] = postStart[w]! + df[w]!;
  const postOps = new Int32Array(opWords.length);
  const postWeights = new Float32Array(opWords.length);
  const fill = postStart.slice(0, vocabulary);
  for (let o = 0; o < n; o++)
    for (let k = opStart[o]!; k < opStart[o + 1]!; k++) {
      const slot = fill[opWords[k]!]!++;
      postOps[slot] = o;
      postWeights[slot] = opWeights[k]!;
    }
  return { postStart, postOps, postWeights };
}

/**
 * The training operations as an inverted index; finds a tool's nearest operations. Words are numbered and every
 * list is a flat typed array (offsets per word or operation), so matching 10,000 tools allocates little.
 */
export class ExemplarIndex {
  private readonly ids = new Map<string, number>();
  private readonly words: readonly string[];
  /** Per word, the operations holding it and their BM25 weight for it (`postStart[w]` … `postStart[w + 1]`). */
  private readonly postStart: Int32Array;
  private readonly postOps: Int32Array;
  private readonly postWeights: Float32Array;
  /** Per operation, its words (ascending ids) and their weights. */
  private readonly opStart: Int32Array;
  private readonly opWords: Int32Array;
  private readonly opWeights: Float32Array;
  /**
   * Per word held by more than WALK_LIMIT operations, its CANDIDATES best operations by weight (equal weights: the
   * lower index first), `topStart[w]` … `topStart[w + 1]` (empty for rarer words): a tool whose rarest name word
   * is that common reads them instead of walking the word's list.
   */
  private readonly topStart: Int32Array;
  private readonly topOps: Int32Array;
  private readonly topWeights: Float32Array;
  /** Per operation, its requests' words grouped by word, the most used first (ids). */
  private readonly askedStart: Int32Array;
  private readonly askedWords: Int32Array;
  /** Scratch for one match, reset after it: operation scores, which have one, word counts. */
  private readonly scores: Float64Array;
  /** The operations with a score, in the order first scored. */
  private readonly touched = new IntScratch();
  private readonly counts: Int32Array;
  /** Scratch for one match: the operations that lent, nearest first. */
  private readonly lentOps = new IntScratch();
  /** Scratch for one match: the distinct words lent, in order (their counts in `counts`). */
  private readonly keptWords = new IntScratch();
  /** Scratch for one match: the tool's distinct name words this index knows, as found and rarest first. */
  private readonly nameIds = new IntScratch();
  private readonly query = new IntScratch();
  /** Scratch for one match: the name words not walked, ascending. */
  private readonly common = new IntScratch();
  /** Where askedIdsFor()'s lists are made (views of a shared block). */
  private readonly lent = new IdBuffer();
  /** Per index build's term table, each word's number there (-1: not looked up yet). */
  private readonly inTable = new WeakMap<TermTable, Int32Array>();
  /** Scratch for nearest(): the best operations so far and their scores (typed arrays are slow to allocate). */
  private kept = { op: new Int32Array(CANDIDATES), score: new Float64Array(CANDIDATES) };

  /** `built`: what exemplarIndexSteps() made from `data` (made now when not given). */
  constructor(data: ExemplarData, built: ExemplarTables = runSteps(exemplarTables(data))) {
    this.words = data.words;
    for (let id = 0; id < data.words.length; id++) this.ids.set(data.words[id]!, id);
    this.postStart = built.postStart;
    this.postOps = built.postOps;
    this.postWeights = built.postWeights;
    this.opStart = built.opStart;
    this.opWords = built.opWords;
    this.opWeights = built.opWeights;
    this.topStart = built.topStart;
    this.topOps = built.topOps;
    this.topWeights = built.topWeights;
    this.askedStart = built.askedStart;
    this.askedWords = built.askedWords;
    this.scores = new Float64Array(data.name.length);
    this.counts = new Int32Array(data.words.length);
  }

  /** How many training operations it holds. */
  get operations(): number {
    return this.opStart.length - 1;
  }

  private df(w: number): number {
    return this.postStart[w + 1]! - this.postStart[w]!;
  }

  /** The operation's weight for a word (0 if it lacks it): a short scan of its sorted words. */
  private weightIn(op: number, w: number): number {
    for (let k = this.opStart[op]!; k < this.opStart[op + 1]!; k++) {
      const x = this.opWords[k]!;
      if (x === w) return this.opWeights[k]!;
      if (x > w) return 0;
    }
    return 0;
  }

  /**
   * The words people used to ask for the operations most like a tool, matched by its name words (an operation's
   * name words count twice its description's); at most `use.maxWords` distinct words, the nearest operation's
   * most used first, each repeated as often as it was used (at most `use.maxRepeats`). Deterministic. (Matching by
   * the first sentence too found the same neighbours as often as not on the dev sets, at 1.5 × the build time.)
   */
  askedFor(name: readonly string[], use: ExemplarUse = DEFAULT_EXEMPLAR_USE): string[] {
    const out: string[] = [];
    const { counts, keptWords } = this;
    const n = this.asked(name, use);
    for (let k = 0; k < n; k++) {
      const w = keptWords.data[k]!;
      for (let j = 0; j < counts[w]!; j++) out.push(this.words[w]!);
      counts[w] = 0;
    }
    return out;
  }

  /**
   * The same words as askedFor(), numbered in `table` (an index build's terms): a view of a shared block, never
   * overwritten later (it keeps the block alive, as the tools' other fields do).
   */
  askedIdsFor(name: readonly string[], table: TermTable, use: ExemplarUse = DEFAULT_EXEMPLAR_USE): Int32Array {
    let inTable = this.inTable.get(table);
    if (!inTable) {
      inTable = new Int32Array(this.words.length).fill(-1);
      this.inTable.set(table, inTable);
    }
    const { counts, keptWords } = this;
    const n = this.asked(name, use);
    for (let k = 0; k < n; k++) {
      const w = keptWords.data[k]!;
      if (inTable[w]! < 0) inTable[w] = table.id(this.words[w]!);
      for (let j = 0; j < counts[w]!; j++) this.lent.push(inTable[w]!);
      counts[w] = 0;
    }
    return this.lent.take();
  }

  /**
   * The training operations (their numbers here, in the order of learned-exemplars.json) whose requests askedFor()
   * lends a tool: its nearest operations that pass the same tests, nearest first.
   */
  neighboursFor(name: readonly string[], use: ExemplarUse = DEFAULT_EXEMPLAR_USE): number[] {
    const n = this.asked(name, use);
    for (let k = 0; k < n; k++) this.counts[this.keptWords.data[k]!] = 0;
    return this.lastNeighbours();
  }

  /** neighboursFor()'s operations for the tool the last askedFor(), askedIdsFor() or neighboursFor() matched. */
  lastNeighbours(): number[] {
    return Array.from(this.lentOps.data.subarray(0, this.lentOps.length));
  }

  /**
   * askedFor()'s distinct words by their numbers here, in `keptWords` (how many is returned), each with how often
   * it is lent in `counts`, which the caller sets back to 0.
   */
  private asked(name: readonly string[], use: ExemplarUse): number {
    this.keptWords.clear();
    this.lentOps.clear();
    if (use.neighbours <= 0 || use.maxWords <= 0) return 0;
    const { scores, touched, nameIds } = this;
    // The tool's distinct name words this index knows; they are also what a neighbour must share.
    nameIds.clear();
    for (const word of name) {
      const w = this.ids.get(word);
      if (w !== undefined && !nameIds.includes(w)) nameIds.push(w);
    }
    if (nameIds.length === 0) return 0;
    // The same words, rarest first (equal: lower number); names are a few words, so an insertion sort.
    const query = this.query.copyOf(nameIds).data;
    const words = nameIds.length;
    for (let i = 1; i < words; i++) {
      const w = query[i]!;
      let j = i;
      while (
        j > 0 &&
        (this.df(query[j - 1]!) > this.df(w) || (this.df(query[j - 1]!) === this.df(w) && query[j - 1]! > w))
      ) {
        query[j] = query[j - 1]!;
        j--;
      }
      query[j] = w;
    }
    // Rare words are walked; common ones only add to operations already reached (the rarest is walked if no word is
    // rare). Common words only reorder the first CANDIDATES operations by the rare words' score.
    // The neighbours found, best first, in the scratch arrays `kept` (the first `found` of them).
    let found: number;
    let walked = 0;
    const rarest = query[0]!;
    if (this.df(rarest) > WALK_LIMIT && (words > 1 || use.neighbours <= CANDIDATES)) {
      // No word is rare: the rarest one's best operations are known ahead (what walking it would find).
      walked = 1;
      const start = this.topStart[rarest]!;
      const end = Math.min(this.topStart[rarest + 1]!, start + (words > 1 ? CANDIDATES : use.neighbours));
      const { op, score } = this.keptRoom(end - start);
      for (let j = start; j < end; j++) {
        op[j - start] = this.topOps[j]!;
        score[j - start] = this.topWeights[j]!;
      }
      found = end - start;
    } else {
      for (let i = 0; i < words; i++) {
        const w = query[i]!;
        if (walked > 0 && this.df(w) > WALK_LIMIT) break;
        walked++;
        for (let j = this.postStart[w]!; j < this.postStart[w + 1]!; j++) {
          const o = this.postOps[j]!;
          if (scores[o] === 0) touched.push(o);
          scores[o]! += this.postWeights[j]!;
        }
      }
      const k = walked < words ? CANDIDATES : use.neighbours;
      found = nearest(touched.data, touched.length, scores, k, this.keptRoom(k));
      for (let t = 0; t < touched.length; t++) scores[touched.data[t]!] = 0;
      touched.clear();
    }
    const { op, score } = this.kept;
    if (walked < words) {
      // Both lists ascend by word number: one merge per candidate.
      const common = this.common.copyOf(query, walked, words).ascending();
      for (let c = 0; c < found; c++) {
        let k = this.opStart[op[c]!]!;
        const end = this.opStart[op[c]! + 1]!;
        for (let m = 0; m < common.length; m++) {
          const w = common.data[m]!;
          while (k < end && this.opWords[k]! < w) k++;
          if (k === end) break;
          if (this.opWords[k] === w) score[c]! += this.opWeights[k]!;
        }
      }
      // Nearly in order already (common words add little): an insertion sort (higher score first, then lower
      // operation number).
      for (let i = 1; i < found; i++) {
        const o = op[i]!;
        const x = score[i]!;
        let j = i;
        while (j > 0 && (score[j - 1]! < x || (score[j - 1] === x && op[j - 1]! > o))) {
          op[j] = op[j - 1]!;
          score[j] = score[j - 1]!;
          j--;
        }
        op[j] = o;
        score[j] = x;
      }
    }
    return this.lend(Math.min(found, use.neighbours), use);
  }

  /** The scratch arrays `kept`, made at least `size` long. */
  private keptRoom(size: number): { op: Int32Array; score: Float64Array } {
    if (size > this.kept.op.length) this.kept = { op: new Int32Array(size), score: new Float64Array(size) };
    return this.kept;
  }

  /**
   * The requests' words of the first `count` neighbours in `kept`, each neighbour within the score share `use`
   * asks for and holding its share of the tool's name words (`nameIds`), into `keptWords` and `counts` (see
   * asked()); how many distinct words.
   */
  private lend(count: number, use: ExemplarUse): number {
    const { counts, keptWords: kept } = this;
    const { op: keptOp, score: keptScore } = this.kept;
    const floor = use.minShare * (count > 0 ? keptScore[0]! : 0);
    for (let c = 0; c < count; c++) {
      const op = keptOp[c]!;
      const score = keptScore[c]!;
      if (score < floor) break;
      if (!this.holdsEnough(op, this.nameIds, use.minNameShare)) continue;
      this.lentOps.push(op);
      for (let j = this.askedStart[op]!; j < this.askedStart[op + 1]!; j++) {
        const w = this.askedWords[j]!;
        if (counts[w] === 0) {
          if (kept.length >= use.maxWords) continue;
          kept.push(w);
        }
        if (counts[w]! < use.maxRepeats) counts[w]!++;
      }
    }
    return kept.length;
  }

  /** Whether an operation holds at least `share` of the given words (the tool's name words this index knows). */
  private holdsEnough(op: number, words: IntScratch, share: number): boolean {
    if (words.length === 0 || share <= 0) return true;
    let held = 0;
    for (let i = 0; i < words.length; i++) if (this.weightIn(op, words.data[i]!) > 0) held++;
    return held >= share * words.length;
  }
}

/**
 * A list of numbers kept across calls as scratch: clear() keeps its block (an array whose length is set to 0
 * gives its block up, and one match per tool would make new ones all build long).
 */
class IntScratch {
  data = new Int32Array(16);
  length = 0;

  clear(): void {
    this.length = 0;
  }

  push(x: number): void {
    if (this.length === this.data.length) {
      const more = new Int32Array(2 * this.data.length);
      more.set(this.data);
      this.data = more;
    }
    this.data[this.length++] = x;
  }

  includes(x: number): boolean {
    for (let i = 0; i < this.length; i++) if (this.data[i] === x) return true;
    return false;
  }

  /** This list made a copy of `from`'s numbers [start, end) (all of them when not given). */
  copyOf(from: IntScratch | Int32Array, start = 0, end = from.length): this {
    const source = from instanceof IntScratch ? from.data : from;
    this.clear();
    for (let i = start; i < end; i++) this.push(source[i]!);
    return this;
  }

  /** Sorted ascending in place (lists of a few numbers: an insertion sort). */
  ascending(): this {
    const d = this.data;
    for (let i = 1; i < this.length; i++) {
      const x = d[i]!;
      let j = i;
      while (j > 0 && d[j - 1]! > x) {
        d[j] = d[j - 1]!;
        j--;
      }
      d[j] = x;
    }
    return this;
  }
}

/**
 * The `k` best-scoring operations, best first (equal scores: the lower index first, the first reached kept), into
 * `kept` (scratch of at least `k` entries); how many there are.
 */
function nearest(
  ops: Int32Array,
  count: number,
  scores: Float64Array,
  k: number,
  kept: { op: Int32Array; score: Float64Array },
): number {
  const { op: keptOp, score: keptScore } = kept;
  let size = 0;
  for (let i = 0; i < count; i++) {
    const op = ops[i]!;
    const score = scores[op]!;
    if (size === k && score <= keptScore[k - 1]!) continue;
    let j = size < k ? size++ : k - 1;
    while (j > 0 && (keptScore[j - 1]! < score || (keptScore[j - 1] === score && keptOp[j - 1]! > op))) {
      keptOp[j] = keptOp[j - 1]!;
      keptScore[j] = keptScore[j - 1]!;
      j--;
    }
    keptOp[j] = op;
    keptScore[j] = score;
  }
  return size;
}

let shared: ExemplarIndex | null = null;
/** The index of the shipped training operations (learned-exemplars.json), built on first use. */
export function getExemplars(): ExemplarIndex {
  return runSteps(exemplarsSteps());
}

/**
 * getExemplars() as steps (build-steps.ts), for a build that gives other work a turn: nothing to do once built.
 * Two builds making it at once each make it; the first to finish is kept.
 */
export function* exemplarsSteps(): BuildSteps<ExemplarIndex> {
  if (shared) return shared;
  const index = yield* exemplarIndexSteps(exemplarData as unknown as ExemplarData);
  shared ??= index;
  return shared;
}
