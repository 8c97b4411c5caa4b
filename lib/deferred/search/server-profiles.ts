import { Bm25Index, type Bm25Config } from "./bm25";
import type { QueryTerm } from "./expand";
import type { DocFields } from "./fields";
import type { ServerNumbers } from "./server-numbers";
import { IdBuffer, type TermTable } from "./term-table";

/**
 * Server profiles: cluster-based smoothing (Liu & Croft, 2004) with a catalog's servers as the clusters. A
 * request often names the product by what it is ("our card-payments platform", "the document store") in words
 * that no single tool's text holds but its server's tools do between them ("payment" in Stripe's, "document" in
 * MongoDB's). Each server gets one profile, the name and first-sentence words of all its tools, indexed with the
 * same BM25F settings as the tools (the ranker's, passed in: a default here once kept the profiles on the module's
 * settings while a tuner changed the ranker's); a search lifts each candidate by its server's match, as a share of
 * the best server's.
 */
export interface ServerProfileUse {
  /** A candidate gains weight × the best candidate's score × its server's share of the best server's score. */
  weight: number;
  /** How many of the ranking's first results are candidates (the rest are not lifted). */
  depth: number;
}

export const DEFAULT_SERVER_PROFILES: ServerProfileUse = { weight: 0.5, depth: 50 };

export class ServerProfiles {
  /** Per tool, its server's profile index (-1: the tool names no server). */
  private readonly profileOf: Int32Array;
  private readonly index: Bm25Index;
  /** How many profiles: below two, a profile cannot tell tools apart. */
  readonly size: number;

  /**
   * `servers`: the catalog's servers by number (server-numbers.ts); `fields[i]`: tool i's fields as the main index
   * read them. A profile's words sit in `description` (many tools' words: long, normalised as a description is),
   * its server's name in `name` (its first tool's server words), weighed as the tools' index weighs them.
   */
  constructor(servers: ServerNumbers, fields: readonly DocFields[], terms: TermTable, config: Bm25Config) {
    const count = servers.names.length;
    const names: Int32Array[] = new Array(count);
    const words = Array.from({ length: count }, () => new IdBuffer());
    this.profileOf = servers.serverOf;
    servers.serverOf.forEach((id, i) => {
      if (id < 0) return;
      const f = fields[i]!;
      names[id] ??= f.server;
      const profile = words[id]!;
      for (let j = 0; j < f.name.length; j++) profile.push(f.name[j]!);
      for (let j = 0; j < f.lead.length; j++) profile.push(f.lead[j]!);
    });
    const none = new Int32Array(0);
    const profiles: DocFields[] = names.map((name, id) => ({
      name,
      server: none,
      about: none,
      lead: none,
      description: words[id]!.take(),
      paramNames: none,
      paramText: none,
      asked: none,
    }));
    this.size = profiles.length;
    this.index = new Bm25Index(profiles, terms, config);
  }

  /**
   * Per profile, its score for the query as a share of the best profile's (0–1); null when no two profiles differ
   * (fewer than two servers, or no profile matches).
   */
  shares(query: readonly QueryTerm[]): Float64Array | null {
    if (this.size < 2) return null;
    const { touched, scores } = this.index.score(query);
    let best = 0;
    for (const p of touched) best = Math.max(best, scores[p]!);
    if (best <= 0) return null;
    const out = new Float64Array(this.size);
    for (const p of touched) out[p] = scores[p]! / best;
    return out;
  }

  /** Tool `tool`'s server share from `shares` (0 for a tool with no server). */
  shareOf(shares: Float64Array, tool: number): number {
    const p = this.profileOf[tool]!;
    return p < 0 ? 0 : shares[p]!;
  }
}
