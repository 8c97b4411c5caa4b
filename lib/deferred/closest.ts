import type { ScoredEntry, ToolCatalog } from "./catalog";
import { newSearchBudget, type SearchBudget } from "./search";
import type { ScopedAlternative } from "./server-query";

/** A tool named (not loaded) so that the model's next query can use the catalog's own words. */
export interface ClosestName {
  name: string;
  server: string | null;
}

/** How many closest names a weak or empty answer carries (names only: a few tokens each). */
export const MAX_CLOSEST = 8;
/**
 * Below this share of the query's words, even the best match is called weak and the answer names the closest
 * other tools. At 2/3, on the dev sets, a quarter of answers (dev 12 %, dev-fresh 47 %: long paraphrases) carry
 * the names, and for 9 of dev-fresh's 31 misses the expected tool is among them; at 1/2 it was 1 of 31.
 */
export const WEAK_MATCH_SHARE = 2 / 3;
const MAX_SERVERS_LISTED = 20;

const words = (q: string) => q.match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The tools nearest to what the model asked for, other than those already returned: for each alternative,
 * a wider ranked search, then a guess read as a tool name (the words joined as `a_b_c`, which finds server
 * prefixes, words of names and near-spellings); alternatives take turns, best first.
 */
export function closestNames(
  catalog: ToolCatalog,
  alternatives: readonly ScopedAlternative[],
  exclude: ReadonlySet<string>,
  budget: SearchBudget = newSearchBudget(),
  max = MAX_CLOSEST,
): ClosestName[] {
  const lists: string[][] = [];
  for (const { text, scope } of alternatives) {
    const server = scope?.server ?? undefined;
    const w = words(text);
    if (w.length === 0) continue;
    const safe = (q: string) => {
      try {
        return catalog.searchScored(q, max + exclude.size, server, budget).map((f) => f.entry.name);
      } catch {
        return [];
      }
    };
    lists.push(safe(text), safe(`select:${w.join("_")}`));
  }
  const out: ClosestName[] = [];
  const taken = new Set(exclude);
  for (let rank = 0; out.length < max && lists.some((l) => rank < l.length); rank++) {
    for (const l of lists) {
      const n = l[rank];
      if (n === undefined || taken.has(n) || out.length >= max) continue;
      taken.add(n);
      out.push({ name: n, server: catalog.get(n)?.server ?? null });
    }
  }
  return out;
}

/** `name (server s)`, for text answers. */
export function closestText(names: readonly ClosestName[]): string {
  return names.map((c) => (c.server ? `${c.name} (server ${c.server})` : c.name)).join(", ");
}

/** The catalog's servers with their tool counts, most tools first, for `server:NAME` queries. */
export function serversText(catalog: ToolCatalog): string {
  const servers = catalog
    .servers()
    .filter((s) => s.name)
    .sort((a, b) => b.tools.length - a.tools.length || (a.name < b.name ? -1 : 1));
  const shown = servers.slice(0, MAX_SERVERS_LISTED).map((s) => `${s.name} (${s.tools.length})`);
  const more = servers.length - shown.length;
  return shown.join(", ") + (more > 0 ? `, and ${more} more` : "");
}

/** Whether even the best result holds few of the words of every plain-words alternative. */
export function isWeakMatch(catalog: ToolCatalog, alternatives: readonly ScopedAlternative[], best: string): boolean {
  let share: number | null = null;
  for (const { text, scope } of alternatives) {
    // A listing or an unknown server searched nothing: it says nothing of the match.
    if (scope && (!scope.server || !text)) continue;
    const s = catalog.matchShare(text, best, scope?.server ?? undefined);
    if (s !== null) share = Math.max(share ?? 0, s);
  }
  return share !== null && share < WEAK_MATCH_SHARE;
}

/** The closest other names when the best of `found` is a weak match of every alternative, else none. */
export function hintsForWeakMatch(
  catalog: ToolCatalog,
  alternatives: readonly ScopedAlternative[],
  found: readonly ScoredEntry[],
  budget: SearchBudget = newSearchBudget(),
): ClosestName[] {
  if (found.length === 0 || !isWeakMatch(catalog, alternatives, found[0]!.entry.name)) return [];
  return closestNames(catalog, alternatives, new Set(found.map((f) => f.entry.name)), budget);
}
