/**
 * `npm run learn:associations`: learns tool search's word translations (lib/deferred/search/translation-model.ts)
 * from training/search/ — API operations (ops-N.json) and the requests written for them (requests-N.jsonl, see
 * training/search/README.md) — and writes lib/deferred/search/learned-associations.json and the other learned
 * tables. `--pools A,B` also learns from those catalogs' dev pools (bench/lib/pool-pairs.ts), to measure on another
 * catalog what such tables would do; the shipped tables learn from none. Deterministic: the same training files
 * (and pools) give the same tables. No network.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConverterFactory } from "opencc-js/core";
import fromSimplified from "opencc-js/from/cn";
import toTaiwan from "opencc-js/to/twp";
import { z } from "zod";
import { DEFAULT_ACTION_LEARN, learnActions, packActions } from "../lib/deferred/search/actions-learn";
import { deriveExemplars, type WorkedExample } from "../lib/deferred/search/exemplars";
import { packExampleWords } from "../lib/deferred/search/cjk-examples";
import { CJK_LEARN, cjkWordsOnly } from "../lib/deferred/search/learned-cjk";
import { parseFlags } from "../bench/lib/args";
import { loadPoolOperations } from "../bench/lib/pool-pairs";
import { HAS_CJK, nameTerms, STOPWORDS, terms } from "../lib/deferred/search/tokenize";
import {
  DEFAULT_LEARN,
  invertTable,
  LIKELIHOOD_LEARN,
  learnTranslations,
  type TrainingPair,
} from "../lib/deferred/search/translation-model";
import { DEFAULT_VECTOR_USE, WordVectors } from "../lib/deferred/search/word-vectors";
import {
  CJK_VECTOR_LEARN,
  DEFAULT_VECTOR_LEARN,
  learnVectorsToward,
  learnWordVectors,
  packVectors,
  type VectorExample,
} from "../lib/deferred/search/word-vectors-learn";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const DIR = path.join(REPO_ROOT, "training", "search");
const OUT = path.join(REPO_ROOT, "lib", "deferred", "search", "learned-associations.json");
const OUT_LIKELIHOODS = path.join(REPO_ROOT, "lib", "deferred", "search", "learned-likelihoods.json");
const OUT_EXEMPLARS = path.join(REPO_ROOT, "lib", "deferred", "search", "learned-exemplars.json");
const OUT_VECTORS = path.join(REPO_ROOT, "lib", "deferred", "search", "learned-vectors.json");
const OUT_ACTIONS = path.join(REPO_ROOT, "lib", "deferred", "search", "learned-actions.json");
const OUT_CJK = path.join(REPO_ROOT, "lib", "deferred", "search", "learned-cjk.json");
const OUT_CJK_VECTORS = path.join(REPO_ROOT, "lib", "deferred", "search", "learned-cjk-vectors.json");
/** Worked examples from the dev pools are numbered from here (the training files' ids stay below it). */
const POOL_IDS = 1_000_000;

const Operation = z.object({ id: z.number(), source: z.string(), name: z.string(), text: z.string() });
const Text = z.string().min(1).optional();
/** One line of a requests file: the operation's id and any of the request kinds written for it. */
const Request = z
  .object({
    id: z.number(),
    casual: Text,
    casual2: Text,
    casual3: Text,
    casual4: Text,
    natural: Text,
    paraphrase: Text,
    task: Text,
  })
  .strict()
  .refine(
    (r) => r.casual ?? r.casual2 ?? r.casual3 ?? r.casual4 ?? r.natural ?? r.paraphrase ?? r.task,
    "no request text",
  );

function readJsonLines(file: string): unknown[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter((l) => l.line !== "")
    .map(({ line, n }) => {
      try {
        return JSON.parse(line) as unknown;
      } catch (e) {
        throw new Error(`${file}:${n}: not JSON (${(e as Error).message})`);
      }
    });
}

/** Every operation of every ops-N.json, by id (ids are unique across files). */
function loadOperations(): Map<number, z.infer<typeof Operation>> {
  const ops = new Map<number, z.infer<typeof Operation>>();
  for (const f of readdirSync(DIR)
    .filter((x) => /^ops-\d+\.json$/.test(x))
    .sort()) {
    for (const o of z.array(Operation).parse(JSON.parse(readFileSync(path.join(DIR, f), "utf8")))) {
      if (ops.has(o.id)) throw new Error(`${f}: id ${o.id} is also in another ops file`);
      ops.set(o.id, o);
    }
  }
  return ops;
}

/**
 * Pairs from every requests-N.jsonl and more-N.jsonl: each request text of a line with its operation's words;
 * and each operation with all its requests, in the order first met (the worked examples, exemplars.ts).
 */
