import type { CallStatus, TimelineRow, ToolCallView } from "./timeline";

/** One step inside a turn's collapsed "N steps" line: what the agent said on the way, or a tool call. */
export type Step = { kind: "note"; key: string; text: string } | { kind: "call"; key: string; call: ToolCallView };

export interface StepsSummary {
  /** Tool calls in the group. */
  count: number;
  /** Distinct tool names, in call order. */
  names: string[];
  status: CallStatus;
}

export type TurnItem =
  | {
      kind: "human";
      key: string;
      text: string;
      messageId?: string;
      turn: number;
      /** The AI messages of this turn, in order: where a regenerated turn's branch shows up. */
      aiMessageIds: string[];
    }
  | { kind: "steps"; key: string; steps: Step[]; summary: StepsSummary; turn: number }
  | { kind: "answer"; key: string; text: string; messageId?: string; turn: number; calls: ToolCallView[] };

/**
 * Calls that stay on screen while their group is collapsed: the search that promoted tools, a subagent
 * at work, and anything that failed or was blocked. Everything else waits behind "N steps".
 */
export function isPinned(call: ToolCallView): boolean {
  return call.name === "tool_search" || call.name === "task" || call.status === "error" || call.status === "blocked";
}

const STATUS_ORDER: CallStatus[] = ["running", "waiting", "error", "blocked", "stopped", "ok"];

function summarize(steps: Step[]): StepsSummary {
  const calls = steps.flatMap((s) => (s.kind === "call" ? [s.call] : []));
  const names = [...new Set(calls.map((c) => c.name))];
  const status = STATUS_ORDER.find((st) => calls.some((c) => c.status === st)) ?? "ok";
  return { count: calls.length, names, status };
}

/** The turn's answer: its last AI text that no tool call follows (the one still streaming, during a run). */
function answerIndex(rows: TimelineRow[]): number {
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i] as TimelineRow;
    if (r.kind === "tool") return -1;
    if (r.kind === "ai") {
      if (r.pendingCalls.length > 0) return -1;
      if (r.text.trim() !== "") return i;
    }
  }
  return -1;
}

/**
 * Groups the timeline by turn (a human message and what followed it): the work in between becomes one
 * steps group, the last AI text becomes the answer. A turn without tool calls is just the answer.
 */
export function buildTurns(rows: readonly TimelineRow[]): TurnItem[] {
  const out: TurnItem[] = [];
  let turn = -1;
  let pending: TimelineRow[] = [];
  let human: Extract<TurnItem, { kind: "human" }> | null = null;
  const flush = () => {
    if (pending.length === 0) return;
    if (human) human.aiMessageIds = pending.flatMap((r) => (r.kind === "ai" && r.messageId ? [r.messageId] : []));
    const at = answerIndex(pending);
    const work = at >= 0 ? pending.slice(0, at) : pending;
    const steps: Step[] = [];
    for (const r of work) {
      if (r.kind === "ai") {
        if (r.text.trim() !== "") steps.push({ kind: "note", key: `${r.key}-note`, text: r.text });
        for (const c of r.pendingCalls) steps.push({ kind: "call", key: c.id, call: c });
      } else if (r.kind === "tool") {
        steps.push({ kind: "call", key: r.call.id, call: r.call });
      }
    }
    const t = Math.max(turn, 0);
    if (steps.some((s) => s.kind === "call")) {
      out.push({ kind: "steps", key: `steps-${work[0]?.key ?? t}`, steps, summary: summarize(steps), turn: t });
    } else {
      for (const s of steps)
        if (s.kind === "note") out.push({ kind: "answer", key: s.key, text: s.text, turn: t, calls: [] });
    }
    const answer = at >= 0 ? pending[at] : undefined;
    if (answer?.kind === "ai") {
      const calls = steps.flatMap((s) => (s.kind === "call" ? [s.call] : []));
      out.push({ kind: "answer", key: answer.key, text: answer.text, messageId: answer.messageId, turn: t, calls });
    }
    pending = [];
  };
  for (const row of rows) {
    if (row.kind === "human") {
      flush();
      turn += 1;
      human = { kind: "human", key: row.key, text: row.text, messageId: row.messageId, turn, aiMessageIds: [] };
      out.push(human);
    } else {
      pending.push(row);
    }
  }
  flush();
  return out;
}

/**
 * The last turn when it ended without an answer (its run was stopped or failed before the agent said
 * anything): the human message to regenerate from, so retyping it is never the only way on.
 */
export function unansweredTurn(items: readonly TurnItem[]): { turn: number; messageId?: string } | null {
  const human = items.findLast((i) => i.kind === "human");
  if (human?.kind !== "human") return null;
  if (items.some((i) => i.kind === "answer" && i.turn === human.turn)) return null;
  return { turn: human.turn, messageId: human.messageId };
}

/**
 * The turns before the last that ended without an answer (stopped or failed), each by the key of its last item:
 * where the view says so. The last such turn is unansweredTurn's, which offers Regenerate too.
 */
export function earlierUnansweredTurns(items: readonly TurnItem[]): Set<string> {
  const lastTurn = items.findLast((i) => i.kind === "human")?.turn;
  const answered = new Set(items.filter((i) => i.kind === "answer").map((i) => i.turn));
  const lastKey = new Map<number, string>();
  for (const i of items) lastKey.set(i.turn, i.key);
  const asked = new Set(items.filter((i) => i.kind === "human").map((i) => i.turn));
  const out = new Set<string>();
  for (const [turn, key] of lastKey) if (turn !== lastTurn && asked.has(turn) && !answered.has(turn)) out.add(key);
  return out;
}

/** The parts of a history state (newest first, as `POST …/history` answers) that timings need. */
export interface TimedState {
  created_at?: string | null;
  values?: unknown;
}

function messagesOf(
  values: unknown,
): Array<{ type?: string; tool_calls?: Array<{ id?: string }>; tool_call_id?: string }> {
  if (!values || typeof values !== "object" || !("messages" in values) || !Array.isArray(values.messages)) return [];
  return values.messages as Array<{ type?: string; tool_calls?: Array<{ id?: string }>; tool_call_id?: string }>;
}

/**
 * How long each tool call took, from the checkpoints' own timestamps: the first state holding the call
 * to the first state holding its result. Survives a reload, unlike a clock in the page. Calls that ran
 * in the same step share that step's duration.
 */
export function callDurations(history: readonly TimedState[]): Map<string, number> {
  const called = new Map<string, number>();
  const answered = new Map<string, number>();
  const ordered = [...history]
    .map((s) => ({ at: Date.parse(s.created_at ?? ""), values: s.values }))
    .filter((s) => !Number.isNaN(s.at))
    .sort((a, b) => a.at - b.at);
  for (const s of ordered) {
    for (const m of messagesOf(s.values)) {
      if (m.type === "ai") for (const c of m.tool_calls ?? []) if (c.id && !called.has(c.id)) called.set(c.id, s.at);
      if (m.type === "tool" && m.tool_call_id && !answered.has(m.tool_call_id)) answered.set(m.tool_call_id, s.at);
    }
  }
  const out = new Map<string, number>();
  for (const [id, end] of answered) {
    const start = called.get(id);
    // A call first seen together with its result started before the history we have: no honest figure.
    if (start !== undefined && end > start) out.set(id, end - start);
  }
  return out;
}
