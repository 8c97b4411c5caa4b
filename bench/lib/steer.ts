import { z } from "zod";
import { type BenchQuery, parseFile } from "./data";
import { answersInSetOrder } from "./reader";

/**
 * A model steering the search (bench/search-steer.ts, bench/steer/README.md): a helper who sees no search code and
 * no labels plays the agent. Given the prompt's deferred-tools section and tool_search's definition, it answers each
 * request with the tool_search calls it would make (at most MAX_CALLS, each seeing the answers before it) and the tool
 * it would then call. This module reads those files and scores them; the calls are replayed through the real
 * tool_search, so what a call loaded is never taken from the helper.
 */

/** The calls a request may spend: the first, and up to two more after reading the answers. */
export const MAX_CALLS = 3;

const CallSchema = z.object({ query: z.string(), queries: z.array(z.string()).optional() }).strict();
export type SteerCall = z.infer<typeof CallSchema>;

const CallsFileSchema = z.array(CallSchema.extend({ id: z.number().int().min(0) }).strict());
const AnswersFileSchema = z.array(
  z
    .object({
      id: z.number().int().min(0),
      calls: z.array(CallSchema).min(1).max(MAX_CALLS),
      pick: z.string().min(1).nullable(),
    })
    .strict(),
);

export interface SteerAnswer {
  calls: SteerCall[];
  pick: string | null;
}

/** A round of calls (`[{id, query, queries?}]`, any subset of the requests, each at most once). */
export function steerCalls(raw: unknown, file: string, requests: number): Array<SteerCall & { id: number }> {
  const calls = parseFile(CallsFileSchema, raw, file);
  const seen = new Set<number>();
  calls.forEach((c, i) => {
    if (c.id >= requests) throw new Error(`${file}: entry ${i}: id ${c.id} is past the set's ${requests} requests`);
    if (seen.has(c.id)) throw new Error(`${file}: entry ${i}: id ${c.id} has two calls in one round`);
    seen.add(c.id);
  });
  return calls;
}

/**
 * The answers file (`[{id, calls, pick}]`) → each request's answer in the set's order. Every request answered once;
 * a pick, when given, must be a tool of the catalog. Errors name the file, the entry and what is wrong.
 */
export function steerAnswers(
  raw: unknown,
  file: string,
  requests: number,
  toolNames: ReadonlySet<string>,
): SteerAnswer[] {
  const answers = parseFile(AnswersFileSchema, raw, file);
  return answersInSetOrder(answers, file, requests, (a, i) => {
    if (a.pick !== null && !toolNames.has(a.pick))
      throw new Error(`${file}: entry ${i} (id ${a.id}): pick "${a.pick}" is no tool of the catalog`);
  }).map(({ calls, pick }) => ({ calls, pick }));
}

/** Per style (and "all" first): how the raw request and the steered calls did. */
export interface SteerScore {
  style: string;
  n: number;
  /** The request itself as the query: a labelled tool loaded by that one call. */
  raw: number;
  /** A labelled tool loaded by the helper's first call. */
  first: number;
  /** … by any of its calls. */
  any: number;
  /** The tool the helper would call is labelled. */
  pick: number;
  /** … and one of its calls loaded it (else it would still need a `select:`). */
  pickLoaded: number;
  /** Calls spent, in all. */
  calls: number;
}

/**
 * Scores each request from what the real tool_search loaded: `rawLoaded[i]` for the request as its own query,
 * `loaded[i][c]` for the helper's c-th call.
 */
export function steerScores(
  queries: readonly BenchQuery[],
  answers: readonly SteerAnswer[],
  rawLoaded: readonly (readonly string[])[],
  loaded: readonly (readonly (readonly string[])[])[],
): SteerScore[] {
  const byStyle = new Map<string, SteerScore>();
  const row = (style: string) => {
    let s = byStyle.get(style);
    if (!s) {
      s = { style, n: 0, raw: 0, first: 0, any: 0, pick: 0, pickLoaded: 0, calls: 0 };
      byStyle.set(style, s);
    }
    return s;
  };
  row("all");
  queries.forEach((q, i) => {
    const label = new Set(q.expected);
    const holds = (names: readonly string[]) => names.some((n) => label.has(n));
    const calls = loaded[i] ?? [];
    const pick = answers[i]!.pick;
    const right = pick !== null && label.has(pick);
    for (const s of [row("all"), row(q.style)]) {
      s.n++;
      if (holds(rawLoaded[i] ?? [])) s.raw++;
      if (calls[0] && holds(calls[0])) s.first++;
      if (calls.some(holds)) s.any++;
      if (right) s.pick++;
      if (right && calls.some((c) => c.includes(pick))) s.pickLoaded++;
      s.calls += calls.length;
    }
  });
  return [...byStyle.values()];
}
