import type { MessageKey } from "@/components/i18n/en";
import { type Phrase, phrase } from "@/components/i18n/phrase";
import { checkArgs, type DecisionType, readApprovalRequest } from "@/lib/contracts/approval";
import { isClarificationInterrupt } from "@/lib/contracts/clarification";

/** One tool call waiting for the person, as the approval card shows it. */
export interface ApprovalItem {
  /** Stable within one interrupt: its position and tool. */
  key: string;
  name: string;
  args: Record<string, unknown>;
  /** The arguments as pretty JSON: what the card shows and where the editor starts. */
  argsText: string;
  /** Why the call waits: the server's words, or a catalog phrase when it sent none. */
  why: Phrase;
  allowed: DecisionType[];
  /** The tool's JSON schema, when the server sent it: an edit is checked against it before it is sent. */
  schema?: Record<string, unknown>;
}

/** The calls an approval interrupt waits on, or null when the interrupt is something else (a question, say). */
export function readApproval(value: unknown): ApprovalItem[] | null {
  if (isClarificationInterrupt(value)) return null;
  const request = readApprovalRequest(value);
  if (!request) return null;
  return request.action_requests.map((action, i) => {
    const review = request.review_configs.find((c) => c.action_name === action.name) ?? request.review_configs[i];
    return {
      key: `${i}-${action.name}`,
      name: action.name,
      args: action.args,
      argsText: JSON.stringify(action.args, null, 2),
      why: action.description?.trim()
        ? phrase("common.verbatim", { text: action.description.trim() })
        : phrase("approval.needsApproval", { name: action.name }),
      allowed: review?.allowed_decisions ?? [],
      ...(review?.args_schema ? { schema: review.args_schema } : {}),
    };
  });
}

export type EditCheck = { ok: true; args: Record<string, unknown> } | { ok: false; error: Phrase };

/** The edited arguments, or what is wrong with them: JSON syntax, not an object, or a field the schema refuses. */
export function checkEdit(item: ApprovalItem, text: string): EditCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: phrase("approval.notJson", { detail: (e as Error).message }) };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    return { ok: false, error: phrase("approval.notObject", { example: '{"path": "…"}' }) };
  const args = parsed as Record<string, unknown>;
  const problem = checkArgs(args, item.schema);
  return problem ? { ok: false, error: phrase("approval.badArgs", { name: item.name, problem }) } : { ok: true, args };
}

/** What the person chose for one call. */
export type Choice =
  | { type: "approve" }
  | { type: "reject"; reason: string }
  | { type: "edit"; args: Record<string, unknown> };

/** A decision as Agent Chat UI and LangChain Python send it (the API accepts exactly this). */
export type WireDecision =
  | { type: "approve" }
  | { type: "reject"; message?: string }
  | { type: "edit"; edited_action: { name: string; args: Record<string, unknown> } };

/** The `command.resume` value for one choice per call, in the calls' order. */
export function resumeFor(items: readonly ApprovalItem[], choices: readonly Choice[]): { decisions: WireDecision[] } {
  if (choices.length !== items.length) throw new Error(`expected ${items.length} choices, got ${choices.length}`);
  return {
    decisions: choices.map((c, i): WireDecision => {
      if (c.type === "approve") return { type: "approve" };
      if (c.type === "reject")
        return c.reason.trim() ? { type: "reject", message: c.reason.trim() } : { type: "reject" };
      return { type: "edit", edited_action: { name: items[i].name, args: c.args } };
    }),
  };
}

/** A short label of a choice for the card's summary, as a catalog key. */
export function choiceLabel(c: Choice | undefined): MessageKey {
  if (!c) return "approval.choice.waiting";
  return c.type === "approve"
    ? "approval.choice.approve"
    : c.type === "edit"
      ? "approval.choice.edit"
      : "approval.choice.reject";
}
