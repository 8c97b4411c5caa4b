import { editDistance } from "./fuzzy";
import type { TextRanker } from "./ranker";
import { byScoreThenName, type Scored } from "./scored";
import type { SearchDoc } from "./types";

/** Separators and case do not make a different name: "Read-Text-File" is read_text_file. */
export const squash = (name: string) => name.toLowerCase().replace(/[\s_\-.:/]+/g, "");

/**
 * `select:a,b`: exact names first, in the order given; then, for each name that does not exist, the
 * closest tools. "Closest" reads a wrong name the way a model writes one: often `<server>_<verb>_<noun>`
 * or a near-spelling. It combines the ranked text search over the name's words (which knows synonyms,
 * abbreviations and descriptions), string similarity to each candidate's name, and the server when the
 * guess starts with a server's name.
 */
export class NameMatcher {
  private readonly exact = new Set<string>();
  private readonly squashed = new Map<string, string>();
  private readonly servers: string[];
  private readonly serverOf: Array<string | undefined>;

  constructor(
    docs: readonly SearchDoc[],
    private readonly ranker: TextRanker,
  ) {
    docs.forEach((d) => {
      this.exact.add(d.name);
      const key = squash(d.name);
      const prev = this.squashed.get(key);
      if (prev === undefined || d.name < prev) this.squashed.set(key, d.name);
    });
    this.serverOf = docs.map((d) => (d.server ? d.server.toLowerCase() : undefined));
    // Longest first, so "desktop_commander_x" is read as server desktop_commander, not desktop.
    this.servers = [...new Set(this.serverOf.filter((s): s is string => !!s))].sort(
      (a, b) => b.length - a.length || (a < b ? -1 : 1),
    );
  }

  /** The tool a `select:` name stands for (itself, or the name it is written differently from), if any. */
  named(name: string): string | undefined {
    return this.exact.has(name) ? name : this.squashed.get(squash(name));
  }

  select(names: readonly string[], limit: number): string[] {
    const out: string[] = [];
    const taken = new Set<string>();
    const missing: string[] = [];
    for (const n of names) {
      // Case and separators do not make another name: "Read-File" is read_file, loaded alone, not with guesses.
      const name = this.named(n);
      if (name !== undefined) {
        if (!taken.has(name)) {
          taken.add(name);
          out.push(name);
        }
      } else missing.push(n);
    }
    if (out.length >= limit || missing.length === 0) return out.slice(0, limit);
    // Each wrong name gets its best guess before any gets its second.
    const lists = missing.slice(0, limit).map((m) => this.closest(m, limit));
    for (let rank = 0; out.length < limit && lists.some((l) => rank < l.length); rank++) {
      for (const l of lists) {
        const n = l[rank];
        if (n !== undefined && !taken.has(n) && out.length < limit) {
          taken.add(n);
          out.push(n);
        }
      }
    }
    return out;
  }

  /** Candidate tools for a name that does not exist, best first. */
  closest(guess: string, limit: number): string[] {
    const same = this.squashed.get(squash(guess));
    const lower = guess.toLowerCase();
    const server = this.servers.find((s) => lower.startsWith(s) && /^[\s_\-.:/]/.exec(lower.slice(s.length)) !== null);
    const rest = server ? guess.slice(server.length + 1) : guess;
    const words = rest.replace(/[_\-.:/]+/g, " ");
    const query = this.ranker.terms(server ? `${words} ${server}` : words);
    const n = Math.max(limit * 6, 30);
    const shortlist = this.ranker.top(query, n);
    // The named server's own best matches are candidates even when other servers crowd the overall list.
    if (server) {
      const seen = new Set(shortlist.map((s) => s.index));
      for (const s of this.ranker.top(query, n, (i) => this.serverOf[i] === server))
        if (!seen.has(s.index)) shortlist.push(s);
    }
    const best = shortlist.reduce((m, s) => Math.max(m, s.score), 0);
    const target = squash(rest);
    const rescored: Scored[] = shortlist.map((s) => {
      const own = this.serverOf[s.index];
      let name = squash(s.name);
      // Compare like with like: the candidate's own server prefix is not part of what it does.
      if (own && name.startsWith(squash(own))) name = name.slice(squash(own).length) || name;
      const len = Math.max(target.length, name.length, 1);
      // Only near-spellings count ("git_stauts"): moderate likeness ("create_gist" vs "create_issue") is noise,
      // and shared words are already scored by the text search.
      const likeness = 1 - Math.min(len, editDistance(target, name, len)) / len;
      const similarity = Math.max(0, (likeness - 0.7) / 0.3);
      // A server prefix is the most reliable part of a guessed name: it outweighs name similarity.
      const serverMatch = server && own === server ? 1.5 : 0;
      return { ...s, score: s.score / (best || 1) + similarity + serverMatch };
    });
    const ranked = rescored.sort(byScoreThenName).map((s) => s.name);
    return same ? [same, ...ranked.filter((n) => n !== same)] : ranked;
  }
}