function loadPairs(ops: ReturnType<typeof loadOperations>): {
  pairs: TrainingPair[];
  examples: WorkedExample[];
  /** The worked examples' operation ids, in their order (learned-exemplars.json numbers them so). */
  exampleIds: number[];
  sources: string[];
  operations: number;
  files: string[];
} {
  const pairs: TrainingPair[] = [];
  const files = readdirSync(DIR)
    .filter((x) => /^(requests|more|style)-\d+\.jsonl$/.test(x))
    .sort();
  const covered = new Set<number>();
  const examples = new Map<number, WorkedExample & { requests: string[] }>();
  const sources = new Map<number, string>();
  for (const f of files) {
    readJsonLines(path.join(DIR, f)).forEach((raw, i) => {
      const parsed = Request.safeParse(raw);
      if (!parsed.success) throw new Error(`${f}:${i + 1}: ${parsed.error.issues[0]?.message}`);
      const { id, ...texts } = parsed.data;
      const op = ops.get(id);
      if (!op) throw new Error(`${f}:${i + 1}: id ${id} is in no ops-N.json`);
      covered.add(id);
      let example = examples.get(id);
      if (!example) {
        example = { name: op.name, text: op.text, requests: [] };
        examples.set(id, example);
        sources.set(id, op.source);
      }
      for (const request of Object.values(texts)) if (request) example.requests.push(request);
      const operation = [...nameTerms(op.name).filter((t) => !STOPWORDS.has(t)), ...terms(op.text)];
      for (const request of Object.values(texts)) if (request) pairs.push({ request: terms(request), operation });
    });
  }
  return {
    pairs,
    examples: [...examples.values()],
    exampleIds: [...examples.keys()],
    sources: [...sources.values()],
    operations: covered.size,
    files,
  };
}

/** One line of a cjk-N.jsonl: the operation's id, a request in Simplified Chinese and one in Japanese. */
const CjkRequest = z.object({ id: z.number(), zh: z.string().min(1), ja: z.string().min(1) }).strict();

/**
 * Simplified Chinese → Traditional Chinese as written in Taiwan, with its own words (软件 → 軟體, 视频 → 影片):
 * OpenCC's tables (opencc-js), so the table also knows the words of requests typed in traditional characters.
 */
const toTraditional = ConverterFactory(fromSimplified, toTaiwan);

/**
 * The translations table is learned from cjk-1 … cjk-12 only: its rule kept it so (cjk-13 … 18, learned into it too,
 * failed theirs; bench/queries/README.md). The worked examples in Chinese and Japanese lend the words of every file.
 */
const CJK_TABLE_LAST_FILE = 12;

