/**
 * Coordinate ascent over the ranked search's numeric parameters (field weights and length normalisation, k1,
 * lexicon and WordNet weights, name lift, prefix/typo weights, feedback, each learned technique's weight and depth),
 * scored on labelled query sets:
 * `npm run -s bench:tune-search -- --train CATALOG=QUERIES[,QUERIES…] ... [--check CATALOG=QUERIES ...] [--passes 3]
 * [--min-gain N] [--switch TECHNIQUE]... [--trials true] [--knobs FROM:TO] [--pools true [--descriptions true]]`.
 * Query files joined by commas are pooled into one set (one index build per setting); `--pools true` trains on every
 * committed set, each catalog's pooled as bench:search-pools reads them (bench/lib/pools.ts), with or without
 * `--train` sets, and with `--descriptions true` each pool's tools carry their servers' descriptions. Each `--switch`
 * starts from the default techniques with that one switched the other way (an option on, a default off);
 * with `--passes 0` it only reports, so two runs compare a switch on pooled sets.
 * The objective is the mean over the training sets of (Recall@5 + MRR@5) / 2; a step is taken only if it gains
 * at least N queries' worth of that in the largest training set (default: one query in 200, what the smallest
 * sets could tell from noise). `--check` sets are only reported
 * (a second catalog says whether a setting generalises beyond the catalog it was tuned on). It changes no word
 * list and sees no query text, only the ranks: what it learns is how much each kind of evidence weighs.
 * `--knobs FROM:TO` moves only those knobs (bench/lib/knobs.ts, numbered from 0), so a pass can be split over
 * processes. Prints each accepted step and the final settings as JSON. Use only dev sets: a set tuned on is a dev
 * set.
 */
import path from "node:path";
import type { SearchDoc } from "@/lib/deferred/search";
import { DEFAULT_RANKER, type RankerConfig } from "@/lib/deferred/search/ranker-config";
import { LexicalSearcher } from "@/lib/deferred/search/searcher";
import { booleanFlag, parseFlags } from "./lib/args";
import { type BenchQuery, loadCatalog, loadQueries, toSearchDocs } from "./lib/data";
import { switchedTechniques } from "./lib/ablation";
import { get, KNOBS, knobRange, set, STEPS } from "./lib/knobs";
import { runAll, scoreByStyle } from "./lib/metrics";
import { LEARNED_POOLS, loadPool, type Pool } from "./lib/pools";

interface LabelledSet {
  label: string;
  docs: SearchDoc[];
  queries: BenchQuery[];
}

function score(config: RankerConfig, s: LabelledSet): { recall: number; mrr: number; n: number } {
  const all = scoreByStyle(s.queries, runAll(new LexicalSearcher(s.docs, config), s.queries)).find(
    (x) => x.style === "all",
  )!;
  return { recall: all.recall, mrr: all.mrr, n: all.n };
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
      // The count too, so two runs (a switch off and on) say how many queries moved, not only a rounded share.
      return `${s.label} ${(r.recall * 100).toFixed(1)}/${r.mrr.toFixed(4)} (${Math.round(r.recall * r.n)} of ${r.n})`;
    })
    .join("  ");
}

function loadSet(spec: string): LabelledSet {
  const [catalog, queries] = spec.includes("=") ? spec.split("=") : [undefined, spec];
  const docs = toSearchDocs(loadCatalog(path.resolve(catalog ?? path.join("..", "shared", "bench", "catalog.json"))));
  const files = queries!.split(",").filter(Boolean);
  const label = files.length === 1 ? path.basename(files[0]!, ".json") : `${files.length} sets pooled`;
  return { label, docs, queries: files.flatMap((f) => loadQueries(path.resolve(f))) };
}

const ROOT = path.resolve(import.meta.dirname, "..");

/** Every committed set of one catalog, pooled (with its servers' descriptions when asked). */
function poolSet(pool: Pool, withDescriptions: boolean): LabelledSet {
  const { docs, sets } = loadPool(ROOT, pool, withDescriptions);
  return { label: `${pool.label}: ${sets.length} sets pooled`, docs, queries: sets.flatMap((s) => s.queries) };
}

function main(): void {
  const { flags, lists } = parseFlags(
    process.argv.slice(2),
    ["train", "check", "passes", "min-gain", "switch", "trials", "knobs", "pools", "descriptions"],
    ["train", "check", "switch"],
  );
  // Read before the sets load, so a wrong range fails at once.
  const knobs = knobRange(flags.knobs);
  const pools = booleanFlag(flags, "pools");
  const withDescriptions = booleanFlag(flags, "descriptions");
  const train = [
    ...(lists.train ?? []).map(loadSet),
    ...(pools ? LEARNED_POOLS.map((p) => poolSet(p, withDescriptions)) : []),
  ];
  const check = (lists.check ?? []).map(loadSet);
  if (train.length === 0) throw new Error("--train CATALOG=QUERIES or --pools true is required");
  const passes = Number(flags.passes ?? 3);
  const largest = Math.max(...train.map((s) => s.queries.length));
  const minGainQueries = Number(flags["min-gain"] ?? largest / 200);
  if (!(minGainQueries >= 0)) throw new Error(`--min-gain: "${flags["min-gain"]}" is not a number of queries`);
  // One more hit in the largest set raises its Recall@5 by 1 / its size: half that in its (Recall@5 + MRR@5) / 2,
  // divided by the number of sets in the mean.
  const worth = (queries: number) => (0.5 * queries) / largest / train.length;
  const minGain = worth(minGainQueries);
  // With --trials true, every trial is printed with its gain in steps of one query in 200 of the largest set (the
  // default minimum), so a pass that takes no step still says which one came closest.
  const showTrials = flags.trials === "true";
  const unit = worth(largest / 200);
  let config: RankerConfig = { ...structuredClone(DEFAULT_RANKER), techniques: switchedTechniques(lists.switch ?? []) };
  let best = objective(config, train);
  console.log(
    `start  objective ${best.toFixed(4)}\n  train ${report(config, train)}\n  check ${report(config, check)}`,
  );
  for (let pass = 1; pass <= passes; pass++) {
    let moved = false;
    for (const knob of knobs) {
      const now = get(config, knob.path);
      const candidates = now === 0 ? [0.1, 0.25] : STEPS.map((m) => now * m);
      for (const value of candidates) {
        const clamped = Math.min(knob.max, Math.max(knob.min, Number(value.toFixed(3))));
        const v = knob.whole ? Math.round(clamped) : clamped;
        if (v === now) continue;
        const next = set(config, knob.path, v);
        const o = objective(next, train);
        if (showTrials)
          console.log(`trial ${knob.path.join(".")} ${now} → ${v}: ${((o - best) / unit).toFixed(2)} steps`);
        // A step must gain at least --min-gain queries' worth: smaller gains are noise.
        if (o > best + minGain) {
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
