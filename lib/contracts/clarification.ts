/**
 * The clarification interrupt (`ask_clarification`) on the wire, and the answers that resume it.
 *
 * One value serves two kinds of client: Fawn's UI reads `type: "clarification"` with the question and options;
 * clients that know only LangGraph's approval shape (Agent Chat UI) see an action request whose `answer`
 * argument the person fills in and sends back as an `edit` decision.
 */
import { z } from "zod";
import type { ResumeCheck } from "./approval";

export const CLARIFICATION_TOOL = "ask_clarification";
const MAX_ANSWER = 10_000;

export interface ClarificationQuestion {
  question: string;
  options?: string[];
  context?: string;
}

export interface ClarificationInterrupt {
  type: "clarification";
  question: string;
  options: string[];
  context?: string;
  action_requests: [{ name: string; args: Record<string, string>; description: string }];
  review_configs: [{ action_name: string; allowed_decisions: ["edit"] }];
}

/** The interrupt value `ask_clarification` pauses with. */
export function clarificationInterrupt(q: ClarificationQuestion): ClarificationInterrupt {
  const options = q.options ?? [];
  const description = [
    q.question,
    options.length > 0 ? `Options: ${options.join(" | ")}` : "",
    q.context ?? "",
    "Type your answer in the answer field and submit it.",
  ]
    .filter(Boolean)
    .join("\n\n");
  return {
    type: "clarification",
    question: q.question,
    options,
    ...(q.context ? { context: q.context } : {}),
    action_requests: [
      {
        name: CLARIFICATION_TOOL,
        // Shown as editable fields by Agent Chat UI: the question so it is in view, and the empty answer.
        args: { question: q.question, ...(options.length > 0 ? { options: options.join(" | ") } : {}), answer: "" },
        description,
      },
    ],
    review_configs: [{ action_name: CLARIFICATION_TOOL, allowed_decisions: ["edit"] }],
  };
}

export function isClarificationInterrupt(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "clarification";
}

const AnswerArgs = z.object({ answer: z.unknown() }).loose();
const EditDecision = z.object({
  type: z.literal("edit"),
  edited_action: z.object({ args: AnswerArgs }).loose().optional(),
  editedAction: z.object({ args: AnswerArgs }).loose().optional(),
});
/** Everything a client may answer with: text (Fawn's UI, the SDK), `{answer}`, or an `edit` decision. */
const AnswerSchema = z.union([
  z.string(),
  z.object({ answer: z.string() }).loose(),
  z.object({ decisions: z.array(z.unknown()) }).loose(),
]);

const HOW =
  'answer with the text itself, {"answer": "…"}, or {"decisions": [{"type": "edit", "edited_action": ' +
  '{"name": "ask_clarification", "args": {"answer": "…"}}}]}';

/** The person's answer to a clarification, or what is wrong with the resume value. */
export function readClarificationAnswer(resume: unknown): ResumeCheck<string> {
  const parsed = AnswerSchema.safeParse(resume);
  if (!parsed.success) return { ok: false, error: `this run is waiting for an answer to a question: ${HOW}` };
  let raw: unknown;
  if (typeof parsed.data === "string") raw = parsed.data;
  else if ("answer" in parsed.data) raw = parsed.data.answer;
  else {
    const decisions = parsed.data.decisions as unknown[];
    if (decisions.length !== 1) return { ok: false, error: `expected 1 decision, got ${decisions.length}: ${HOW}` };
    const edit = EditDecision.safeParse(decisions[0]);
    if (!edit.success) return { ok: false, error: `decisions[0]: a question is answered with an "edit": ${HOW}` };
    raw = (edit.data.edited_action ?? edit.data.editedAction)?.args.answer;
  }
  if (typeof raw !== "string") return { ok: false, error: `the answer must be text: ${HOW}` };
  const answer = raw.trim();
  if (answer === "") return { ok: false, error: "the answer is empty: type an answer to the question" };
  if (answer.length > MAX_ANSWER) return { ok: false, error: `the answer is longer than ${MAX_ANSWER} characters` };
  return { ok: true, resume: answer };
}
