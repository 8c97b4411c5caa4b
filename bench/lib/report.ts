import type { StyleScore } from "./metrics";

export const pct = (x: number) => (100 * x).toFixed(1);
export const ms = (x: number) => (x < 1 ? x.toFixed(3) : x.toFixed(2));

/** A plain-text table with columns padded to their widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** One row per style, a Recall@5 / MRR@5 column pair per searcher. */
export function qualityTable(columns: Array<{ label: string; scores: StyleScore[] }>): string {
  const styles = columns[0]!.scores.map((s) => s.style);
  const header = ["style", "n", ...columns.flatMap((c) => [`${c.label} R@5`, `${c.label} MRR@5`])];
  const rows = styles.map((style) => {
    const n = columns[0]!.scores.find((s) => s.style === style)!.n;
    return [
      style,
      String(n),
      ...columns.flatMap((c) => {
        const s = c.scores.find((x) => x.style === style)!;
        return [pct(s.recall), s.mrr.toFixed(3)];
      }),
    ];
  });
  return table(header, rows);
}
