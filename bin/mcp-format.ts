import { type McpServersResponse, type McpServerProbeResult, needsSignIn } from "@/lib/contracts/mcp-servers";
import { table } from "./format";

function stateOf(s: McpServersResponse["servers"][number]): string {
  return needsSignIn(s) ? "sign-in needed" : s.status;
}

/** `fawn mcp list` for people: one row per server, then the errors in full. */
export function formatServers(doc: McpServersResponse): string {
  const rows = [["NAME", "STATE", "TRANSPORT", "TOOLS", "TOKENS BOUND/DEFERRED", "OAUTH"]];
  for (const s of doc.servers)
    rows.push([
      s.name,
      stateOf(s),
      s.transport,
      s.enabled ? String(s.tools.length) : "-",
      s.enabled ? `${s.cost.bound}/${s.cost.deferred}` : "-",
      s.auth.oauth ? (s.auth.signed_in ? "signed in" : "not signed in") : "-",
    ]);
  const out = [table(rows), ""];
  for (const s of doc.servers) if (s.error) out.push(`${s.name}: ${s.error}`);
  if (doc.error) out.push(`config: ${doc.error}`);
  out.push(`file: ${doc.file}`);
  return `${out.join("\n")}\n`;
}

/** `fawn mcp test` for people: the outcome, then each tool with how it would be offered and its cost. */
export function formatTestResult(r: McpServerProbeResult): string {
  if (!r.ok) {
    const hint = r.auth_required ? `\nsign in first: fawn mcp login ${r.name}` : "";
    return `${r.name}: could not connect (${r.ms} ms): ${r.error}${hint}\n`;
  }
  const rows = [["TOOL", "OFFERED", "TOKENS"]];
  for (const t of r.tools) rows.push([t.name, t.state + (t.why ? ` (${t.why})` : ""), String(t.tokens)]);
  const lines = [
    `${r.name}: connected in ${r.ms} ms, ${r.tools.length} tools, ${r.cost.total} schema tokens ` +
      `(${r.cost.bound} bound on every call, ${r.cost.deferred} deferred)`,
    "",
    table(rows),
    ...r.warnings.map((w) => `warning: ${w}`),
  ];
  return `${lines.join("\n")}\n`;
}
