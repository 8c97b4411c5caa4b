import { byScoreThenName, type Scored } from "./scored";
import type { ServerNumbers } from "./server-numbers";
import type { VectorIndex } from "./word-vectors";

/**
 * Sibling contrast (the `siblings` technique): telling apart the tools of the server a ranking puts first. The
 * right server is often found and the wrong one of its tools put first: "which Neon databases have colleagues
 * given me access to?" ranks Neon's tools, and among them the ones that say "database" and "Neon", not
 * list_shared_projects. A server's tools share much of their meaning (its product, its objects), and so do the
 * learned vectors of a request and of each of them (word-vectors.ts): raw cosines mostly say "this is about
 * Neon". Taking the server's mean vector out of the request's and of each of its tools' leaves what tells the
 * siblings apart, and their cosines then rank the siblings by that.
 *
 * Use (ranker.ts, the last step of topFused): among the ranking's first `main`, the tools of the first result's
 * server (at least two of them with vectors) each gain `weight` × the best score × where their centred cosine lies
 * between the lowest (0) and the highest (1) of theirs; other tools keep their scores, so only the siblings' order
 * among the others moves. English requests only (the vectors were learned from English), as the vectors are.
 */
export interface SiblingUse {
  /** The most a sibling gains, as a share of the ranking's best score. */
  weight: number;
  /** How many of the ranking's first results are read. */
  main: number;
}

export const DEFAULT_SIBLING_USE: SiblingUse = { weight: 0.1, main: 20 };

/** Each server's tools and mean vector (worked out the first time the server leads a ranking). */
export class Siblings {
  /** Per tool, its server's number (-1: none). */
  private readonly serverOf: Int32Array;
  /** Per server, its tools. */
  private readonly members: number[][];
  /** Per server, the mean of its tools' unit vectors; null when fewer than two have one. */
  private readonly means = new Map<number, Float64Array | null>();
  private readonly query: Float32Array;

  /** `servers`: the catalog's servers by number (server-numbers.ts); `vectors`: the tools' learned vectors. */
  constructor(
    servers: ServerNumbers,
    private readonly vectors: VectorIndex,
  ) {
    this.serverOf = servers.serverOf;
    this.members = servers.names.map(() => []);
    this.serverOf.forEach((id, i) => {
      if (id >= 0) this.members[id]!.push(i);
    });
    this.query = new Float32Array(vectors.dim);
  }

  /**
   * `ranked` (best first) with the first result's server's tools among the first `use.main` lifted by their
   * centred cosines with the request's `words` (see the module comment); the first `limit`. Unchanged when the
   * words have no vector, or the server has fewer than two tools with vectors among them.
   */
  lift<T extends Scored>(ranked: readonly T[], words: readonly string[], use: SiblingUse, limit: number): T[] {
    const best = ranked[0]?.score ?? 0;
    const server = ranked.length > 0 ? this.serverOf[ranked[0]!.index]! : -1;
    const head = Math.min(use.main, ranked.length);
    if (best <= 0 || server < 0 || use.weight <= 0 || head < 2) return ranked.slice(0, limit);
    const mean = this.meanOf(server);
    if (!mean || !this.vectors.embedWords(words, this.query)) return ranked.slice(0, limit);
    const cosines = new Map<number, number>();
    for (let r = 0; r < head; r++) {
      const i = ranked[r]!.index;
      if (this.serverOf[i] !== server) continue;
      const tool = this.vectors.toolVector(i);
      if (tool) cosines.set(r, centredCosine(this.query, tool, mean));
    }
    if (cosines.size < 2) return ranked.slice(0, limit);
    let lo = Infinity;
    let hi = -Infinity;
    for (const c of cosines.values()) {
      lo = Math.min(lo, c);
      hi = Math.max(hi, c);
    }
    if (!(hi > lo)) return ranked.slice(0, limit);
    const lift = use.weight * best;
    const lifted = ranked.slice(0, head).map((s, r) => {
      const c = cosines.get(r);
      return c === undefined ? s : { ...s, score: s.score + (lift * (c - lo)) / (hi - lo) };
    });
    lifted.sort(byScoreThenName);
    return [...lifted, ...ranked.slice(head)].slice(0, Math.max(0, limit));
  }

  private meanOf(server: number): Float64Array | null {
    let mean = this.means.get(server);
    if (mean === undefined) {
      const sum = new Float64Array(this.vectors.dim);
      let n = 0;
      for (const i of this.members[server]!) {
        const tool = this.vectors.toolVector(i);
        if (!tool) continue;
        n++;
        for (let j = 0; j < sum.length; j++) sum[j] += tool[j]!;
      }
      if (n >= 2) for (let j = 0; j < sum.length; j++) sum[j] /= n;
      mean = n >= 2 ? sum : null;
      this.means.set(server, mean);
    }
    return mean;
  }
}

/** The cosine of (a − mean) and (b − mean); 0 when either is all zeros. */
export function centredCosine(a: ArrayLike<number>, b: ArrayLike<number>, mean: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let j = 0; j < mean.length; j++) {
    const x = a[j]! - mean[j]!;
    const y = b[j]! - mean[j]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
