/**
 * Interrupts as the API serves them and the resumes it accepts, whatever paused the run: an approval
 * (humanInTheLoopMiddleware), a clarification (ask_clarification) or any other `interrupt(value)`.
 */
import { readApprovalRequest, resolveApprovalResume, type ApprovalRequest, type ResumeCheck } from "./approval";
import { isClarificationInterrupt, readClarificationAnswer } from "./clarification";
import { toWireInterruptValue } from "./approval";

export type PendingInterrupt =
  | { kind: "clarification" }
  | { kind: "approval"; request: ApprovalRequest }
  | { kind: "other" };

/** What an interrupt value asks the person for. A clarification also looks like an approval request: it wins. */
export function classifyInterrupt(value: unknown): PendingInterrupt {
  if (isClarificationInterrupt(value)) return { kind: "clarification" };
  const request = readApprovalRequest(value);
  return request ? { kind: "approval", request } : { kind: "other" };
}

/** An `Interrupt {id, value, …}` with its value in the wire shape (a copy; the checkpoint's object is not touched). */
export function toWireInterrupt(interrupt: unknown): unknown {
  if (!interrupt || typeof interrupt !== "object" || !("value" in interrupt)) return interrupt;
  const value = toWireInterruptValue((interrupt as { value: unknown }).value);
  return value === (interrupt as { value: unknown }).value ? interrupt : { ...interrupt, value };
}

/**
 * Check a resume value against the interrupt it answers and translate it for the code that reads it:
 * decisions for the approval middleware, the answer text for ask_clarification. Other interrupts take any value.
 */
export function resolveResume(pending: PendingInterrupt, resume: unknown): ResumeCheck<unknown> {
  if (pending.kind === "clarification") return readClarificationAnswer(resume);
  if (pending.kind === "approval") return resolveApprovalResume(pending.request, resume);
  return { ok: true, resume };
}