/** Every cjk-N.jsonl's requests (the Chinese one also in traditional characters), in file-name order. */
function loadCjkRequests(): { file: number; id: number; requests: string[] }[] {
  const out: { file: number; id: number; requests: string[] }[] = [];
  const seen = new Map<number, string>();
  for (const f of readdirSync(DIR)
    .filter((x) => /^cjk-\d+\.jsonl$/.test(x))
    .sort())
    readJsonLines(path.join(DIR, f)).forEach((raw, i) => {
      const parsed = CjkRequest.safeParse(raw);
      if (!parsed.success)
        throw new Error(`${f}:${i + 1}: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
      const { id, zh, ja } = parsed.data;
      const before = seen.get(id);
      if (before) throw new Error(`${f}:${i + 1}: id ${id} already has requests in ${before}`);
      seen.set(id, `${f}:${i + 1}`);
      out.push({ file: Number(/\d+/.exec(f)![0]), id, requests: [zh, toTraditional(zh), ja] });
    });
  return out;
}

/** Pairs for the translations table: each request of cjk-1 … 12 with its operation's words. */
function cjkTablePairs(
  requests: ReturnType<typeof loadCjkRequests>,
  ops: ReturnType<typeof loadOperations>,
): { pairs: TrainingPair[]; operations: number } {
  const pairs: TrainingPair[] = [];
  let operations = 0;
  for (const r of requests) {
    if (r.file > CJK_TABLE_LAST_FILE) continue;
    const op = ops.get(r.id);
    if (!op) throw new Error(`cjk-${r.file}.jsonl: id ${r.id} is in no ops-N.json`);
    operations++;
    const operation = [...nameTerms(op.name).filter((t) => !STOPWORDS.has(t)), ...terms(op.text)];
    for (const request of r.requests) pairs.push({ request: terms(request), operation });
  }
  return { pairs, operations };
}

/**
 * The worked examples' Chinese and Japanese words (cjk-examples.ts): per operation, in learned-exemplars.json's
 * order, the words of its requests written in those scripts, once per use, numbered.
 */
function cjkExampleWords(requests: ReturnType<typeof loadCjkRequests>, exampleIds: readonly number[]) {
  const byId = new Map(requests.map((r) => [r.id, r.requests]));
  const words: string[] = [];
  const idOf = new Map<string, number>();
  const start = [0];
  const ids: number[] = [];
  for (const id of exampleIds) {
    for (const request of byId.get(id) ?? [])
      for (const w of terms(request)) {
        if (!HAS_CJK.test(w)) continue;
        let n = idOf.get(w);
        if (n === undefined) {
          n = words.length;
          idOf.set(w, n);
          words.push(w);
        }
        ids.push(n);
      }
    start.push(ids.length);
  }
  return packExampleWords(words, start, ids);
}

/**
 * The Chinese and Japanese words' vectors (word-vectors.ts, `vectorscjk`), in the English table's space as it ships
 * (read back from its packed form, as the search reads it): each operation's vector is its name's words (×
 * `nameWeight`) and its description's first words, as the search embeds a tool; every request of every cjk-N.jsonl
 * (the Chinese one also in traditional characters) is fitted toward its operation's by its words in those scripts.
 */
function cjkVectors(
  requests: ReturnType<typeof loadCjkRequests>,
  ops: ReturnType<typeof loadOperations>,
  english: WordVectors,
) {
  const { dim } = english;
  const index = new Map<number, number>();
  for (const r of requests) if (!index.has(r.id)) index.set(r.id, index.size);
  const targets = new Float32Array(index.size * dim);
  const unit = new Float32Array(dim);
  for (const [id, i] of index) {
    const op = ops.get(id);
    if (!op) throw new Error(`cjk-N.jsonl: id ${id} is in no ops-N.json`);
    const name = nameTerms(op.name).filter((t) => !STOPWORDS.has(t));
    const words = [
      ...Array.from({ length: DEFAULT_VECTOR_USE.nameWeight }, () => name).flat(),
      ...terms(op.text).slice(0, DEFAULT_VECTOR_USE.descriptionWords),
    ];
    if (english.embedInto(words, unit)) targets.set(unit, i * dim);
  }
  const examples: VectorExample[] = requests.flatMap((r) =>
    r.requests.map((request) => ({
      request: terms(request).filter((w) => HAS_CJK.test(w)),
      operation: index.get(r.id)!,
    })),
  );
  return learnVectorsToward(targets, dim, examples, CJK_VECTOR_LEARN);
}

// `--pools A,B` and `--options JSON` (below); any other argument is refused.
const { flags } = parseFlags(process.argv.slice(2), ["pools", "options"]);
const started = performance.now();
// Every ops-N.json, read once for the English pairs and the Chinese and Japanese ones.
const allOperations = loadOperations();
const { pairs, examples, exampleIds, sources, operations, files } = loadPairs(allOperations);
// `--pools A,B`: those catalogs' dev pools too, each tool they ask for one more operation (its name and its
// description's first sentence) with those requests. None by default: the shipped tables never saw a measured catalog.
const poolLabels = (flags.pools ?? "").split(",").filter((l) => l !== "");
for (const { pool, operations: tools } of loadPoolOperations(REPO_ROOT, poolLabels)) {
  let count = 0;
  for (const tool of tools) {
    examples.push({ name: tool.name, text: tool.text, requests: tool.requests });
    exampleIds.push(POOL_IDS + exampleIds.length);
    sources.push(`pool:${pool.label}:${tool.server}`);
    const operation = [...nameTerms(tool.name).filter((t) => !STOPWORDS.has(t)), ...terms(tool.text)];
    for (const request of tool.requests) pairs.push({ request: terms(request), operation });
    count += tool.requests.length;
  }
  files.push(`pool:${pool.label} (${tools.length} tools, ${count} requests)`);
}
if (pairs.length === 0) throw new Error(`no training pairs in ${DIR}`);
// `--options '{"minLift":3}'` overrides the learning options (to compare settings on the dev sets).
const options = { ...DEFAULT_LEARN, ...(JSON.parse(flags.options ?? "{}") as object) };
const table = learnTranslations(pairs, options);
const words = Object.keys(table).length;
writeFileSync(OUT, `${JSON.stringify({ learnedFrom: files, operations, pairs: pairs.length, options, table })}\n`);
// The other direction for the translation language model (translation-lm.ts): t(request word | operation word),
// learned with the operation's words as the source, then keyed by request word for lookup at search time.
const likelihoods = invertTable(
  learnTranslations(
    pairs.map((p) => ({ request: p.operation, operation: p.request })),
    LIKELIHOOD_LEARN,
  ),
);
writeFileSync(
  OUT_LIKELIHOODS,
  `${JSON.stringify({ learnedFrom: files, operations, pairs: pairs.length, options: LIKELIHOOD_LEARN, table: likelihoods })}\n`,
);
// The worked examples themselves, for the tool-side expansion (exemplars.ts).
writeFileSync(OUT_EXEMPLARS, `${JSON.stringify({ learnedFrom: files, ...deriveExemplars(examples) })}\n`);
// Word vectors for the dense retriever (word-vectors.ts): every request against its operation's name and text.
const vectors = learnWordVectors(
  examples.map((e) => ({ name: nameTerms(e.name).filter((t) => !STOPWORDS.has(t)), text: terms(e.text) })),
  examples.flatMap((e, operation) => e.requests.map((r) => ({ request: terms(r), operation }))),
  DEFAULT_VECTOR_LEARN,
);
const packedVectors = packVectors(vectors);
writeFileSync(
  OUT_VECTORS,
  `${JSON.stringify({ learnedFrom: files, operations, pairs: pairs.length, options: DEFAULT_VECTOR_LEARN, ...packedVectors })}\n`,
);
// The action classifier (actions.ts): every request against the action word its operation's description starts with.
const actions = learnActions(
  examples.map((e, i) => ({ text: e.text, source: sources[i]! })),
  examples.flatMap((e, operation) => e.requests.map((request) => ({ request, operation }))),
  DEFAULT_ACTION_LEARN,
);
writeFileSync(
  OUT_ACTIONS,
  `${JSON.stringify({ learnedFrom: files, operations, pairs: pairs.length, options: DEFAULT_ACTION_LEARN, ...packActions(actions) })}\n`,
);
// Chinese and Japanese words' translations (learned-cjk.ts): the same model, learned from the cjk-N.jsonl requests,
// keeping only the words written in those scripts (a product name typed in them is the English table's business).
const cjkRequests = loadCjkRequests();
const cjkFiles = [...new Set(cjkRequests.map((r) => r.file))].sort((a, b) => a - b).map((n) => `cjk-${n}.jsonl`);
const cjk = cjkTablePairs(cjkRequests, allOperations);
const cjkTable = cjkWordsOnly(learnTranslations(cjk.pairs, CJK_LEARN));
const cjkExamples = cjkExampleWords(cjkRequests, exampleIds);
writeFileSync(
  OUT_CJK,
  `${JSON.stringify({
    learnedFrom: cjkFiles,
    tableFrom: `cjk-1 … cjk-${CJK_TABLE_LAST_FILE}.jsonl`,
    operations: cjk.operations,
    pairs: cjk.pairs.length,
    options: CJK_LEARN,
    table: cjkTable,
    examples: cjkExamples,
  })}\n`,
);
const cjkLearned = cjkVectors(cjkRequests, allOperations, new WordVectors(packedVectors, OUT_VECTORS));
writeFileSync(
  OUT_CJK_VECTORS,
  `${JSON.stringify({
    learnedFrom: cjkFiles,
    towards: path.basename(OUT_VECTORS),
    requests: cjkRequests.reduce((n, r) => n + r.requests.length, 0),
    options: CJK_VECTOR_LEARN,
    ...packVectors(cjkLearned),
  })}\n`,
);
console.log(
  `learn-associations: ${operations} operations, ${pairs.length} pairs → ${words} words in ${path.relative(REPO_ROOT, OUT)} ` +
    `and ${Object.keys(likelihoods).length} words in ${path.relative(REPO_ROOT, OUT_LIKELIHOODS)}, ` +
    `${examples.length} worked examples in ${path.relative(REPO_ROOT, OUT_EXEMPLARS)}, ` +
    `${vectors.words.length} word vectors in ${path.relative(REPO_ROOT, OUT_VECTORS)}, ` +
    `${actions.classes.length} actions over ${actions.features.length} request features in ${path.relative(REPO_ROOT, OUT_ACTIONS)}, ` +
    `${Object.keys(cjkTable).length} Chinese and Japanese words from ${cjk.pairs.length} pairs and ${cjkExamples.words.length} worked-example words in ${path.relative(REPO_ROOT, OUT_CJK)}, ` +
    `${cjkLearned.words.length} Chinese and Japanese word vectors in ${path.relative(REPO_ROOT, OUT_CJK_VECTORS)} ` +
    `(${Math.round(performance.now() - started)} ms)`,
);
