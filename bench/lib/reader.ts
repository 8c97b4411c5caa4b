import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { type BenchQuery, type CatalogEntry, parseFile } from "./data";

/**
 * What a reader (a helper who sees no search code and no labels) is given to rank a query set's requests by hand, and
 * how their answers are read: the practical ceiling of a set's labels (bench/search-reader.ts, bench/reader/README.md).
 */

/** The first `max` characters of a text (by code point: an emoji is one). */
const cut = (text: string, max: number) => Array.from(text).slice(0, max).join("");

/** A description or parameter text on one line, at most `max` characters. */
const oneLine = (text: string, max: number) => cut(text.split(/\s+/).filter(Boolean).join(" "), max);

/**
 * The catalog as the reader reads it: per tool its name and server, its description (one line, at most 500
 * characters) and its parameters (each name with its description's first 80 characters; at most 400 in all).
 */
export function readerCatalog(catalog: readonly CatalogEntry[]): string {
  return catalog
    .map((t) => {
      const props = (t.inputSchema as { properties?: Record<string, unknown> }).properties ?? {};
      const params = Object.entries(props).map(([name, p]) => {
        const text = p && typeof p === "object" ? (p as { description?: unknown }).description : undefined;
        return typeof text === "string" && text.trim() ? `${name}: ${oneLine(text, 80)}` : name;
      });
      return `### ${t.name}  (server: ${t.server})\n${oneLine(t.description, 500)}\nparams: ${cut(params.join("; "), 400)}\n`;
    })
    .join("\n");
}

/** The requests as the reader reads them: numbered, without their labels or styles. */
export function readerRequests(queries: readonly BenchQuery[]): { id: number; request: string }[] {
  return queries.map((q, id) => ({ id, request: q.query }));
}

/** Writes readerRequests as DIR/requests.json, the file a reader or a steering helper is given. */
export function writeRequests(dir: string, queries: readonly BenchQuery[]): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "requests.json"), `${JSON.stringify(readerRequests(queries), null, 1)}\n`);
}

/**
 * Answers to numbered requests (`[{id, …}]`, as readerRequests numbers them) → one per request, in the set's order.
 * Every request must be answered once; `check` refuses an entry with an error of its own. Errors name the file and
 * the entry.
 */
export function answersInSetOrder<T extends { id: number }>(
  entries: readonly T[],
  file: string,
  requests: number,
  check: (entry: T, i: number) => void = () => {},
): T[] {
  const out: (T | undefined)[] = Array.from({ length: requests });
  entries.forEach((a, i) => {
    if (a.id >= requests) throw new Error(`${file}: entry ${i}: id ${a.id} is past the set's ${requests} requests`);
    if (out[a.id]) throw new Error(`${file}: entry ${i}: id ${a.id} is answered twice`);
    check(a, i);
    out[a.id] = a;
  });
  const missing = out.indexOf(undefined);
  if (missing >= 0) throw new Error(`${file}: request ${missing} is not answered`);
  return out as T[];
}

const AnswersSchema = z.array(z.object({ id: z.number().int().min(0), tools: z.array(z.string().min(1)) }));

/**
 * A reader's answers file (`[{id, tools}]`, best first) → each request's tools in the set's order. Every request must
 * be answered once and every name must be a tool of the catalog when one is given; an error names the file, the
 * entry and what is wrong.
 */
export function readerAnswers(
  raw: unknown,
  file: string,
  requests: number,
  toolNames?: ReadonlySet<string>,
): string[][] {
  const answers = parseFile(AnswersSchema, raw, file);
  return answersInSetOrder(answers, file, requests, (a, i) => {
    const unknown = toolNames ? a.tools.find((t) => !toolNames.has(t)) : undefined;
    if (unknown !== undefined)
      throw new Error(`${file}: entry ${i} (id ${a.id}): "${unknown}" is no tool of the catalog`);
  }).map((a) => a.tools);
}

/** What says whether a reader copied the labels: how often their list is the label, goes beyond it, or holds all of it. */
export interface LabelAgreement {
  /** Answers equal to the label, in its order. */
  equal: number;
  /** Answers that list a tool the label does not hold. */
  beyond: number;
  /** Requests with more than one labelled tool, and of those, the answers that hold every one. */
  multi: number;
  multiHeld: number;
}

export function labelAgreement(queries: readonly BenchQuery[], answers: readonly string[][]): LabelAgreement {
  const out: LabelAgreement = { equal: 0, beyond: 0, multi: 0, multiHeld: 0 };
  queries.forEach((q, i) => {
    const answer = answers[i]!;
    const label = new Set(q.expected);
    if (answer.length === q.expected.length && answer.every((t, k) => t === q.expected[k])) out.equal++;
    if (answer.some((t) => !label.has(t))) out.beyond++;
    if (q.expected.length > 1) {
      out.multi++;
      if (q.expected.every((t) => answer.includes(t))) out.multiHeld++;
    }
  });
  return out;
}
