/** LangGraph state snapshots → the `ThreadState` shape the SDK reads (LANGGRAPH_API.md §1, §6.6). */
import { toWireInterrupt } from "@/lib/contracts/interrupts";
import { publicError } from "./errors";
import { toPlain } from "./serialize";
import type { Checkpoint, RunnableConfigLike, StateSnapshotLike, TaskLike, ThreadState, ThreadTask } from "./types";

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function mapOrNull(v: unknown): Record<string, unknown> | null {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** A full checkpoint reference, or null when the config names no saved checkpoint. */
export function configToCheckpoint(config: RunnableConfigLike | null | undefined): Checkpoint | null {
  const c = config?.configurable;
  const threadId = str(c?.thread_id);
  const checkpointId = str(c?.checkpoint_id);
  if (!threadId || !checkpointId) return null;
  return {
    thread_id: threadId,
    checkpoint_ns: str(c?.checkpoint_ns) ?? "",
    checkpoint_id: checkpointId,
    checkpoint_map: mapOrNull(c?.checkpoint_map),
  };
}

function isSnapshot(v: unknown): v is StateSnapshotLike {
  return typeof v === "object" && v !== null && "values" in v && "next" in v;
}

function taskError(error: unknown): string | null {
  if (error == null) return null;
  // useStream parses this string as JSON `{error, message}` for `stream.error`.
  return JSON.stringify(publicError(error));
}

function mapTask(task: TaskLike): ThreadTask {
  let checkpoint: ThreadTask["checkpoint"] = null;
  let state: ThreadState | null = null;
  if (isSnapshot(task.state)) {
    state = snapshotToThreadState(task.state);
  } else if (task.state && typeof task.state === "object") {
    const c = (task.state as RunnableConfigLike).configurable;
    if (c && str(c.thread_id)) {
      checkpoint = {
        thread_id: str(c.thread_id),
        checkpoint_ns: str(c.checkpoint_ns) ?? "",
        ...(str(c.checkpoint_id) ? { checkpoint_id: str(c.checkpoint_id) } : {}),
        checkpoint_map: mapOrNull(c.checkpoint_map),
      };
    }
  }
  return {
    id: task.id,
    name: task.name,
    ...(task.path ? { path: task.path } : {}),
    error: taskError(task.error),
    interrupts: task.interrupts.map(toWireInterrupt),
    checkpoint,
    state,
    ...(task.result !== undefined ? { result: task.result } : {}),
  };
}

/** The snapshot as plain JSON (messages flattened by `toDict()`), ready to send. */
export function snapshotToThreadState(snapshot: StateSnapshotLike): ThreadState {
  const state: ThreadState = {
    values: snapshot.values ?? {},
    next: [...snapshot.next],
    tasks: snapshot.tasks.map(mapTask),
    checkpoint: configToCheckpoint(snapshot.config),
    parent_checkpoint: configToCheckpoint(snapshot.parentConfig),
    metadata: snapshot.metadata ?? {},
    created_at: snapshot.createdAt ?? null,
  };
  return toPlain<ThreadState>(state);
}

/** Interrupts of the snapshot keyed by task id, as `Thread.interrupts` carries them. */
export function interruptsByTask(snapshot: StateSnapshotLike): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const task of snapshot.tasks) {
    if (task.interrupts.length > 0) out[task.id] = toPlain<unknown[]>(task.interrupts.map(toWireInterrupt));
  }
  return out;
}

/** Turn a client's partial checkpoint reference into `configurable` keys (nulls dropped; thread id forced). */
export function checkpointConfigurable(
  threadId: string,
  ref:
    | { checkpoint_id?: string | null; checkpoint_ns?: string | null; checkpoint_map?: Record<string, unknown> | null }
    | null
    | undefined,
  checkpointId?: string | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = { thread_id: threadId };
  if (ref?.checkpoint_ns) out.checkpoint_ns = ref.checkpoint_ns;
  if (ref?.checkpoint_map) out.checkpoint_map = ref.checkpoint_map;
  const id = ref?.checkpoint_id ?? checkpointId;
  if (id) out.checkpoint_id = id;
  return out;
}
