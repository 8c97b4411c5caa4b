/** The parts of a history state (`POST …/history`, newest first) a rerun needs. */
export interface RerunState {
  values?: unknown;
  checkpoint?: { checkpoint_id?: string | null; checkpoint_ns?: string | null } | null;
  parent_checkpoint?: { checkpoint_id?: string | null; checkpoint_ns?: string | null } | null;
}

/** Where a turn can be rerun from: the checkpoint its human message entered at (regenerate) and the one before (edit). */
export interface RerunPoint<C> {
  checkpoint: C;
  parent: C | null;
}

function holds(values: unknown, messageId: string): boolean {
  if (!values || typeof values !== "object" || !("messages" in values) || !Array.isArray(values.messages)) return false;
  return values.messages.some((m: unknown) => !!m && typeof m === "object" && "id" in m && m.id === messageId);
}

/**
 * The rerun point of a human message: the oldest state holding it (the one `useStream` calls firstSeenState).
 * Regenerating from its checkpoint forks the thread before the agent answered; editing from its parent forks it
 * before the question.
 */
export function rerunPoint<S extends RerunState>(
  states: readonly S[],
  messageId: string,
): RerunPoint<NonNullable<S["checkpoint"]>> | null {
  let found: S | null = null;
  for (const s of states) if (s.checkpoint && holds(s.values, messageId)) found = s;
  if (!found?.checkpoint) return null;
  return {
    checkpoint: found.checkpoint,
    parent: (found.parent_checkpoint ?? null) as NonNullable<S["checkpoint"]> | null,
  };
}

/**
 * The human messages on screen whose rerun point is not known. `useStream` rereads the thread's history only
 * after a run that succeeded, so after a failed run its question is one of these until the history is read again.
 */
export function questionsWithoutRerunPoint(
  messages: readonly { type: string; id?: string }[],
  known: (messageId: string) => boolean,
): string[] {
  return messages.flatMap((m) => ((m.type === "human" || m.type === "user") && m.id && !known(m.id) ? [m.id] : []));
}
