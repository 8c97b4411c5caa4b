import type { SearchDoc } from "@/lib/deferred/search";
import { type ClauseConfig, DEFAULT_CLAUSES } from "@/lib/deferred/search/clauses";
import { DEFAULT_RANKER, type RankerConfig } from "@/lib/deferred/search/ranker-config";
import { DEFAULT_TECHNIQUES } from "@/lib/deferred/search/techniques";
import { LexicalSearcher } from "@/lib/deferred/search/searcher";
import { HAS_CJK } from "@/lib/deferred/search/tokenize";
import type { BenchQuery } from "./data";
import { K, scoreByStyle } from "./metrics";
import { pct, table } from "./report";

/**
 * Multi-step statements built from a query set, to measure clause search where the sets have few: each query's
 * text joined with 1 or 2 others of its set at a clause boundary ("A; b", "A, then b", "A. B", "A and then b",
 * "A\nb"; in Chinese "A；B", "A，然后B", "A。B", "A然后B"). Each step keeps its own expected tools. Partners are
 * picked by a fixed stride (i·7 + 13·m), so the statements are the same on every run and nobody chose them.
 * Only word queries in English (natural, paraphrase, task, keyword) and Chinese (multilingual with CJK) take part.
 */
export interface CompoundStatement {
  text: string;
  script: "en" | "zh";
  /** Expected tools per step. */
  steps: string[][];
}

const EN_JOINS = ["; ", ", then ", ". ", " and then ", "\n"];
const ZH_JOINS = ["；", "，然后", "。", "然后"];
const EN_STYLES = new Set(["natural", "paraphrase", "task", "keyword"]);
const END = /[.?!。？！]$/u;

function joined(parts: readonly BenchQuery[], joins: readonly string[], offset: number): string {
  let text = parts[0]!.query.replace(END, "");
  parts.slice(1).forEach((p, m) => {
    const join = joins[(offset + m) % joins.length]!;
    const t = p.query.replace(END, "");
    const head = join === ". " ? t[0]!.toUpperCase() : t[0]!.toLowerCase();
    text += join + head + t.slice(1);
  });
  return text;
}

export function compoundStatements(queries: readonly BenchQuery[], steps: number): CompoundStatement[] {
  // A query that already has a boundary or alternatives would blur what is measured.
  const usable = queries.filter((q) => q.expected.length > 0 && !/[;|\n]/.exec(q.query));
  const groups: Array<[CompoundStatement["script"], BenchQuery[], readonly string[]]> = [
    ["en", usable.filter((q) => EN_STYLES.has(q.style) && HAS_CJK.exec(q.query) === null), EN_JOINS],
    ["zh", usable.filter((q) => q.style === "multilingual" && HAS_CJK.exec(q.query) !== null), ZH_JOINS],
  ];
  const out: CompoundStatement[] = [];
  for (const [script, qs, joins] of groups) {
    if (qs.length < steps) continue;
    qs.forEach((q, i) => {
      const parts = [q];
      for (let m = 1; m < steps; m++) parts.push(qs[(i * 7 + 13 * m) % qs.length]!);
      if (new Set(parts).size < steps) return;
      out.push({ text: joined(parts, joins, i), script, steps: parts.map((p) => p.expected) });
    });
  }
  return out;
}

export interface CompoundFigures {
  n: number;
  /** Share of steps whose tool is among the K results. */
  steps: number;
  /** Share of statements with every step's tool among the K results. */
  every: number;
  /** Share of statements with some step's tool among the K results (Recall@K as the sets count it). */
  any: number;
}

export function compoundFigures(
  search: (q: string) => readonly string[],
  statements: readonly CompoundStatement[],
): CompoundFigures {
  let steps = 0;
  let every = 0;
  let any = 0;
  let stepCount = 0;
  for (const s of statements) {
    let found: readonly string[] = [];
    try {
      found = search(s.text);
    } catch {
      /* a refused statement finds nothing */
    }
    const hits = s.steps.map((e) => found.some((n) => e.includes(n)));
    stepCount += hits.length;
    steps += hits.filter(Boolean).length;
    every += hits.every(Boolean) ? 1 : 0;
    any += hits.some(Boolean) ? 1 : 0;
  }
  const n = statements.length;
  return { n, steps: steps / Math.max(1, stepCount), every: every / Math.max(1, n), any: any / Math.max(1, n) };
}

