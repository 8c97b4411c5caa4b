import path from "node:path";
import { z } from "zod";
import { parseJsonText, readOnce } from "./json-text";
import type { Scored } from "./scored";

/**
 * A learned reranker of the ranking's first results (`rerank`): each of the first `depth` is described by what the
 * ranking's own stages said of it (its lexical, language-model and vector ranks and shares, its server's match, the
 * request's action, how much of the request it holds, …: RERANK_FEATURES), and a small network learned from the
 * dev pools' requests (scripts/learn-reranker.ts) orders them. No tool enters or leaves the first `depth`, and every
 * place keeps the score it had (the cuts and fusions that read scores read them as before).
 */
export interface RerankUse {
  /** How many of the first results are reordered. */
  depth: number;
}

export const DEFAULT_RERANK_USE: RerankUse = { depth: 20 };

/** What each stage of a ranking said of a request, kept while it ran (TextRanker fills it in; first write wins). */
export interface RankTrace {
  /** The lexical ranking (BM25F with its name lift and feedback), best first. */
  lexical?: readonly Scored[];
  /** The translation language model's ranking, best first. */
  likelihood?: readonly { index: number; score: number }[];
  /** The tools nearest the request by learned vectors, best first, with their cosines. */
  near?: readonly { index: number; score: number }[];
  /** Per server profile, its match as a share of the best (server-profiles.ts); null when none differ. */
  shares?: Float64Array | null;
  /** The server the request names (its number), -1 for none. */
  named?: number;
  /** The action classifier's probabilities for the request, per class. */
  actions?: Float64Array;
}

/** What the reranker asks the ranker about one tool. */
export interface CandidateFacts {
  /** Share of the request's words the tool holds itself (TextRanker.matchShare). */
  matchShare(index: number): number;
  /** The tool's server's number, -1 for none. */
  serverOf(index: number): number;
  /** How many tools a server (by number) has. */
  serverSize(server: number): number;
  /** The tool's server's share of the best server profile's match (0 without profiles). */
  serverShare(index: number, shares: Float64Array): number;
  /** How many words the tool's name has. */
  nameWords(index: number): number;
  /** How much likelier the request makes the tool's action class (±1), from the probabilities. */
  actionLift(index: number, probabilities: Float64Array): number;
}

/** The features, in order; the learned file names them, and a file that names others is refused. */
export const RERANK_FEATURES = [
  "score",
  "rank0",
  "rank1",
  "rank2",
  "rank3",
  "rank4",
  "rank5to9",
  "rank10up",
  "reciprocalRank",
  "lexical",
  "lexicalRank",
  "likelihood",
  "likelihoodRank",
  "vector",
  "vectorRank",
  "cosine",
  "bestCosine",
  "serverShare",
  "named",
  "action",
  "matchShare",
  "topServer",
  "serverCrowd",
  "serverSize",
  "nameWords",
  "queryTerms",
  "english",
  "lexicalBest",
  "englishScore",
  "englishLexical",
  "englishLikelihood",
  "englishVector",
  "englishServerShare",
  "englishAction",
  "englishMatchShare",
] as const;

export const FEATURE_COUNT = RERANK_FEATURES.length;

/** A ranking (best first) as index → [share of the best score, 1 / (1 + rank), the score]. */
function sharesAndRanks(
  list: readonly { index: number; score: number }[] | undefined,
): Map<number, [number, number, number]> {
  const out = new Map<number, [number, number, number]>();
  if (!list || list.length === 0) return out;
  const best = list[0]!.score;
  list.forEach((s, rank) => {
    if (!out.has(s.index)) out.set(s.index, [best > 0 ? s.score / best : 0, 1 / (1 + rank), s.score]);
  });
  return out;
}

/**
 * The features of the first `ranked.length` results, one row of FEATURE_COUNT numbers each, flat. `english`: the
 * learned models read the request's own words; `terms`: how many terms the request has.
 */
