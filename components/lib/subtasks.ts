import { z } from "zod";
import type { CallStatus } from "./timeline";

/**
 * Progress of a subagent started by the `task` tool, streamed as LangGraph `custom` events. Only
 * live runs carry them (they are not saved in the thread), so a reloaded card falls back to the
 * tool call's own status and result.
 */
export const subtaskEventSchema = z.object({
  type: z.literal("subtask"),
  /** The tool_call_id of the `task` call the subagent runs for. */
  id: z.string().min(1),
  description: z.string().optional().default(""),
  status: z.enum(["running", "done", "error"]),
  detail: z.string().optional(),
});
export type SubtaskEvent = z.infer<typeof subtaskEventSchema>;

/** Events per task call id, in arrival order. */
export type SubtaskProgress = Readonly<Record<string, readonly SubtaskEvent[]>>;

/** The subtask event in a custom stream chunk, or null when the chunk is something else. */
export function readSubtaskEvent(data: unknown): SubtaskEvent | null {
  const parsed = subtaskEventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * Adds an event. A rejoined stream replays the run from its first event, so an event already
 * recorded for the call is dropped; the same object comes back when nothing changed.
 */
export function addSubtaskEvent(progress: SubtaskProgress, event: SubtaskEvent): SubtaskProgress {
  const list = progress[event.id] ?? [];
  if (list.some((e) => e.status === event.status && e.detail === event.detail)) return progress;
  return { ...progress, [event.id]: [...list, event] };
}

export type SubtaskStatus = "running" | "done" | "error" | "stopped";

/**
 * The card's status. The tool result decides once it is there; before that the latest progress
 * event does, and a call left without a result after its run ended was stopped.
 */
export function subtaskStatus(
  callStatus: CallStatus,
  hasResult: boolean,
  events: readonly SubtaskEvent[] = [],
): SubtaskStatus {
  if (hasResult) return callStatus === "ok" ? "done" : "error";
  const last = events.at(-1)?.status;
  if (last === "error") return "error";
  if (callStatus === "stopped") return "stopped";
  // "done" without a result yet: the subagent finished and the result is on its way.
  return "running";
}

/** The `task` call's arguments as the card shows them; missing fields while the call is still streaming. */
export function taskArgs(args: unknown): { description: string; prompt: string } {
  const a = args && typeof args === "object" ? (args as Record<string, unknown>) : {};
  return {
    description: typeof a.description === "string" ? a.description : "",
    prompt: typeof a.prompt === "string" ? a.prompt : "",
  };
}
