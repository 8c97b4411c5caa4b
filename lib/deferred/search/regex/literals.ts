import type { Node } from "./parse";

/** Static facts about a parsed pattern that let a search skip work without changing its answer. */

/** Literal strings a matching text must contain: every inner list is "one of these". */
export function requiredLiterals(n: Node): string[][] {
  switch (n.t) {
    case "char":
      return n.lit ? [[n.lit]] : [];
    case "rep":
      return n.min > 0 ? requiredLiterals(n.node) : [];
    case "alt": {
      const picks: string[] = [];
      for (const item of n.items) {
        const clauses = requiredLiterals(item);
        if (clauses.length === 0) return [];
        // From each branch, its most selective clause: fewest alternatives, then longest literal.
        const best = clauses.reduce((x, y) =>
          y.length < x.length || (y.length === x.length && y[0]!.length > x[0]!.length) ? y : x,
        );
        picks.push(...best);
      }
      return [picks];
    }
    case "seq": {
      const out: string[][] = [];
      let run = "";
      for (const item of n.items) {
        if (item.t === "char" && item.lit) {
          run += item.lit;
          continue;
        }
        if (run) out.push([run]);
        run = "";
        out.push(...requiredLiterals(item));
      }
      if (run) out.push([run]);
      return out;
    }
    default:
      return [];
  }
}

/**
 * Upper bound on the ways a backtracking engine can try to match at one start position: unbounded for any
 * `*`, `+` or `{n,}` (where V8 can go polynomial or exponential), else the product/sum over the pattern.
 */
export function backtrackPaths(n: Node): number {
  switch (n.t) {
    case "seq":
      return n.items.reduce((acc, item) => acc * backtrackPaths(item), 1);
    case "alt":
      return n.items.reduce((acc, item) => acc + backtrackPaths(item), 0);
    case "rep": {
      if (n.max === Infinity) return Infinity;
      const inner = backtrackPaths(n.node);
      let total = inner ** n.min;
      for (let k = n.min; k < n.max && total < 1e9; k++) total *= inner + 1;
      return total;
    }
    default:
      return 1;
  }
}

/** Patterns with at most this many paths run on V8's own engine (fast literal search); the rest on the automaton. */
export const NATIVE_MAX_PATHS = 64;
