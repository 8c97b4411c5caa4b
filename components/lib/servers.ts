/**
 * The Servers panel's view of GET /api/mcp/servers and of a connection test: one row per server with the
 * state a person acts on (connected, sleeping, failed, disabled, starting, or "sign in"), what its tools cost, and the
 * sign-in action that applies. Also reads the note the OAuth callback leaves in the page's URL.
 */
import {
  type McpServersResponse,
  type McpServerView,
  needsSignIn,
  type ServerCost,
  type ServerTool,
} from "@/lib/contracts/mcp-servers";

export type ServerState = "connected" | "sleeping" | "failed" | "disabled" | "pending" | "signin";

export interface ServerRow {
  name: string;
  view: McpServerView;
  state: ServerState;
  transport: McpServerView["transport"];
  description: string | null;
  toolCount: number;
  cost: ServerCost;
  /** The server's own error; null when the state says it all (sign-in wanted, disabled). */
  error: string | null;
  /** "sign_in" when OAuth is wanted or possible and no token is held; "sign_out" when signed in. */
  auth: "sign_in" | "sign_out" | null;
  connectMs: number | null;
  tools: ServerTool[];
}

const STATE_ORDER: Record<ServerState, number> = {
  signin: 0,
  failed: 1,
  pending: 2,
  connected: 3,
  sleeping: 4,
  disabled: 5,
};

export function serverRow(view: McpServerView): ServerRow {
  const wantsSignIn = needsSignIn(view);
  const state: ServerState = wantsSignIn ? "signin" : view.status;
  const description = typeof view.entry.description === "string" ? view.entry.description : null;
  return {
    name: view.name,
    view,
    state,
    transport: view.transport,
    description,
    toolCount: view.tools.length,
    cost: view.cost,
    error: state === "failed" ? view.error : null,
    auth: view.auth.signed_in ? "sign_out" : view.auth.oauth && (wantsSignIn || !view.enabled) ? "sign_in" : null,
    connectMs: view.connect_ms,
    tools: [...view.tools].sort((a, b) => b.tokens - a.tokens || a.name.localeCompare(b.name)),
  };
}

/** The rows in file order (the order a person wrote them); `sorted` puts what needs attention first. */
export function serverRows(doc: McpServersResponse, sorted = false): ServerRow[] {
  const rows = doc.servers.map(serverRow);
  return sorted ? rows.sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state]) : rows;
}

export interface ServersTotals {
  servers: number;
  /** Usable now: running, or a lazy server asleep with its tools known (it starts on first use). */
  ready: number;
  running: number;
  /** Schema tokens of the enabled servers' tools bound on every call, and deferred behind tool_search. */
  bound: number;
  deferred: number;
}

export function serversTotals(rows: readonly ServerRow[]): ServersTotals {
  return {
    servers: rows.length,
    ready: rows.filter((r) => r.state === "connected" || r.state === "sleeping").length,
    running: rows.filter((r) => r.state === "connected").length,
    bound: rows.reduce((n, r) => n + r.cost.bound, 0),
    deferred: rows.reduce((n, r) => n + r.cost.deferred, 0),
  };
}

export type OAuthNotice =
  | { kind: "signed_in"; server: string }
  | { kind: "error"; server: string | null; detail: string };

/** What the OAuth callback reported in the URL (`?panel=servers&signed_in=NAME` or `&oauth_error=…`). */
export function oauthNotice(search: string): OAuthNotice | null {
  const q = new URLSearchParams(search);
  const signedIn = q.get("signed_in");
  if (signedIn) return { kind: "signed_in", server: signedIn };
  const error = q.get("oauth_error");
  if (error) return { kind: "error", server: q.get("server"), detail: error.slice(0, 500) };
  return null;
}

/** Whether the page was opened on the Servers panel (the OAuth callback sends the browser back that way). */
export function opensServersPanel(search: string): boolean {
  return new URLSearchParams(search).get("panel") === "servers";
}

/** The URL without the callback's notes, so a reload does not show them again (`thread` is kept). */
export function withoutOAuthParams(href: string): string {
  const url = new URL(href);
  for (const k of ["panel", "signed_in", "oauth_error", "server"]) url.searchParams.delete(k);
  return url.href;
}
