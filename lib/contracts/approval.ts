/**
 * The approval interrupt on the wire, and the decisions that answer it.
 *
 * LangChain.js's `humanInTheLoopMiddleware` pauses with camelCase `{actionRequests, reviewConfigs}`; clients of
 * LangGraph (Agent Chat UI, LangChain Python) know only the Python library's snake_case shape, so the API serves
 * `{action_requests, review_configs}` and translates the answer back: `edited_action` → `editedAction`, a rejection's
 * reason → a tool result the model can act on, edited arguments checked against the tool's JSON schema.
 */
import { Validator } from "@langchain/core/utils/json_schema";
import { z } from "zod";
import { CALL_TOOL_NAME, calledToolOf } from "./call-tool";

export const DECISION_TYPES = ["approve", "edit", "reject"] as const;
export const DecisionTypeSchema = z.enum(DECISION_TYPES);
export type DecisionType = z.infer<typeof DecisionTypeSchema>;

const Args = z.record(z.string(), z.unknown());
const JsonSchema = z.record(z.string(), z.unknown());

export const ActionRequestSchema = z.object({
  name: z.string().min(1),
  args: Args,
  description: z.string().optional(),
});
export const ReviewConfigSchema = z.object({
  action_name: z.string().min(1),
  allowed_decisions: z.array(DecisionTypeSchema),
  args_schema: JsonSchema.optional(),
});

/** What the API serves: one entry per tool call waiting for a person, in the order of the model's calls. */
export const ApprovalRequestSchema = z.object({
  action_requests: z.array(ActionRequestSchema).min(1),
  review_configs: z.array(ReviewConfigSchema).min(1),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

/** What LangChain.js's humanInTheLoopMiddleware passes to `interrupt()` (kept in the checkpoint as is). */
const JsApprovalRequestSchema = z.object({
  actionRequests: z.array(ActionRequestSchema).min(1),
  reviewConfigs: z
    .array(
      z.object({
        actionName: z.string().min(1),
        allowedDecisions: z.array(DecisionTypeSchema),
        argsSchema: JsonSchema.optional(),
      }),
    )
    .min(1),
});

/** The approval request in an interrupt value of either shape, as the wire shape; null for anything else. */
export function readApprovalRequest(value: unknown): ApprovalRequest | null {
  const wire = ApprovalRequestSchema.safeParse(value);
  if (wire.success) return wire.data;
  const js = JsApprovalRequestSchema.safeParse(value);
  if (!js.success) return null;
  return {
    action_requests: js.data.actionRequests,
    review_configs: js.data.reviewConfigs.map((c) => ({
      action_name: c.actionName,
      allowed_decisions: c.allowedDecisions,
      ...(c.argsSchema ? { args_schema: c.argsSchema } : {}),
    })),
  };
}

/** An interrupt value as the API serves it: a LangChain.js approval request becomes snake_case, the rest is kept. */
export function toWireInterruptValue(value: unknown): unknown {
  if (ApprovalRequestSchema.safeParse(value).success) return value;
  return readApprovalRequest(value) ?? value;
}

const EditedAction = z.object({ name: z.string().min(1), args: Args });

/** A decision as clients send it: `edited_action` (Agent Chat UI, Python) or `editedAction` (LangChain.js). */
export const DecisionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("approve") }),
  z.object({ type: z.literal("reject"), message: z.string().max(10_000).optional() }),
  z.object({ type: z.literal("edit"), edited_action: EditedAction.optional(), editedAction: EditedAction.optional() }),
]);
export type Decision = z.infer<typeof DecisionSchema>;

/** The resume value Agent Chat UI sends (`command.resume`): one decision per action request, in order. */
export const ApprovalResumeSchema = z.object({ decisions: z.array(DecisionSchema) });

/** A decision as humanInTheLoopMiddleware reads it. */
export type MiddlewareDecision =
  | { type: "approve" }
  | { type: "reject"; message: string }
  | { type: "edit"; editedAction: { name: string; args: Record<string, unknown> } };

/** The tool result the model gets for a rejected call: it did not run, and why, in the person's words. */
export function rejectionText(toolName: string, reason?: string): string {
  const why = reason?.trim();
  return (
    `The user rejected this call to ${toolName}, so it did not run.` +
    (why ? ` Their reason: "${why}".` : " They gave no reason.") +
    " Do not repeat the same call; change your approach or ask the user."
  );
}

function schemaTypes(schema: unknown): string[] {
  const t = (schema as { type?: unknown } | null)?.type;
  return typeof t === "string" ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === "string") : [];
}

/**
 * Agent Chat UI edits every argument in a text box, so an edited number or object comes back as a string:
 * parse it back when the schema wants anything but a string and the text is JSON of that kind.
 */
export function coerceEditedArgs(args: Record<string, unknown>, schema: Record<string, unknown> | undefined) {
  const props = (schema?.properties ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...args };
  for (const [key, value] of Object.entries(args)) {
    const types = schemaTypes(props[key]);
    if (typeof value !== "string" || types.length === 0 || types.includes("string")) continue;
    try {
      out[key] = JSON.parse(value);
    } catch {
      // Not JSON: leave it, and let validation name the field.
    }
  }
  return out;
}

