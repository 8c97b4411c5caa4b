/**
 * `npm run learn:associations`: learns tool search's word translations (lib/deferred/search/translation-model.ts)
 * from training/search/ — API operations (ops-N.json) and the requests written for them (requests-N.jsonl, see
 * training/search/README.md) — and writes lib/deferred/search/learned-associations.json. Deterministic: the same
 * training files give the same table. No network.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { nameTerms, STOPWORDS, terms } from "../lib/deferred/search/tokenize";
import { DEFAULT_LEARN, learnTranslations, type TrainingPair } from "../lib/deferred/search/translation-model";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const DIR = path.join(REPO_ROOT, "training", "search");
const OUT = path.join(REPO_ROOT, "lib", "deferred", "search", "learned-associations.json");

const Operation = z.object({ id: z.number(), source: z.string(), name: z.string(), text: z.string() });
const Request = z.object({
  id: z.number(),
  casual: z.string().min(1),
  casual2: z.string().min(1).optional(),
  natural: z.string().min(1),
});

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

function loadPairs(): { pairs: TrainingPair[]; operations: number; files: string[] } {
  const pairs: TrainingPair[] = [];
  const files: string[] = [];
  let operations = 0;
  for (const f of readdirSync(DIR)
    .filter((x) => /^requests-\d+\.jsonl$/.test(x))
    .sort()) {
    const n = /\d+/.exec(f)![0];
    const opsFile = path.join(DIR, `ops-${n}.json`);
    const ops = new Map(
      z
        .array(Operation)
        .parse(JSON.parse(readFileSync(opsFile, "utf8")))
        .map((o) => [o.id, o]),
    );
    files.push(f, `ops-${n}.json`);
    readJsonLines(path.join(DIR, f)).forEach((raw, i) => {
      const parsed = Request.safeParse(raw);
      if (!parsed.success) throw new Error(`${f}:${i + 1}: ${parsed.error.issues[0]?.message}`);
      const op = ops.get(parsed.data.id);
      if (!op) throw new Error(`${f}:${i + 1}: id ${parsed.data.id} is not in ops-${n}.json`);
      operations++;
      const operation = [...nameTerms(op.name).filter((t) => !STOPWORDS.has(t)), ...terms(op.text)];
      const { casual, casual2, natural } = parsed.data;
      for (const request of [casual, casual2, natural]) if (request) pairs.push({ request: terms(request), operation });
    });
  }
  return { pairs, operations, files };
}

const started = performance.now();
const { pairs, operations, files } = loadPairs();
if (pairs.length === 0) throw new Error(`no training pairs in ${DIR}`);
// `--options '{"minLift":3}'` overrides the learning options (to compare settings on the dev sets).
const flag = process.argv.indexOf("--options");
const options = { ...DEFAULT_LEARN, ...(flag > 0 ? (JSON.parse(process.argv[flag + 1] ?? "{}") as object) : {}) };
const table = learnTranslations(pairs, options);
const words = Object.keys(table).length;
writeFileSync(OUT, `${JSON.stringify({ learnedFrom: files, operations, pairs: pairs.length, options, table })}\n`);
console.log(
  `learn-associations: ${operations} operations, ${pairs.length} pairs → ${words} words in ${path.relative(REPO_ROOT, OUT)} ` +
    `(${Math.round(performance.now() - started)} ms)`,
);
