/**
 * Coordinate ascent over the ranked search's numeric parameters (field weights and length normalisation, k1,
 * lexicon and WordNet weights, name lift, prefix/typo weights, feedback), scored on labelled query sets:
 * `npm run -s bench:tune-search -- --train CATALOG=QUERIES ... [--check CATALOG=QUERIES ...] [--passes 3]`.
 * The objective is the mean over the training sets of (Recall@5 + MRR@5) / 2; `--check` sets are only reported
 * (a second catalog says whether a setting generalises beyond the catalog it was tuned on). It changes no word
 * list and sees no query text, only the ranks: what it learns is how much each kind of evidence weighs.
 * Prints each accepted step and the final settings as JSON. Use only dev sets: a set tuned on is a dev set.
 */
import path from "node:path";
import type { SearchDoc } from "@/lib/deferred/search";
import { DEFAULT_RANKER, type RankerConfig } from "@/lib/deferred/search/ranker";
import { LexicalSearcher } from "@/lib/deferred/search/searcher";
import { parseFlags } from "./lib/args";
import { type BenchQuery, loadCatalog, loadQueries, toSearchDocs } from "./lib/data";
import { runAll, scoreByStyle } from "./lib/metrics";

interface LabelledSet {
  label: string;
  docs: SearchDoc[];
  queries: BenchQuery[];
}

/** A tunable number inside RankerConfig, by path, with its allowed range. */
interface Knob {
  path: string[];
  min: number;
  max: number;
}

const KNOBS: Knob[] = [
  ...["name", "server", "lead", "description", "paramNames", "paramText"].flatMap((f) => [
    { path: ["bm25", "fields", f, "weight"], min: 0, max: 10 },
    { path: ["bm25", "fields", f, "b"], min: 0, max: 1 },
  ]),
  { path: ["bm25", "k1"], min: 0.3, max: 3 },
  { path: ["lexicon", "equivalent"], min: 0.1, max: 1 },
  { path: ["lexicon", "related"], min: 0.1, max: 1 },
  { path: ["lexicon", "product"], min: 0.1, max: 1 },
  { path: ["wordnet", "sense1"], min: 0, max: 1 },
  { path: ["wordnet", "sense2"], min: 0, max: 1 },
  { path: ["wordnet", "hypernym"], min: 0, max: 1 },
  { path: ["wordnet", "derived"], min: 0, max: 1 },
  { path: ["feedback", "weight"], min: 0, max: 1 },
  { path: ["nameBonus"], min: 0, max: 3 },
  { path: ["prefixWeight"], min: 0, max: 1 },
  { path: ["typoWeight"], min: 0, max: 1 },
];

const STEPS = [0.5, 0.75, 1.33, 2];

function get(config: RankerConfig, p: string[]): number {
  let at: unknown = config;
  for (const k of p) at = (at as Record<string, unknown>)[k];
  return at as number;
}

function set(config: RankerConfig, p: string[], value: number): RankerConfig {
  const copy = structuredClone(config);
  let at = copy as unknown as Record<string, unknown>;
  for (const k of p.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[p[p.length - 1]!] = value;
  return copy;
}

function score(config: RankerConfig, s: LabelledSet): { recall: number; mrr: number } {
  const all = scoreByStyle(s.queries, runAll(new LexicalSearcher(s.docs, config), s.queries)).find(
    (x) => x.style === "all",
  )!;
  return { recall: all.recall, mrr: all.mrr };
}

const objective = (config: RankerConfig, sets: LabelledSet[]) =>
  sets.reduce((a, s) => {
    const r = score(config, s);
    return a + (r.recall + r.mrr) / 2;
  }, 0) / sets.length;

function report(config: RankerConfig, sets: LabelledSet[]): string {
  return sets
    .map((s) => {
      const r = score(config, s);
      return `${s.label} ${(r.recall * 100).toFixed(1)}/${r.mrr.toFixed(3)}`;
    })
    .join("  ");
}

function loadSet(spec: string): LabelledSet {
  const [catalog, queries] = spec.includes("=") ? spec.split("=") : [undefined, spec];
  const docs = toSearchDocs(loadCatalog(path.resolve(catalog ?? path.join("..", "shared", "bench", "catalog.json"))));
  return { label: path.basename(queries!, ".json"), docs, queries: loadQueries(path.resolve(queries!)) };
}

function main(): void {
  const { flags, lists } = parseFlags(process.argv.slice(2), ["train", "check", "passes"], ["train", "check"]);
  const train = (lists.train ?? []).map(loadSet);
  const check = (lists.check ?? []).map(loadSet);
  if (train.length === 0) throw new Error("--train CATALOG=QUERIES is required (at least one)");
  const passes = Number(flags.passes ?? 3);
  let config: RankerConfig = structuredClone(DEFAULT_RANKER);
  let best = objective(config, train);
  console.log(
    `start  objective ${best.toFixed(4)}\n  train ${report(config, train)}\n  check ${report(config, check)}`,
  );
  for (let pass = 1; pass <= passes; pass++) {
    let moved = false;
    for (const knob of KNOBS) {
      const now = get(config, knob.path);
      const candidates = now === 0 ? [0.1, 0.25] : STEPS.map((m) => now * m);
      for (const value of candidates) {
        const v = Math.min(knob.max, Math.max(knob.min, Number(value.toFixed(3))));
        if (v === now) continue;
        const next = set(config, knob.path, v);
        const o = objective(next, train);
        // A step must gain at least one query's worth on average: smaller gains are noise.
        if (o > best + 0.5 / 200) {
          console.log(`pass ${pass} ${knob.path.join(".")} ${now} → ${v}: ${best.toFixed(4)} → ${o.toFixed(4)}`);
          config = next;
          best = o;
          moved = true;
          break;
        }
      }
    }
    console.log(`after pass ${pass}\n  train ${report(config, train)}\n  check ${report(config, check)}`);
    if (!moved) break;
  }
  const changed = KNOBS.filter((k) => get(config, k.path) !== get(DEFAULT_RANKER, k.path)).map(
    (k) => `${k.path.join(".")}: ${get(DEFAULT_RANKER, k.path)} → ${get(config, k.path)}`,
  );
  console.log(`changed:\n  ${changed.join("\n  ") || "(nothing)"}`);
}

main();