export function rerankFeatures(
  ranked: readonly Scored[],
  trace: RankTrace,
  facts: CandidateFacts,
  request: { english: boolean; terms: number },
): Float64Array {
  const n = ranked.length;
  const out = new Float64Array(n * FEATURE_COUNT);
  if (n === 0) return out;
  const best = ranked[0]!.score;
  const lexical = sharesAndRanks(trace.lexical);
  const likelihood = sharesAndRanks(trace.likelihood);
  const near = sharesAndRanks(trace.near);
  const bestCosine = trace.near?.[0]?.score ?? 0;
  const lexicalBest = trace.lexical?.[0]?.score ?? 0;
  const crowd = new Map<number, number>();
  for (const s of ranked) {
    const server = facts.serverOf(s.index);
    crowd.set(server, (crowd.get(server) ?? 0) + 1);
  }
  const topServer = facts.serverOf(ranked[0]!.index);
  const english = request.english ? 1 : 0;
  for (let r = 0; r < n; r++) {
    const { index, score } = ranked[r]!;
    const server = facts.serverOf(index);
    const [lex, lexRank] = lexical.get(index) ?? [0, 0];
    const [lik, likRank] = likelihood.get(index) ?? [0, 0];
    const [vec, vecRank, cosine] = near.get(index) ?? [0, 0, 0];
    const share = trace.shares ? facts.serverShare(index, trace.shares) : 0;
    const action = trace.actions ? facts.actionLift(index, trace.actions) : 0;
    const match = facts.matchShare(index);
    const scoreShare = best > 0 ? score / best : 0;
    const row = [
      scoreShare,
      r === 0 ? 1 : 0,
      r === 1 ? 1 : 0,
      r === 2 ? 1 : 0,
      r === 3 ? 1 : 0,
      r === 4 ? 1 : 0,
      r >= 5 && r < 10 ? 1 : 0,
      r >= 10 ? 1 : 0,
      1 / (1 + r),
      lex,
      lexRank,
      lik,
      likRank,
      vec,
      vecRank,
      cosine,
      bestCosine,
      share,
      trace.named !== undefined && trace.named >= 0 && server === trace.named ? 1 : 0,
      action,
      match,
      server === topServer ? 1 : 0,
      (crowd.get(server) ?? 0) / n,
      Math.log(server < 0 ? 1 : Math.max(1, facts.serverSize(server))),
      facts.nameWords(index),
      Math.log(1 + request.terms),
      english,
      Math.log(1 + Math.max(0, lexicalBest)),
      english * scoreShare,
      english * lex,
      english * lik,
      english * vec,
      english * share,
      english * action,
      english * match,
    ];
    out.set(row, r * FEATURE_COUNT);
  }
  return out;
}

/** learned-reranker.json: the features' names, their standardisation, and the network's weights. */
const RerankTableSchema = z
  .object({
    features: z.array(z.string()),
    mean: z.array(z.number()),
    scale: z.array(z.number().positive()),
    /** The linear part, one weight per feature. */
    linear: z.array(z.number()),
    /** Hidden units' weights, `hidden` rows of one weight per feature, and their biases. */
    hidden: z.array(z.array(z.number())),
    bias: z.array(z.number()),
    /** Each hidden unit's (tanh) weight in the score. */
    out: z.array(z.number()),
  })
  .strict();
export type RerankTable = z.infer<typeof RerankTableSchema>;

/** The learned scorer: a linear part plus one layer of tanh units over the standardised features. */
export class RerankModel {
  private readonly mean: Float64Array;
  private readonly scale: Float64Array;
  private readonly linear: Float64Array;
  private readonly hidden: Float64Array;
  private readonly bias: Float64Array;
  private readonly out: Float64Array;
  private readonly units: number;

  constructor(table: RerankTable, file = RERANK_FILE) {
    const names = table.features.join(",");
    if (names !== RERANK_FEATURES.join(","))
      throw new Error(
        `${file}: field "features" is [${names}], but this search computes [${RERANK_FEATURES.join(",")}]: run npm run learn:reranker`,
      );
    const f = FEATURE_COUNT;
    const sized = (field: string, list: readonly number[], want: number) => {
      if (list.length !== want) throw new Error(`${file}: field "${field}" has ${list.length} numbers, not ${want}`);
      return Float64Array.from(list);
    };
    this.mean = sized("mean", table.mean, f);
    this.scale = sized("scale", table.scale, f);
    this.linear = sized("linear", table.linear, f);
    this.units = table.hidden.length;
    this.hidden = new Float64Array(this.units * f);
    table.hidden.forEach((row, h) => {
      this.hidden.set(sized(`hidden.${h}`, row, f), h * f);
    });
    this.bias = sized("bias", table.bias, this.units);
    this.out = sized("out", table.out, this.units);
  }

  /** One score per row of `features` (rerankFeatures), higher first. */
  score(features: Float64Array): Float64Array {
    const f = FEATURE_COUNT;
    const rows = features.length / f;
    const scores = new Float64Array(rows);
    const x = new Float64Array(f);
    for (let r = 0; r < rows; r++) {
      for (let k = 0; k < f; k++) x[k] = (features[r * f + k]! - this.mean[k]!) / this.scale[k]!;
      let s = 0;
      for (let k = 0; k < f; k++) s += x[k]! * this.linear[k]!;
      for (let h = 0; h < this.units; h++) {
        let a = this.bias[h]!;
        const w = h * f;
        for (let k = 0; k < f; k++) a += x[k]! * this.hidden[w + k]!;
        s += Math.tanh(a) * this.out[h]!;
      }
      scores[r] = s;
    }
    return scores;
  }
}

/** The shipped reranker (scripts/learn-reranker.ts writes it), relative to the app's root. */
export const RERANK_FILE = path.join("lib", "deferred", "search", "learned-reranker.json");

/** A reranker file's text → the model, or an error naming the file and what is wrong. */
export function parseRerankModel(text: string, file: string): RerankModel {
  return new RerankModel(
    parseJsonText(text, file, RerankTableSchema, (at) => `field "${at}"`),
    file,
  );
}

/** The shipped reranker, read on first use and kept for the process: a search with the technique off never loads it. */
export const getReranker = readOnce(RERANK_FILE, parseRerankModel);
