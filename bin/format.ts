import type { Inventory } from "@/lib/contracts/inventory";

/** Columns padded to their widest cell, two spaces apart (the first row is the header). */
export function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** `fawn tools` for people: tools, then servers, shadows and warnings. */
export function formatInventoryTable(inv: Inventory): string {
  const out: string[] = [];
  const rows = [["NAME", "SOURCE", "SERVER", "DEFERRED", "PROMOTED"]];
  for (const t of inv.tools)
    rows.push([t.name, t.source, t.server ?? "-", t.deferred ? "yes" : "no", t.promoted ? "yes" : "-"]);
  out.push(table(rows), "");
  const srv = [["MCP SERVER", "STATUS", "LIFECYCLE", "TOOLS", "CACHED AT", "ERROR"]];
  for (const s of inv.mcp_servers)
    srv.push([
      s.name,
      s.status === "connected" ? "running" : s.status,
      s.lifecycle === "lazy" ? `lazy (idle ${s.idle_timeout_s ?? "?"} s)` : "eager",
      String(s.tools),
      s.cached_at ?? "-",
      s.error ?? "",
    ]);
  out.push(table(srv), "");
  if (inv.shadowed.length > 0) {
    const sh = [["SHADOWED", "SOURCE", "SERVER", "SHADOWED BY"]];
    for (const s of inv.shadowed)
      sh.push([
        s.name,
        s.source,
        s.server ?? "-",
        s.shadowed_by + (s.shadowed_by_server ? ` (${s.shadowed_by_server})` : ""),
      ]);
    out.push(table(sh), "");
  }
  const deferred = inv.tools.filter((t) => t.deferred).length;
  out.push(
    `catalog_hash: ${inv.catalog_hash ?? "-"}   tools: ${inv.tools.length}   deferred: ${deferred}   tool_search: ${inv.tool_search.enabled ? "on" : "off"}`,
  );
  if (inv.tool_search.enabled) {
    const { prefetch, binding } = inv.tool_search;
    out.push(
      `binding: ${binding}   prefetch: ${prefetch.enabled ? `on (k ${prefetch.k}, min_score ${prefetch.min_score})` : "off"}`,
    );
  }
  if (inv.thread) {
    out.push(
      `thread ${inv.thread.thread_id}: promoted ${inv.thread.promoted.map((n) => (inv.thread?.prefetched.includes(n) ? `${n} (prefetch)` : n)).join(", ") || "none"}${inv.thread.stale ? " (stale promotions from another catalog ignored)" : ""}`,
    );
    const { budget } = inv.tool_search;
    out.push(`promoted budget: ${inv.thread.budget_used.tokens} / ${budget.tokens ?? "no limit"} tokens`);
    for (const d of inv.thread.drifted) out.push(`changed since promoted: ${d.name} (${d.reason})`);
    for (const d of inv.thread.demoted) out.push(`demoted: ${d.name} (${d.reason})`);
  }
  for (const w of inv.warnings) out.push(`warning: ${w}`);
  if (inv.error) out.push(`error: ${inv.error}`);
  return `${out.join("\n")}\n`;
}

export function formatSearchTable(
  query: string,
  results: Array<{ name: string; server: string | null; description: string }>,
): string {
  if (results.length === 0) return `no tools found for "${query}"\n`;
  const rows = [["#", "NAME", "SERVER", "DESCRIPTION"]];
  for (const [i, r] of results.entries()) {
    rows.push([String(i + 1), r.name, r.server ?? "-", r.description.replace(/\s+/g, " ").slice(0, 80)]);
  }
  return `${table(rows)}\n`;
}

export function formatTokenLine(t: { bound_next_call: number; all_bound: number; deferred_section: number }): string {
  const pct = t.all_bound > 0 ? ((100 * t.bound_next_call) / t.all_bound).toFixed(1) : "-";
  return `tokens (o200k): next model call ${t.bound_next_call} (incl. deferred section ${t.deferred_section}) vs every schema bound ${t.all_bound} → ${pct} %\n`;
}
