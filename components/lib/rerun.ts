/** The parts of a history state (`POST …/history`, newest first) a rerun needs. */
export interface RerunState {
  values?: unknown;
  checkpoint?: { checkpoint_id?: string | null; checkpoint_ns?: string | null } | null;
}

function holds(values: unknown, messageId: string): boolean {
  if (!values || typeof values !== "object" || !("messages" in values) || !Array.isArray(values.messages)) return false;
  return values.messages.some((m: unknown) => !!m && typeof m === "object" && "id" in m && m.id === messageId);
}

/**
 * Where to rerun a turn from: the checkpoint of the oldest state holding its human message (the one
 * `useStream` calls firstSeenState). Regenerating from there forks the thread before the agent answered.
 */
export function rerunCheckpoint<S extends RerunState>(states: readonly S[], messageId: string): S["checkpoint"] | null {
  let found: S["checkpoint"] | null = null;
  for (const s of states) if (s.checkpoint && holds(s.values, messageId)) found = s.checkpoint;
  return found;
}
