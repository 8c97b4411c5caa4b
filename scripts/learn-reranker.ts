/**
 * `npm run learn:reranker`: learns tool search's reranker (lib/deferred/search/rerank.ts) from the dev pools
 * (bench/lib/pools.ts: every committed query set, per catalog, of the pools marked `learn`; catalog4 is only measured
 * on) and writes lib/deferred/search/learned-reranker.json.
 * Every figure it prints is a dev figure: the pools are the sets the search has been tuned on.
 *
 *   npm run -s learn:reranker -- [--folds true] [--write false] [--descriptions true] [--depth N]
 *     [--hidden N] [--epochs N] [--rate X] [--l2 X] [--batch N] [--seed N]
 *
 * Each plain-words request of the pools is ranked by the search as shipped (every technique as by default); the
 * first `rerank.depth` results (or `--depth`) and what the ranking's stages said of each are one list, its expected tools the
 * right ones. `--folds true` first learns once per learned pool, each time leaving that catalog out, and once from all of them for
 * each pool no learner reads (catalog4), and prints Recall@5 and MRR@5 on the catalog left out before and after
 * reordering (how well it carries to a catalog it never saw).
 * Deterministic: the same pools give the same file. No network.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseQuery } from "@/lib/deferred/search/query-modes";
import { TextRanker } from "@/lib/deferred/search/ranker";
import { DEFAULT_RANKER, type RankerConfig } from "@/lib/deferred/search/ranker-config";
import { FEATURE_COUNT, parseRerankModel, RERANK_FILE, RerankModel } from "@/lib/deferred/search/rerank";
import { DEFAULT_RERANK_LEARN, learnReranker, type RerankList } from "@/lib/deferred/search/rerank-learn";
import { booleanFlag, numberFlag, parseFlags } from "../bench/lib/args";
import { inTop5, LEARNED_POOLS, loadPool, type Pool, POOLS, reciprocalRank5 } from "../bench/lib/pools";
import { table } from "../bench/lib/report";

const ROOT = path.resolve(import.meta.dirname, "..");

interface Example extends RerankList {
  pool: string;
  style: string;
  /** The first expected tool's place (from 1) as the search ranks them now; 0 when none is among them. */
  rank: number;
}

/** The first right candidate's place (from 1) in an order of a list's candidates; 0 when none is right. */
function firstRight(labels: Uint8Array, order: readonly number[]): number {
  return order.findIndex((i) => labels[i] === 1) + 1;
}

function examples(config: RankerConfig, withDescriptions: boolean, pools: readonly Pool[]): Example[] {
  const out: Example[] = [];
  for (const pool of pools) {
    const { docs, sets } = loadPool(ROOT, pool, withDescriptions);
    const ranker = new TextRanker(docs, config);
    for (const { queries } of sets)
      for (const q of queries) {
        if (q.expected.length === 0) continue;
        const parsed = parseQuery(q.query);
        if (parsed.mode !== "text") continue;
        const { ranked, features } = ranker.rerankRows(parsed.text, ranker.terms(parsed.text), config.rerank.depth);
        const n = features.length / FEATURE_COUNT;
        const want = new Set(q.expected);
        const labels = Uint8Array.from(ranked.slice(0, n), (s) => (want.has(s.name) ? 1 : 0));
        const rank = firstRight(
          labels,
          Array.from(labels, (_, i) => i),
        );
        out.push({ pool: pool.label, style: q.style, features, labels, rank });
      }
    process.stderr.write(`${pool.label}: ${out.filter((e) => e.pool === pool.label).length} requests\n`);
  }
  return out;
}

/** An example's first right place after the model reorders its list (ties keep their order, as in the search). */
function reordered(model: RerankModel, e: Example): number {
  const n = e.labels.length;
  if (n < 2) return e.rank;
  const scores = model.score(e.features);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  return firstRight(e.labels, order);
}

/** Recall@5 and MRR@5 of a held-out pool's requests before and after the model reorders them, overall and per style. */
function foldRows(model: RerankModel, label: string, held: readonly Example[]): string[][] {
  const styles = ["all", ...new Set(held.map((e) => e.style))];
  return styles.map((style) => {
    const set = style === "all" ? held : held.filter((e) => e.style === style);
    let before = 0;
    let after = 0;
    let mrrBefore = 0;
    let mrrAfter = 0;
    for (const e of set) {
      const rank = reordered(model, e);
      before += inTop5(e.rank) ? 1 : 0;
      mrrBefore += reciprocalRank5(e.rank);
      after += inTop5(rank) ? 1 : 0;
      mrrAfter += reciprocalRank5(rank);
    }
    return [
      label,
      style,
      String(set.length),
      String(before),
      String(after),
      `${after - before >= 0 ? "+" : ""}${after - before}`,
      (mrrBefore / set.length).toFixed(4),
      (mrrAfter / set.length).toFixed(4),
    ];
  });
}

function main(): void {
  const { flags } = parseFlags(process.argv.slice(2), [
    "folds",
    "write",
    "hidden",
    "epochs",
    "rate",
    "l2",
    "batch",
    "seed",
    "depth",
    "descriptions",
  ]);
  const given = DEFAULT_RERANK_LEARN;
  const use = {
    hidden: numberFlag(flags, "hidden", given.hidden, { min: 0, whole: true }),
    epochs: numberFlag(flags, "epochs", given.epochs, { min: 1, whole: true }),
    rate: numberFlag(flags, "rate", given.rate, { min: 0 }),
    l2: numberFlag(flags, "l2", given.l2, { min: 0 }),
    batch: numberFlag(flags, "batch", given.batch, { min: 1, whole: true }),
    seed: numberFlag(flags, "seed", given.seed, { whole: true }),
  };
  const depth = numberFlag(flags, "depth", DEFAULT_RANKER.rerank.depth, { min: 2, whole: true });
  const config: RankerConfig = {
    ...DEFAULT_RANKER,
    techniques: { ...DEFAULT_RANKER.techniques, rerank: true },
    rerank: { depth },
  };
  const folds = booleanFlag(flags, "folds");
  // The pools no learner reads are ranked only to be measured, with --folds.
  const all = examples(config, booleanFlag(flags, "descriptions"), folds ? POOLS : LEARNED_POOLS);
  const learnedFrom = new Set(LEARNED_POOLS.map((p) => p.label));
  const learned = all.filter((e) => learnedFrom.has(e.pool));
  if (folds) {
    const rows: string[][] = [];
    // Each learned pool left out in turn; a pool no learner reads, measured with the model learned from all of them.
    for (const pool of POOLS) {
      const train = pool.learn ? learned.filter((e) => e.pool !== pool.label) : learned;
      const model = new RerankModel(learnReranker(train, use), "(fold)");
      rows.push(
        ...foldRows(
          model,
          pool.label,
          all.filter((e) => e.pool === pool.label),
        ),
      );
    }
    console.log(
      "Left-out catalog (dev pools; the model learned from the other learned pools, or from all of them for a pool no learner reads):",
    );
    console.log(table(["catalog", "style", "n", "R@5 before", "after", "±", "MRR@5 before", "after"], rows));
  }
  if (flags.write !== undefined && !booleanFlag(flags, "write")) return;
  const file = path.join(ROOT, RERANK_FILE);
  const text = `${JSON.stringify(learnReranker(learned, use))}\n`;
  parseRerankModel(text, file);
  writeFileSync(file, text);
  console.log(`wrote ${path.relative(ROOT, file)} (${learned.length} requests, ${use.hidden} hidden units)`);
}

main();
