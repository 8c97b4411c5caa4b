/**
 * The structural view of the lead agent that the LangGraph API needs, and the wire shapes it serves.
 * Kept minimal on purpose: `createAgent(...).graph` and any compiled `StateGraph` satisfy `CompiledGraphLike`,
 * so the server never imports the agent and any compiled graph can stand in for it.
 */
import type { z } from "zod";
import type { RunBook } from "./run-book";
import type { ThreadRecords } from "./thread-records";

/** A LangGraph `RunnableConfig`, reduced to what the server reads and writes. */
export interface RunnableConfigLike {
  configurable?: Record<string, unknown>;
}

/** One pending task of a state snapshot (`PregelTaskDescription`). */
export interface TaskLike {
  id: string;
  name: string;
  path?: readonly unknown[];
  error?: unknown;
  interrupts: readonly unknown[];
  state?: unknown;
  result?: unknown;
}

/** A LangGraph `StateSnapshot`. */
export interface StateSnapshotLike {
  values: unknown;
  next: readonly string[];
  config: RunnableConfigLike;
  parentConfig?: RunnableConfigLike;
  metadata?: unknown;
  createdAt?: string;
  tasks: readonly TaskLike[];
}

/** The compiled graph of the lead agent (`createAgent(...).graph`). */
export interface CompiledGraphLike {
  stream(input: unknown, options?: Record<string, unknown>): Promise<AsyncIterable<unknown>>;
  getState(config: RunnableConfigLike, options?: { subgraphs?: boolean }): Promise<StateSnapshotLike>;
  getStateHistory(
    config: RunnableConfigLike,
    options?: { limit?: number; before?: RunnableConfigLike; filter?: Record<string, unknown> },
  ): AsyncIterable<StateSnapshotLike>;
  updateState(config: RunnableConfigLike, values: unknown, asNode?: string): Promise<RunnableConfigLike>;
  /** The checkpointer the graph was compiled with; its `deleteThread` removes a deleted thread's checkpoints. */
  checkpointer?: unknown;
}

export interface AssistantInfo {
  graph_id: string;
  name: string;
  description: string;
}

/**
 * Threads and runs in a database several instances share (PostgreSQL): what the API uses instead of a
 * SQLite file. `open` waits until it is connected and migrated, and throws an error saying why it is not.
 */
export interface SharedPersistence {
  /** Names the database in caches and logs, never with a password. */
  readonly key: string;
  open(): Promise<{ threads: ThreadRecords; book: RunBook }>;
}

/** What `lib/agent/runtime.ts` provides (`getAgentRuntime()`). */
export interface AgentRuntime {
  graph: CompiledGraphLike;
  /** The SQLite file of the checkpointer; the thread table lives in the same file. Unused when `shared` is set. */
  dbPath?: string;
  /** Threads, checkpoints and runs in a database shared with other instances (`checkpointer.type: postgres`). */
  shared?: SharedPersistence;
  assistant: AssistantInfo;
  /** When given, state updates are checked with it first (a 400 naming the field instead of a failed write). */
  stateUpdateSchema?: z.ZodType;
  /** Where the threads' files live; when given, deleting a thread deletes its folder there. */
  toolContext?: { sandbox: { root: string } };
}

export type LogLevel = "debug" | "info" | "warn" | "error";
export type Logger = (level: LogLevel, event: string, fields?: Record<string, unknown>) => void;

// ---- wire shapes (LANGGRAPH_API.md §1) ----

export type ThreadStatus = "idle" | "busy" | "interrupted" | "error";
export type RunStatus = "pending" | "running" | "success" | "error" | "timeout" | "interrupted";
export type MultitaskStrategy = "reject" | "interrupt" | "rollback" | "enqueue";

export interface Checkpoint {
  thread_id: string;
  checkpoint_ns: string;
  checkpoint_id: string;
  checkpoint_map: Record<string, unknown> | null;
}

export interface Assistant {
  assistant_id: string;
  graph_id: string;
  name: string;
  description: string;
  config: Record<string, unknown>;
  context: Record<string, unknown>;
  metadata: Record<string, unknown>;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface Thread {
  thread_id: string;
  created_at: string;
  updated_at: string;
  state_updated_at: string;
  metadata: Record<string, unknown>;
  status: ThreadStatus;
  values: Record<string, unknown>;
  interrupts: Record<string, unknown[]>;
}

export interface ThreadTask {
  id: string;
  name: string;
  path?: readonly unknown[];
  error: string | null;
  interrupts: unknown[];
  checkpoint: Partial<Checkpoint> | null;
  state: ThreadState | null;
  result?: unknown;
}

export interface ThreadState {
  values: unknown;
  next: string[];
  tasks: ThreadTask[];
  checkpoint: Checkpoint | null;
  parent_checkpoint: Checkpoint | null;
  metadata: unknown;
  created_at: string | null;
}

export interface Run {
  run_id: string;
  thread_id: string;
  assistant_id: string;
  created_at: string;
  updated_at: string;
  status: RunStatus;
  metadata: Record<string, unknown>;
  multitask_strategy: MultitaskStrategy;
}