interface SchemaError {
  instanceLocation: string;
  keyword: string;
  error: string;
}

function fieldOf(location: string): string {
  return location
    .replace(/^#\/?/, "")
    .split("/")
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");
}

function describeSchemaError(errors: SchemaError[]): string {
  const required = errors.find((e) => e.keyword === "required");
  if (required) {
    const prop = /property "([^"]+)"/.exec(required.error)?.[1] ?? "?";
    const parent = fieldOf(required.instanceLocation);
    return `field "${parent ? `${parent}.${prop}` : prop}": is required`;
  }
  const extraAt = errors.findIndex((e) => e.keyword === "additionalProperties");
  if (extraAt >= 0) {
    const prop = /Property "([^"]+)"/.exec(errors[extraAt].error)?.[1] ?? "?";
    const parent = fieldOf(errors[extraAt].instanceLocation);
    return `field "${parent ? `${parent}.${prop}` : prop}": is not an argument of this tool`;
  }
  const deepest = [...errors].sort((a, b) => b.instanceLocation.length - a.instanceLocation.length)[0];
  const type = /Instance type "([^"]+)" is invalid\. Expected "([^"]+)"/.exec(deepest?.error ?? "");
  const problem = type ? `expected ${type[2]}, got ${type[1]}` : (deepest?.error ?? "does not match the schema");
  const field = fieldOf(deepest?.instanceLocation ?? "#");
  return field ? `field "${field}": ${problem}` : `arguments: ${problem}`;
}

/** Check edited arguments against the tool's JSON schema; the problem names the field, or null when they fit. */
export function checkArgs(args: Record<string, unknown>, schema: Record<string, unknown> | undefined): string | null {
  if (!schema) return null;
  let result: { valid: boolean; errors: unknown[] };
  try {
    result = new Validator(schema as ConstructorParameters<typeof Validator>[0], "2019-09", false).validate(args);
  } catch {
    // A schema the validator cannot read (a dangling $ref, say): the tool checks its own arguments when it runs.
    return null;
  }
  return result.valid ? null : describeSchemaError(result.errors as SchemaError[]);
}

export type ResumeCheck<T> = { ok: true; resume: T } | { ok: false; error: string };

/**
 * Check a client's answer to an approval request and turn it into what the middleware reads. Every problem is
 * reported before the run starts, naming the decision and the tool: a count that does not match, a decision the
 * request does not allow, an edit that renames the tool or whose arguments do not fit its schema.
 */
export function resolveApprovalResume(
  request: ApprovalRequest,
  resume: unknown,
): ResumeCheck<{ decisions: MiddlewareDecision[] }> {
  const names = request.action_requests.map((a) => a.name).join(", ");
  const parsed = ApprovalResumeSchema.safeParse(resume);
  if (!parsed.success) {
    return {
      ok: false,
      error:
        `this run is waiting for a decision on ${names}: resume with {"decisions": [{"type": "approve"}]} ` +
        `(or "reject" with an optional "message", or "edit" with "edited_action": {name, args}), one per action request`,
    };
  }
  const { decisions } = parsed.data;
  const n = request.action_requests.length;
  if (decisions.length !== n) {
    return {
      ok: false,
      error: `expected ${n} decision${n === 1 ? "" : "s"} (one per action request: ${names}), got ${decisions.length}`,
    };
  }
  const out: MiddlewareDecision[] = [];
  for (const [i, decision] of decisions.entries()) {
    const action = request.action_requests[i];
    const review = request.review_configs.find((c) => c.action_name === action.name) ?? request.review_configs[i];
    const where = `decisions[${i}] (${action.name})`;
    if (!review?.allowed_decisions.includes(decision.type)) {
      return {
        ok: false,
        error: `${where}: "${decision.type}" is not allowed here (allowed: ${(review?.allowed_decisions ?? []).join(", ")})`,
      };
    }
    if (decision.type === "approve") out.push({ type: "approve" });
    else if (decision.type === "reject")
      out.push({ type: "reject", message: rejectionText(action.name, decision.message) });
    else {
      const edited = decision.edited_action ?? decision.editedAction;
      if (!edited) return { ok: false, error: `${where}: an edit needs "edited_action": {name, args}` };
      if (edited.name !== action.name) {
        return {
          ok: false,
          error: `${where}: an edit may change the arguments, not the tool (expected "${action.name}", got "${edited.name}")`,
        };
      }
      // An interrupt saved before approvals named the tool called through call_tool asks about call_tool itself,
      // which names its tool in its arguments: the same rule holds for that name.
      if (action.name === CALL_TOOL_NAME && calledToolOf(edited.args) !== calledToolOf(action.args)) {
        return {
          ok: false,
          error: `${where}: an edit may change the arguments, not the tool (expected "${calledToolOf(action.args)}", got "${calledToolOf(edited.args)}")`,
        };
      }
      const args = coerceEditedArgs(edited.args, review.args_schema);
      const problem = checkArgs(args, review.args_schema);
      if (problem) return { ok: false, error: `${where}: edited arguments of ${action.name}: ${problem}` };
      out.push({ type: "edit", editedAction: { name: action.name, args } });
    }
  }
  return { ok: true, resume: { decisions: out } };
}
