/**
 * A run's `command` (and a new message on a paused thread) checked against the graph and the thread before the
 * run starts, so a bad one is refused with a 4xx and nothing is saved: a `goto` to a node the graph lacks, a
 * resume that does not answer the pending approval or question, a new message while a decision is pending.
 */
import { END } from "@langchain/langgraph";
import { classifyInterrupt, type PendingInterrupt, resolveResume } from "@/lib/contracts/interrupts";
import { ApiError } from "./http";
import type { RunCreateInput } from "./schemas";
import { checkpointConfigurable } from "./state";
import type { CompiledGraphLike, StateSnapshotLike } from "./types";

type Goto = NonNullable<NonNullable<RunCreateInput["command"]>["goto"]>;

/** The nodes a `goto` may name (plus END), or null when the graph does not say. */
function gotoTargets(graph: CompiledGraphLike): string[] | null {
  const nodes = (graph as { nodes?: unknown }).nodes;
  if (!nodes || typeof nodes !== "object") return null;
  return [...Object.keys(nodes), END];
}

export function checkGoto(graph: CompiledGraphLike, goto: Goto): void {
  const valid = gotoTargets(graph);
  if (!valid) return;
  for (const target of Array.isArray(goto) ? goto : [goto]) {
    const node = typeof target === "string" ? target : target.node;
    if (!valid.includes(node)) {
      throw new ApiError(
        400,
        "invalid_body",
        `command.goto: the graph has no node "${node}" (valid: ${valid.join(", ")})`,
      );
    }
  }
}

interface LooseMessage {
  type?: unknown;
  role?: unknown;
  content?: unknown;
  tool_call_id?: unknown;
  tool_calls?: unknown;
  _getType?: () => string;
}

function kindOf(m: LooseMessage): string {
  const t = typeof m._getType === "function" ? m._getType() : (m.type ?? m.role);
  return t === "user" ? "human" : t === "assistant" ? "ai" : String(t);
}

function textOf(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  const parts = content.map((b) =>
    b && typeof b === "object" && (b as { type?: unknown }).type === "text" ? b : null,
  );
  if (parts.some((p) => p === null)) return null;
  return parts.map((p) => String((p as { text?: unknown }).text ?? "")).join("");
}

/** Ids of the thread's tool calls that have no result yet. */
function unansweredCallIds(values: unknown): Set<string> {
  const messages = ((values as { messages?: unknown } | null)?.messages ?? []) as LooseMessage[];
  const calls = new Set<string>();
  for (const m of messages) {
    if (kindOf(m) === "ai" && Array.isArray(m.tool_calls))
      for (const c of m.tool_calls as Array<{ id?: unknown }>) if (typeof c.id === "string") calls.add(c.id);
    if (kindOf(m) === "tool" && typeof m.tool_call_id === "string") calls.delete(m.tool_call_id);
  }
  return calls;
}

/**
 * A reply typed into a chat while the run waits for an answer: Agent Chat UI sends it as a new run, with a
 * made-up "Successfully handled tool call." result for every pending call. The reply is the answer; those
 * results are dropped (ask_clarification gives the real one). Null when the input is anything else.
 */
function replyText(input: unknown, pendingCalls: Set<string>): string | null {
  const messages = (input as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) return null;
  const rest = (messages as LooseMessage[]).filter(
    (m) => !(kindOf(m) === "tool" && typeof m.tool_call_id === "string" && pendingCalls.has(m.tool_call_id)),
  );
  if (rest.length !== 1 || kindOf(rest[0]) !== "human") return null;
  return textOf(rest[0].content);
}

function describePending(pending: PendingInterrupt, value: unknown): string {
  if (pending.kind === "approval")
    return `approval of ${pending.request.action_requests.map((a) => a.name).join(", ")}`;
  return `an answer to "${String((value as { question?: unknown }).question ?? "a question")}"`;
}

/**
 * The run body to execute: unchanged, or with its resume translated for the interrupt it answers, or a chat
 * reply turned into the answer to a pending question. Throws an ApiError (400/409) for what cannot run.
 */
export async function prepareRunBody(
  graph: CompiledGraphLike,
  threadId: string,
  body: RunCreateInput,
): Promise<RunCreateInput> {
  const command = body.command ?? null;
  if (command?.goto != null) checkGoto(graph, command.goto);
  const resuming = command !== null && command.resume !== undefined;
  const hasMessages = command === null && Array.isArray((body.input as { messages?: unknown } | null)?.messages);
  if (!resuming && !hasMessages) return body;

  const snapshot: StateSnapshotLike = await graph.getState({
    configurable: checkpointConfigurable(threadId, body.checkpoint, body.checkpoint_id),
  });
  const interrupts = snapshot.tasks.flatMap((t) => t.interrupts);
  // None: nothing to answer. Several: the client addresses them by id (a resume map), passed on as is.
  if (interrupts.length !== 1) return body;
  const value = (interrupts[0] as { value?: unknown } | null)?.value;
  const pending = classifyInterrupt(value);
  if (pending.kind === "other") return body;

  if (resuming) {
    const checked = resolveResume(pending, command.resume);
    if (!checked.ok) throw new ApiError(400, "invalid_body", `command.resume: ${checked.error}`);
    return { ...body, command: { ...command, resume: checked.resume } };
  }
  const reply = pending.kind === "clarification" ? replyText(body.input, unansweredCallIds(snapshot.values)) : null;
  const answer = reply === null ? null : resolveResume(pending, reply);
  if (answer?.ok) return { ...body, input: undefined, command: { resume: answer.resume } };
  throw new ApiError(
    409,
    "conflict",
    `Thread ${threadId} is waiting for ${describePending(pending, value)}. ` +
      (pending.kind === "approval"
        ? `Answer it with command.resume {"decisions": [{"type": "approve" | "edit" | "reject", …}]}, one per action request; a new message cannot approve or reject a call.`
        : `Reply with one message holding the answer, or resume with command.resume "<answer>".`) +
      (answer && !answer.ok ? ` (${answer.error})` : ""),
  );
}
