/**
 * `npm run learn:reranker`: learns tool search's reranker (lib/deferred/search/rerank.ts) from the dev pools
 * (bench/lib/pools.ts: every committed query set, per catalog) and writes lib/deferred/search/learned-reranker.json.
 * Every figure it prints is a dev figure: the pools are the sets the search has been tuned on.
 *
 *   npm run -s learn:reranker -- [--folds true] [--write false] [--descriptions true] [--depth N]
 *     [--hidden N] [--epochs N] [--rate X] [--l2 X] [--batch N] [--seed N]
 *
 * Each plain-words request of the pools is ranked by the search as shipped (every technique as by default); the
 * first `rerank.depth` results (or `--depth`) and what the ranking's stages said of each are one list, its expected tools the
 * right ones. `--folds true` first learns three times, each time leaving one catalog out, and prints Recall@5 and
 * MRR@5 on the catalog left out before and after reordering (how well it carries to a catalog it never saw).
 * Deterministic: the same pools give the same file. No network.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseQuery } from "@/lib/deferred/search/query-modes";
import { DEFAULT_RANKER, type RankerConfig, TextRanker } from "@/lib/deferred/search/ranker";
import { FEATURE_COUNT, parseRerankModel, RERANK_FILE } from "@/lib/deferred/search/rerank";
import { DEFAULT_RERANK_LEARN, learnReranker, type RerankList } from "@/lib/deferred/search/rerank-learn";
import { booleanFlag, parseFlags } from "../bench/lib/args";
import { loadPool, POOLS } from "../bench/lib/pools";
import { table } from "../bench/lib/report";

const ROOT = path.resolve(import.meta.dirname, "..");

interface Example extends RerankList {
  pool: string;
  style: string;
  /** Whether an expected tool is in the first five as the search ranks them now. */
  hit: boolean;
  reciprocal: number;
}

/** The first five's hit and reciprocal rank for labels in an order. */
function atFive(labels: Uint8Array, order: readonly number[]): [boolean, number] {
  for (let r = 0; r < Math.min(5, order.length); r++) if (labels[order[r]!] === 1) return [true, 1 / (r + 1)];
  return [false, 0];
}

function examples(config: RankerConfig, withDescriptions: boolean): Example[] {
  const out: Example[] = [];
  for (const pool of POOLS) {
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
        const [hit, reciprocal] = atFive(
          labels,
          Array.from(labels, (_, i) => i),
        );
        out.push({ pool: pool.label, style: q.style, features, labels, hit, reciprocal });
      }
    process.stderr.write(`${pool.label}: ${out.filter((e) => e.pool === pool.label).length} requests\n`);
  }
  return out;
}

/** Each example's hit and reciprocal rank after the model reorders its list. */
function reordered(model: ReturnType<typeof parseRerankModel>, e: Example): [boolean, number] {
  const n = e.labels.length;
  if (n < 2) return [e.hit, e.reciprocal];
  const scores = model.score(e.features);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  return atFive(e.labels, order);
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
  const use = {
    ...DEFAULT_RERANK_LEARN,
    ...(flags.hidden !== undefined ? { hidden: Number(flags.hidden) } : {}),
    ...(flags.epochs !== undefined ? { epochs: Number(flags.epochs) } : {}),
    ...(flags.rate !== undefined ? { rate: Number(flags.rate) } : {}),
    ...(flags.l2 !== undefined ? { l2: Number(flags.l2) } : {}),
    ...(flags.batch !== undefined ? { batch: Number(flags.batch) } : {}),
    ...(flags.seed !== undefined ? { seed: Number(flags.seed) } : {}),
  };
  for (const k of ["hidden", "epochs"] as const)
    if (!Number.isInteger(use[k]) || use[k] < (k === "hidden" ? 0 : 1))
      throw new Error(`--${k}: "${flags[k]}" is not a whole number${k === "hidden" ? "" : " above 0"}`);
  const depth = flags.depth !== undefined ? Number(flags.depth) : DEFAULT_RANKER.rerank.depth;
  if (!Number.isInteger(depth) || depth < 2) throw new Error(`--depth: "${flags.depth}" is not a whole number above 1`);
  const config: RankerConfig = {
    ...DEFAULT_RANKER,
    techniques: { ...DEFAULT_RANKER.techniques, rerank: true },
    rerank: { depth },
  };
  const all = examples(config, booleanFlag(flags, "descriptions"));
  if (booleanFlag(flags, "folds")) {
    const rows: string[][] = [];
    for (const pool of POOLS) {
      const model = parseRerankModel(
        JSON.stringify(
          learnReranker(
            all.filter((e) => e.pool !== pool.label),
            use,
          ),
        ),
        "(fold)",
      );
      const held = all.filter((e) => e.pool === pool.label);
      const styles = ["all", ...new Set(held.map((e) => e.style))];
      for (const style of styles) {
        const set = style === "all" ? held : held.filter((e) => e.style === style);
        let before = 0;
        let after = 0;
        let mrrBefore = 0;
        let mrrAfter = 0;
        for (const e of set) {
          const [hit, rr] = reordered(model, e);
          before += e.hit ? 1 : 0;
          mrrBefore += e.reciprocal;
          after += hit ? 1 : 0;
          mrrAfter += rr;
        }
        rows.push([
          pool.label,
          style,
          String(set.length),
          String(before),
          String(after),
          `${after - before >= 0 ? "+" : ""}${after - before}`,
          (mrrBefore / set.length).toFixed(4),
          (mrrAfter / set.length).toFixed(4),
        ]);
      }
    }
    console.log("Left-out catalog (dev pools; the model learned from the other two):");
    console.log(table(["catalog", "style", "n", "R@5 before", "after", "±", "MRR@5 before", "after"], rows));
  }
  if (flags.write === "false") return;
  const file = path.join(ROOT, RERANK_FILE);
  const text = `${JSON.stringify(learnReranker(all, use))}\n`;
  parseRerankModel(text, file);
  writeFileSync(file, text);
  console.log(`wrote ${path.relative(ROOT, file)} (${all.length} requests, ${use.hidden} hidden units)`);
}

main();
