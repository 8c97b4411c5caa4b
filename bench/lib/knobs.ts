import type { RankerConfig } from "@/lib/deferred/search/ranker-config";

/**
 * The numbers bench:tune-search may move (tune-search.ts), each by its path in RankerConfig, and how it reads and
 * sets one. Every path must name a number of the default settings (a test checks): a path that names nothing is a
 * knob that tunes nothing, as `actions.depth` did until the twenty-ninth session (the setting is `actions.window`).
 */

/** A tunable number inside RankerConfig, by path, with its allowed range. */
export interface Knob {
  path: string[];
  min: number;
  max: number;
  /** A count (rounded to a whole number). */
  whole?: boolean;
}

export const KNOBS: Knob[] = [
  ...["name", "server", "about", "lead", "description", "paramNames", "paramText", "asked"].flatMap((f) => [
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
  { path: ["feedback", "docs"], min: 1, max: 10, whole: true },
  { path: ["feedback", "words"], min: 1, max: 30, whole: true },
  { path: ["associations", "weight"], min: 0, max: 1 },
  { path: ["learned", "weight"], min: 0, max: 3 },
  { path: ["likelihood", "weight"], min: 0, max: 2 },
  { path: ["likelihood", "depth"], min: 5, max: 100, whole: true },
  { path: ["likelihood", "self"], min: 0, max: 1 },
  { path: ["likelihood", "smoothing"], min: 0.05, max: 0.95 },
  { path: ["entities", "weight"], min: 0, max: 3 },
  { path: ["servers", "weight"], min: 0, max: 2 },
  { path: ["servers", "depth"], min: 5, max: 200, whole: true },
  { path: ["exemplars", "neighbours"], min: 1, max: 12, whole: true },
  { path: ["exemplars", "minShare"], min: 0.1, max: 1 },
  { path: ["exemplars", "minNameShare"], min: 0, max: 1 },
  { path: ["exemplars", "maxWords"], min: 5, max: 120, whole: true },
  { path: ["exemplars", "maxRepeats"], min: 1, max: 10, whole: true },
  { path: ["vectors", "weight"], min: 0, max: 2 },
  { path: ["vectors", "depth"], min: 5, max: 100, whole: true },
  { path: ["vectors", "pool"], min: 5, max: 200, whole: true },
  { path: ["neighbours", "weight"], min: 0, max: 2 },
  { path: ["neighbours", "k"], min: 1, max: 40, whole: true },
  { path: ["neighbours", "minCosine"], min: 0, max: 0.9 },
  { path: ["compounds", "minPart"], min: 3, max: 8, whole: true },
  { path: ["compounds", "joinWeight"], min: 0, max: 2 },
  { path: ["katakana", "weight"], min: 0, max: 2 },
  { path: ["actions", "weight"], min: 0, max: 1 },
  { path: ["actions", "window"], min: 2, max: 50, whole: true },
  { path: ["actions", "siblings"], min: 0, max: 50, whole: true },
  { path: ["actions", "clip"], min: 0.5, max: 10 },
  { path: ["cedict", "weight"], min: 0, max: 2 },
  { path: ["nameBonus"], min: 0, max: 3 },
  { path: ["prefixWeight"], min: 0, max: 1 },
  { path: ["typoWeight"], min: 0, max: 1 },
];

export const STEPS = [0.5, 0.75, 1.33, 2];

/** The number at `p` in `config`; an error naming the path when there is none (a knob that would tune nothing). */
export function get(config: RankerConfig, p: string[]): number {
  let at: unknown = config;
  for (const k of p) at = (at as Record<string, unknown> | undefined)?.[k];
  if (typeof at !== "number") throw new Error(`tune-search knob ${p.join(".")}: the settings hold no number there`);
  return at;
}

/** A copy of `config` with the number at `p` set to `value`. */
export function set(config: RankerConfig, p: string[], value: number): RankerConfig {
  const copy = structuredClone(config);
  let at = copy as unknown as Record<string, unknown>;
  for (const k of p.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[p[p.length - 1]!] = value;
  return copy;
}

/**
 * The knobs a `--knobs FROM:TO` option names: KNOBS[FROM] up to but not including KNOBS[TO] (either end may be left
 * out), so a pass that takes no step can be split over processes, one range each, and give the same trials.
 */
export function knobRange(spec: string | undefined, knobs: readonly Knob[] = KNOBS): readonly Knob[] {
  if (spec === undefined) return knobs;
  const m = /^(\d*):(\d*)$/.exec(spec.trim());
  if (!m) throw new Error(`--knobs: "${spec}" is not FROM:TO (knob numbers, 0 to ${knobs.length})`);
  const from = m[1] === "" ? 0 : Number(m[1]);
  const to = m[2] === "" ? knobs.length : Number(m[2]);
  if (from >= to || to > knobs.length)
    throw new Error(`--knobs: "${spec}" names no knobs (there are ${knobs.length}, numbered from 0)`);
  return knobs.slice(from, to);
}
