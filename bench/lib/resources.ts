import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createToolSearcher, type SearchDoc } from "@/lib/deferred/search";
import { ACTIONS_FILE, getActions } from "@/lib/deferred/search/actions";
import { cedictPaths, getCedict } from "@/lib/deferred/search/cedict";
import { getExemplars } from "@/lib/deferred/search/exemplars";
import { traditionalForms } from "@/lib/deferred/search/japanese-forms";
import { getLearnedCjk, LEARNED_CJK_FILE } from "@/lib/deferred/search/learned-cjk";
import { getLexicon } from "@/lib/deferred/search/lexicon";
import { DEFAULT_TECHNIQUES } from "@/lib/deferred/search/techniques";
import { getWordnet, wordnetPaths } from "@/lib/deferred/search/wordnet";
import { CJK_VECTORS_FILE, getCjkWordVectors, getWordVectors, VECTORS_FILE } from "@/lib/deferred/search/word-vectors";
import { benchCatalog } from "./catalog-tools";
import type { CatalogEntry } from "./data";

export interface ResourceCost {
  resource: string;
  /** Time to load or build it, in this process, first time. */
  ms: number;
  /** RSS growth while loading it (MB; noisy by a few MB: the GC runs when it likes). */
  rssMb: number;
  /** Size on disk (MB), where it is a file. */
  diskMb: number | null;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** The files' size on disk together (MB), or null when any of them is missing. */
function diskMb(...files: string[]): number | null {
  return files.every((f) => existsSync(f)) ? mb(files.reduce((a, f) => a + statSync(f).size, 0)) : null;
}

/** How a resource derived at `npm install` came to be there for this measurement. */
const derivedLabel = (derived: string) =>
  existsSync(derived) ? "derived at npm install" : "not derived yet: derived now";

const LEARNED = path.resolve(import.meta.dirname, "../../lib/deferred/search/learned-associations.json");
const LIKELIHOODS = path.resolve(import.meta.dirname, "../../lib/deferred/search/learned-likelihoods.json");
const EXEMPLARS = path.resolve(import.meta.dirname, "../../lib/deferred/search/learned-exemplars.json");

function measure(resource: string, load: () => unknown, diskMb: number | null = null): ResourceCost {
  const rss = process.memoryUsage().rss;
  const t = performance.now();
  load();
  return { resource, ms: performance.now() - t, rssMb: mb(process.memoryUsage().rss - rss), diskMb };
}

/**
 * The first search after a cold start, resource by resource, in the order a fresh process meets them:
 * the compiled lexicons, the WordNet thesaurus, the two learned tables, the worked examples, then the catalog's
 * index and one search (with the word vectors before the index when that technique is on by default); then, apart
 * (`optional`), what a technique that is off by default loads when switched on.
 * Call it before anything else in the process has loaded them.
 */
export function coldStart(
  docs: SearchDoc[],
  query: string,
): { total: ResourceCost; parts: ResourceCost[]; optional: ResourceCost[] } {
  const { derived } = wordnetPaths();
  const parts = [
    measure("lexicons (compiled from lexicon-*.json)", () => getLexicon()),
    measure(`WordNet thesaurus (${derivedLabel(derived)})`, () => getWordnet(), diskMb(derived)),
    // Imported with the searcher (a JSON module), so its cost is measured as a parse of the same file.
    measure(
      "learned translations (learned-associations.json)",
      () => JSON.parse(readFileSync(LEARNED, "utf8")),
      mb(statSync(LEARNED).size),
    ),
    measure(
      "translation likelihoods (learned-likelihoods.json)",
      () => JSON.parse(readFileSync(LIKELIHOODS, "utf8")),
      mb(statSync(LIKELIHOODS).size),
    ),
    // Imported with the searcher too; its index of the training operations is built on first use.
    measure("worked examples (learned-exemplars.json, indexed)", () => getExemplars(), mb(statSync(EXEMPLARS).size)),
    // Read on first use, only with that technique on.
    ...(DEFAULT_TECHNIQUES.vectors ? [vectors()] : []),
    ...(DEFAULT_TECHNIQUES.actions ? [actions()] : []),
    measure(`index of ${docs.length} tools + first search`, () => createToolSearcher(docs).search(query, 5)),
  ];
  const total: ResourceCost = {
    resource: "first search after cold start (all of the above)",
    ms: parts.reduce((a, p) => a + p.ms, 0),
    rssMb: parts.reduce((a, p) => a + p.rssMb, 0),
    diskMb: null,
  };
  // What a technique that is off by default loads when switched on, and what only some queries load: measured
  // after, not in the total.
  const optional = [
    ...(DEFAULT_TECHNIQUES.vectors ? [] : [vectors(" (vectors is off by default; not in the total)")]),
    ...(DEFAULT_TECHNIQUES.actions ? [] : [actions(" (actions is off by default; not in the total)")]),
    cedict(),
    ...(DEFAULT_TECHNIQUES.characters ? [japaneseForms()] : []),
    learnedCjk(),
    cjkVectors(),
  ];
  return { total, parts, optional };
}

/** OpenCC's Japanese-to-traditional tables made into a converter (japanese-forms.ts): on the first Japanese query. */
function japaneseForms(): ResourceCost {
  const dict = path.join(process.cwd(), "node_modules", "opencc-js", "dist", "esm-lib", "dict");
  const files = ["JPShinjitaiCharacters.js", "JPShinjitaiPhrases.js"].map((f) => path.join(dict, f));
  return measure(
    "Japanese character forms (OpenCC's jp tables, converter built on the first Japanese query; not in the total)",
    () => traditionalForms("検索して"),
    diskMb(...files),
  );
}

/** When a resource of a Chinese and Japanese technique is read: on the first such query, or never by default. */
function whenCjk(technique: keyof typeof DEFAULT_TECHNIQUES): string {
  return DEFAULT_TECHNIQUES[technique]
    ? "read on the first Chinese or Japanese query"
    : `${technique} is off by default`;
}

/** The Chinese–English dictionary (cedict.ts): read on the first Chinese or Japanese query, with its technique on. */
function cedict(): ResourceCost {
  const { derived } = cedictPaths();
  const when = whenCjk("cedict");
  return measure(
    `Chinese–English dictionary (CC-CEDICT, ${derivedLabel(derived)}; ${when}; not in the total)`,
    () => getCedict(),
    diskMb(derived),
  );
}

/** The learned Chinese and Japanese word translations (learned-cjk.ts): read on the first such query, with its technique on. */
function learnedCjk(): ResourceCost {
  const when = whenCjk("learnedcjk");
  return measure(
    `learned Chinese and Japanese word translations and worked-example words (learned-cjk.json; ${when}; not in the total)`,
    () => getLearnedCjk(),
    mb(statSync(LEARNED_CJK_FILE).size),
  );
}

/** The Chinese and Japanese words' learned vectors (word-vectors.ts): read on the first such query, with `vectorscjk` on. */
function cjkVectors(): ResourceCost {
  const when = whenCjk("vectorscjk");
  return measure(
    `learned vectors for Chinese and Japanese words (learned-cjk-vectors.json, read and decoded; ${when}; not in the total)`,
    () => getCjkWordVectors(),
    mb(statSync(CJK_VECTORS_FILE).size),
  );
}

/** The learned word vectors, read and decoded (word-vectors.ts). */
function vectors(note = ""): ResourceCost {
  return measure(
    `learned word vectors (learned-vectors.json, read and decoded)${note}`,
    () => getWordVectors(),
    mb(statSync(VECTORS_FILE).size),
  );
}

/** The learned action classifier, read and decoded (actions.ts). */
function actions(note = ""): ResourceCost {
  return measure(
    `learned action classifier (learned-actions.json, read and decoded)${note}`,
    () => getActions(),
    mb(statSync(ACTIONS_FILE).size),
  );
}

/** The collector --expose-gc exposes, or undefined without that flag. */
const exposedGc = () => (globalThis as { gc?: () => void }).gc;

/**
 * Heap plus what is held outside it, after two full collections when `gc` is there. `external` counts buffers and
 * also WebAssembly memories (the nearest-tools scan keeps its tools' vectors in one, dot-scan.ts), which
 * `arrayBuffers` leaves out.
 */
function heldBytes(gc: (() => void) | undefined): number {
  // Twice: buffers freed by one collection are released by the next.
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

/**
 * What one searcher over `docs` holds: heap plus buffers after a full GC, once built and searched once, once
 * every statement has been searched (its word caches in use), and once its pattern index is built too (as the app's
 * warm-up builds it, ToolCatalog.warmPatterns). RSS says less: it moves with what the GC last did.
 * In its own function, so nothing of the caller's frame is counted; `afterGc` is false when the process was not
 * started with --expose-gc (then the figures are what the heap happened to hold).
 */
export function searcherMemory(
  docs: SearchDoc[],
  first: string,
  statements: readonly string[],
): { builtMb: number; usedMb: number; withPatternsMb: number; afterGc: boolean } {
  const gc = exposedGc();
  const held = () => heldBytes(gc);
  const before = held();
  const searcher = createToolSearcher(docs);
  searcher.search(first, 5);
  const builtMb = mb(held() - before);
  for (const s of statements) {
    try {
      searcher.search(s, 5);
    } catch {
      /* a refused statement holds nothing */
    }
  }
  const usedMb = mb(held() - before);
  searcher.patternIndexBuild?.()?.finish();
  const withPatternsMb = mb(held() - before);
  searcher.search(first, 5); // alive through the last measurement
  return { builtMb, usedMb, withPatternsMb, afterGc: gc !== undefined };
}

/**
 * The heap and buffers held (after collection, with --expose-gc) once `catalogs` different catalogs of `tools`
 * tools have each been searched once through ToolCatalog, one after another, as a server whose catalog keeps
 * changing searches them: what the index cache (lib/deferred/searcher-cache.ts) keeps of them.
 */
export function indexCacheMemory(entries: readonly CatalogEntry[], tools: number, catalogs: number): number {
  const gc = exposedGc();
  const before = heldBytes(gc);
  for (let c = 0; c < catalogs; c++) {
    // Another first name makes another catalog (another hash), so none shares another's index.
    const changed = entries.map((e, i) => (i === 0 ? { ...e, name: `${e.name}_catalog${c}` } : e));
    benchCatalog(changed, tools).search("search", 5);
  }
  return mb(heldBytes(gc) - before);
}

/**
 * What a searcher's pattern index holds (heap plus buffers after collection) once built, in MB, over `docs` with a
 * few words of its own added to each tool's description (a number, a code, a name with a number): a catalog
 * replicated from another repeats its words, and a real one of that size does not.
 */
export function patternIndexMemory(docs: readonly SearchDoc[]): number {
  const gc = exposedGc();
  const NAMES = ["alpha", "bravo", "delta", "kilo", "lima", "sierra", "tango", "zulu"];
  const own = docs.map((d, i) => ({
    ...d,
    description: `${d.description} ref${i} ${NAMES[i % NAMES.length]}${i % 977} code${(i * 7919) % 10007}`,
  }));
  const searcher = createToolSearcher(own);
  searcher.search("search", 5);
  const before = heldBytes(gc);
  searcher.patternIndexBuild?.()?.finish();
  const held = mb(heldBytes(gc) - before);
  searcher.search("search", 5); // alive through the measurement
  return held;
}
