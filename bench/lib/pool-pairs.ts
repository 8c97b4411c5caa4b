import { isEnglish } from "@/lib/deferred/search/ranker";
import type { BenchQuery } from "./data";
import { loadPool, POOLS, type Pool } from "./pools";

/**
 * The dev pools' requests as training data for tool search's learned tables (scripts/learn-associations.ts,
 * `--pools A,B`; the shipped tables learn from none): each English request of a learned style, paired with the first
 * tool it expects, as the training files pair a request with its operation. A measuring tool: tables learned from
 * some catalogs' pools, measured on another catalog's (lib/deferred/search/HISTORY.md, "Learning from the dev pools").
 */

/**
 * The styles learned from: requests in plain words. Multilingual requests are left out (the English tables would
 * learn foreign words from a few hundred requests), as are patterns, `select:` and `+term`.
 */
export const LEARNED_STYLES: ReadonlySet<string> = new Set(["paraphrase", "natural", "task", "keyword", "long"]);

/** A description's first sentence is at most this long (the training files' operations are a line too). */
const MAX_TEXT = 300;

/** One tool of a pool's catalog with every request that asked for it. */
export interface PoolOperation {
  name: string;
  server: string;
  /** The tool's description's first sentence. */
  text: string;
  requests: string[];
}

/** A description's first sentence (to the first `.`, `!` or `?` before a space, or the first line), cut short. */
export function firstSentence(description: string): string {
  const line = description.trim().split("\n")[0] ?? "";
  const end = line.search(/[.!?](\s|$)/);
  return (end >= 0 ? line.slice(0, end + 1) : line).slice(0, MAX_TEXT);
}

/**
 * A pool's requests grouped by the first tool each expects, in the order first met. `file` names a set in errors:
 * a request expecting a tool its catalog lacks is refused, naming the set, the request's place and the tool.
 */
export function poolOperations(
  catalog: ReadonlyArray<{ name: string; server?: string; description?: string }>,
  sets: ReadonlyArray<{ file: string; queries: readonly BenchQuery[] }>,
): PoolOperation[] {
  const byName = new Map(catalog.map((d) => [d.name, d]));
  const out = new Map<string, PoolOperation>();
  for (const { file, queries } of sets)
    queries.forEach((q, i) => {
      if (!LEARNED_STYLES.has(q.style) || q.expected.length === 0 || !isEnglish(q.query)) return;
      const name = q.expected[0]!;
      const tool = byName.get(name);
      if (!tool) throw new Error(`${file}: request ${i}: expects "${name}", which its catalog does not have`);
      let op = out.get(name);
      if (!op) {
        op = { name, server: tool.server ?? "", text: firstSentence(tool.description ?? ""), requests: [] };
        out.set(name, op);
      }
      op.requests.push(q.query);
    });
  return [...out.values()];
}

/** The named pools (by label) of the repository at `root`, each as its operations; an unknown label is refused. */
export function loadPoolOperations(
  root: string,
  labels: readonly string[],
): Array<{ pool: Pool; operations: PoolOperation[] }> {
  return labels.map((label) => {
    const pool = POOLS.find((p) => p.label === label);
    if (!pool) throw new Error(`no dev pool "${label}" (there are ${POOLS.map((p) => p.label).join(", ")})`);
    const { docs, sets } = loadPool(root, pool, false);
    return { pool, operations: poolOperations(docs, sets) };
  });
}