/** Clause search off and on (everything else default) over 2- and 3-step statements, per script. */
export function compoundTable(docs: SearchDoc[], queries: readonly BenchQuery[]): string {
  const searchers = [false, true].map(
    (clauses) =>
      [
        clauses ? "on" : "off",
        new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques: { ...DEFAULT_TECHNIQUES, clauses } }),
      ] as const,
  );
  const rows: string[][] = [];
  for (const size of [2, 3]) {
    const all = compoundStatements(queries, size);
    for (const script of ["en", "zh"] as const) {
      const statements = all.filter((s) => s.script === script);
      if (statements.length === 0) continue;
      for (const [label, searcher] of searchers) {
        const f = compoundFigures((q) => searcher.search(q, K), statements);
        rows.push([`${size} steps, ${script}`, label, String(f.n), pct(f.steps), pct(f.every), pct(f.any)]);
      }
    }
  }
  return table(["statements", "clauses", "n", "steps found %", "every step %", "any step %"], rows);
}

/**
 * Requests written with their steps labelled (a set's `steps`), searched with clause search off and on
 * (everything else default): the share of steps found among the K results, of requests with every step found, and
 * of requests with some step found (Recall@K as the sets count it). Null when no request of the set has steps.
 */
export function stepFigures(
  docs: SearchDoc[],
  queries: readonly BenchQuery[],
): { off: CompoundFigures; on: CompoundFigures } | null {
  const requests = queries.flatMap((q) =>
    q.steps ? [{ text: q.query, script: HAS_CJK.exec(q.query) ? "zh" : "en", steps: q.steps } as const] : [],
  );
  if (requests.length === 0) return null;
  const figures = (clauses: boolean) => {
    const searcher = new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques: { ...DEFAULT_TECHNIQUES, clauses } });
    return compoundFigures((q) => searcher.search(q, K), requests);
  };
  return { off: figures(false), on: figures(true) };
}

/** stepFigures() as a table. */
export function stepTable(figures: { off: CompoundFigures; on: CompoundFigures }): string {
  return table(
    ["clauses", "requests", "steps found %", "every step %", "some step %"],
    (["off", "on"] as const).map((label) => {
      const f = figures[label];
      return [label, String(f.n), pct(f.steps), pct(f.every), pct(f.any)];
    }),
  );
}

/** The clause-search settings that were measured against the default, one change at a time. */
const VARIANTS: Array<[string, Partial<ClauseConfig> | null]> = [
  ["clauses off", null],
  ["default", {}],
  ["feedback on each search by its length", { feedback: "each" }],
  ["feedback on the clauses, not the whole", { feedback: "clauses" }],
  ["no match gate (minTopShare 0)", { minTopShare: 0 }],
  ["minTopShare 2/3", { minTopShare: 2 / 3 }],
  ["also at commas and colons", { commas: true }],
  ["minWords 8", { minWords: 8 }],
  ["minWords 10", { minWords: 10 }],
  ["maxClauses 2", { maxClauses: 2 }],
  ["minClauseWords 1", { minClauseWords: 1 }],
];

/**
 * Clause search settings side by side: Recall@5 per style on the set itself (MRR@5 overall), and the share of
 * steps found in its 2- and 3-step statements. How the defaults in clauses.ts were chosen.
 */
export function clauseVariantsTable(docs: SearchDoc[], queries: readonly BenchQuery[]): string {
  const two = compoundStatements(queries, 2);
  const three = compoundStatements(queries, 3);
  let styles: string[] = [];
  const rows = VARIANTS.map(([label, change]) => {
    const config: RankerConfig = {
      ...DEFAULT_RANKER,
      techniques: { ...DEFAULT_TECHNIQUES, clauses: change !== null },
      clauses: { ...DEFAULT_CLAUSES, ...change },
    };
    const searcher = new LexicalSearcher(docs, config);
    const search = (q: string) => searcher.search(q, K);
    const scores = scoreByStyle(
      queries,
      queries.map((q) => {
        try {
          return search(q.query);
        } catch {
          return [];
        }
      }),
    );
    styles = scores.map((s) => s.style);
    return [
      label,
      scores[0]!.mrr.toFixed(3),
      ...scores.map((s) => pct(s.recall)),
      pct(compoundFigures(search, two).steps),
      pct(compoundFigures(search, three).steps),
    ];
  });
  return table(["clause search", "MRR@5", ...styles.map((s) => `${s} R@5`), "2-step steps %", "3-step steps %"], rows);
}
