import type { SearchDoc, ToolSearcher } from "@/lib/deferred/search/types";

/**
 * The design article's searcher, kept as the reference column of the benchmark:
 * `select:a,b` by exact name, `+term rest` (term in the name, ranked by rest),
 * otherwise a case-insensitive regex over "name description"; a name hit scores 2, a description hit 1.
 */
export function createReferenceSearcher(docs: SearchDoc[]): ToolSearcher {
  const byName = new Map(docs.map((d) => [d.name, d]));
  const regexRank = (pattern: string, pool: SearchDoc[], limit: number): string[] => {
    let re: RegExp;
    try {
      re = new RegExp(pattern, "i");
    } catch {
      re = new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i");
    }
    const scored: Array<[number, string]> = [];
    for (const d of pool) {
      if (re.exec(`${d.name} ${d.description}`) !== null) scored.push([re.exec(d.name) !== null ? 2 : 1, d.name]);
    }
    // Stable sort keeps catalog order among equal scores, as Python's sort does.
    return scored
      .sort((a, b) => b[0] - a[0])
      .slice(0, limit)
      .map(([, n]) => n);
  };
  return {
    search(query, limit) {
      const q = query.trim();
      if (q.startsWith("select:")) {
        return q
          .slice(7)
          .split(",")
          .map((s) => s.trim())
          .filter((n) => byName.has(n))
          .slice(0, limit);
      }
      if (q.startsWith("+")) {
        const [term, ...rest] = q.slice(1).split(/\s+/);
        const pool = docs.filter((d) => d.name.toLowerCase().includes((term ?? "").toLowerCase()));
        if (rest.length === 0) return pool.slice(0, limit).map((d) => d.name);
        const ranked = regexRank(rest.join(" "), pool, limit);
        const rankedSet = new Set(ranked);
        return [...ranked, ...pool.filter((d) => !rankedSet.has(d.name)).map((d) => d.name)].slice(0, limit);
      }
      return regexRank(q, docs, limit);
    },
  };
}
