/**
 * The pre-installed search engines, wired to Fawn's tokenisation and query expansion so that only the
 * ranking engine differs: `--engines minisearch,orama,flexsearch,wink` adds them as columns.
 * Only plain-text queries go to the engine; `select:`, `+term` and regex queries are answered by Fawn's
 * modes in every column (they are not a ranking engine's job).
 */
import { create, insertMultiple, search as oramaSearch } from "@orama/orama";
import FlexSearch from "flexsearch";
import MiniSearch from "minisearch";
import { createRequire } from "node:module";
import type { SearchDoc, ToolSearcher } from "@/lib/deferred/search";
import { DEFAULT_BM25 } from "@/lib/deferred/search/bm25";
import { docFields, FIELD_NAMES, type FieldName } from "@/lib/deferred/search/fields";
import { parseQuery } from "@/lib/deferred/search/query-modes";
import { TextRanker } from "@/lib/deferred/search/ranker";
import { TermTable } from "@/lib/deferred/search/term-table";
import { LexicalSearcher } from "@/lib/deferred/search/searcher";

const require = createRequire(import.meta.url);
// wink-bm25-text-search is CommonJS without types.
const winkBm25 = require("wink-bm25-text-search") as () => {
  defineConfig(c: { fldWeights: Record<string, number>; bm25Params?: Record<string, number> }): void;
  definePrepTasks(t: Array<(s: string) => string[]>): void;
  addDoc(doc: Record<string, string>, id: number): void;
  consolidate(): void;
  search(text: string, limit?: number): Array<[number, number]>;
};

const boosts = Object.fromEntries(FIELD_NAMES.map((f) => [f, DEFAULT_BM25.fields[f].weight])) as Record<
  FieldName,
  number
>;

/** A query's expansion terms with the highest weight each was given (engines without term weights use the set). */
function weightedTerms(ranker: TextRanker, text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const q of ranker.terms(text)) {
    for (const e of q.expansions) for (const t of e.terms) out.set(t, Math.max(out.get(t) ?? 0, e.weight));
  }
  return out;
}

const rank = (scored: Array<[string, number]>, k: number) =>
  scored
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, k)
    .map(([n]) => n);

type TextEngine = (terms: Map<string, number>, k: number) => string[];

function withModes(
  docs: SearchDoc[],
  build: (fieldsText: Array<Record<FieldName, string>>) => TextEngine,
): ToolSearcher {
  const modes = new LexicalSearcher(docs);
  const ranker = new TextRanker(docs);
  const table = new TermTable();
  const engine = build(
    docs.map((d) => {
      const f = docFields(d, table);
      return Object.fromEntries(FIELD_NAMES.map((n) => [n, table.textsOf(f[n]).join(" ")])) as Record<
        FieldName,
        string
      >;
    }),
  );
  return {
    search(query, limit) {
      const parsed = parseQuery(query);
      if (parsed.mode !== "text") return modes.search(query, limit);
      return engine(weightedTerms(ranker, parsed.text), limit);
    },
  };
}

export const ENGINE_FACTORIES: Record<string, (docs: SearchDoc[]) => ToolSearcher> = {
  minisearch: (docs) =>
    withModes(docs, (fields) => {
      const ms = new MiniSearch<Record<string, string | number>>({
        fields: [...FIELD_NAMES],
        idField: "id",
        tokenize: (s) => s.split(" ").filter(Boolean),
        processTerm: (t) => t,
      });
      ms.addAll(fields.map((f, i) => ({ id: i, ...f })));
      return (terms, k) => {
        if (terms.size === 0) return [];
        const list = [...terms.keys()];
        const hits = ms.search(list.join(" "), {
          boost: boosts,
          combineWith: "OR",
          boostTerm: (t) => terms.get(t) ?? 1,
        });
        return rank(
          hits.map((h) => [docs[h.id as number]!.name, h.score]),
          k,
        );
      };
    }),
  orama: (docs) =>
    withModes(docs, (fields) => {
      const db = create({
        schema: Object.fromEntries(FIELD_NAMES.map((f) => [f, "string"])) as Record<FieldName, "string">,
        components: {
          tokenizer: {
            language: "english",
            normalizationCache: new Map(),
            tokenize: (raw: string) => raw.split(" ").filter(Boolean),
          },
        },
      });
      insertMultiple(
        db,
        fields.map((f, i) => ({ id: String(i), ...f })),
      );
      return (terms, k) => {
        if (terms.size === 0) return [];
        const res = oramaSearch(db, {
          term: [...terms.keys()].join(" "),
          boost: boosts,
          limit: Math.max(k * 4, 20),
          threshold: 1,
        });
        if (res instanceof Promise) throw new Error("orama returned a promise");
        return rank(
          res.hits.map((h) => [docs[Number(h.id)]!.name, h.score]),
          k,
        );
      };
    }),
  flexsearch: (docs) =>
    withModes(docs, (fields) => {
      const index = new FlexSearch.Document({
        document: {
          id: "id",
          index: FIELD_NAMES.map((f) => ({
            field: f,
            tokenize: "strict" as const,
            encode: (s: string) => s.split(" ").filter(Boolean),
          })),
        },
      });
      for (const [i, f] of fields.entries()) index.add({ id: i, ...f });
      return (terms, k) => {
        if (terms.size === 0) return [];
        // FlexSearch returns ranked ids per field, no scores: merge by field boost over rank.
        const score = new Map<number, number>();
        for (const [t, w] of terms) {
          for (const r of index.search(t, { limit: 50 }) as Array<{ field: FieldName; result: number[] }>) {
            for (const [rank, id] of r.result.entries()) {
              score.set(id, (score.get(id) ?? 0) + (w * boosts[r.field]) / (1 + rank * 0.1));
            }
          }
        }
        return rank(
          [...score].map(([id, s]) => [docs[id]!.name, s]),
          k,
        );
      };
    }),
  wink: (docs) =>
    withModes(docs, (fields) => {
      const engine = winkBm25();
      engine.defineConfig({ fldWeights: boosts, bm25Params: { k1: 1.2, b: 0.75 } });
      engine.definePrepTasks([(s) => s.split(" ").filter(Boolean)]);
      for (const [i, f] of fields.entries()) engine.addDoc(f, i);
      engine.consolidate();
      return (terms, k) => {
        if (terms.size === 0) return [];
        return rank(
          engine.search([...terms.keys()].join(" "), 50).map(([id, s]) => [docs[id]!.name, s]),
          k,
        );
      };
    }),
};
