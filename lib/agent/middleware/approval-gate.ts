import type { ToolCall } from "@langchain/core/messages/tool";
import { CALL_TOOL_NAME, readCallTool } from "@/lib/contracts/call-tool";
import type { ApprovalRule } from "./approval-policy";

/** A tool call that waits for the person, as they decide on it: the tool that would run, with its arguments. */
export interface GatedCall {
  /** The model's tool call id (call_tool's own, for a call made through it). */
  id: string;
  /** The tool that would run: for call_tool, the tool it names. */
  name: string;
  args: Record<string, unknown>;
  rule: ApprovalRule;
  /** Set when the model called the tool through call_tool (`tool_search.binding: proxy`). */
  via?: typeof CALL_TOOL_NAME;
}

export interface GateContext {
  /** The tools whose calls need approval (approval-policy.ts), by name. */
  rules: ReadonlyMap<string, ApprovalRule>;
  /** Deferred tools not promoted in this thread: the deferred filter refuses their calls without asking. */
  hidden: ReadonlySet<string>;
  /** The proxy binding mode: call_tool runs the tool it names, so it is gated as that tool. */
  proxy: boolean;
}

/**
 * Whether a tool call waits for the person, decided for the tool that would run. In proxy mode a call_tool
 * call is the call of the tool it names, with that tool's arguments, under that tool's rule (per tool, per
 * server, destructive or always): call_tool has no rule of its own. A call the deferred filter refuses anyway
 * is not put to the person: an unpromoted tool, or call_tool arguments that are not `{name, arguments}` (the
 * filter parses them with the same schema, and nothing runs).
 */
export function gatedCall(call: Pick<ToolCall, "id" | "name" | "args">, ctx: GateContext): GatedCall | null {
  let name = call.name;
  let args = call.args;
  let via: GatedCall["via"];
  if (ctx.proxy && call.name === CALL_TOOL_NAME) {
    const named = readCallTool(call.args);
    if (!named) return null;
    name = named.name;
    args = named.arguments;
    via = CALL_TOOL_NAME;
  }
  const rule = ctx.rules.get(name);
  if (!rule || ctx.hidden.has(name)) return null;
  return { id: call.id ?? "", name, args, rule, ...(via ? { via } : {}) };
}

/** What the person reads about why the call waits. */
export function gateDescription(call: GatedCall): string {
  return call.via ? `${call.rule.reason} (called through ${call.via})` : call.rule.reason;
}

/**
 * A decided call as the model's call again: one made through call_tool goes back through call_tool, for the
 * tool the person was asked about, with the arguments as approved or edited. (An edit may change the
 * arguments, never the tool; an edit of an interrupt saved before approvals named the real tool carries
 * call_tool's own `{name, arguments}`.)
 */
export function throughCallTool(gated: GatedCall, decided: ToolCall): ToolCall {
  const args = decided.name === CALL_TOOL_NAME ? (readCallTool(decided.args)?.arguments ?? gated.args) : decided.args;
  return { ...decided, name: CALL_TOOL_NAME, args: { name: gated.name, arguments: args } };
}
