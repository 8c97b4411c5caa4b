/**
 * Mapping between the API's stream modes and LangGraph's `graph.stream()` chunks (LANGGRAPH_API.md §6).
 * Pure functions: which modes to ask LangGraph for, and which SSE event (name + payload) each chunk becomes.
 */
import { toWireInterrupt } from "@/lib/contracts/interrupts";
import type { StreamMode } from "./schemas";

/** Modes LangGraph JS streams natively (besides `messages`, which backs `messages-tuple`). */
const PASSTHROUGH: ReadonlySet<string> = new Set([
  "values",
  "updates",
  "custom",
  "debug",
  "tasks",
  "checkpoints",
  "tools",
]);

/** Modes a client may ask for that Fawn does not produce (LangChain `events`, the legacy `messages` triple). */
const UNSUPPORTED: ReadonlySet<string> = new Set(["events", "messages"]);

export function normalizeStreamModes(mode: StreamMode | StreamMode[] | null | undefined): StreamMode[] {
  if (mode == null) return ["values"];
  const list = Array.isArray(mode) ? mode : [mode];
  return list.length === 0 ? ["values"] : [...new Set(list)];
}

export function unsupportedModes(requested: readonly StreamMode[]): StreamMode[] {
  return requested.filter((m) => UNSUPPORTED.has(m));
}

/** The `streamMode` array for `graph.stream()`. */
export function graphStreamModes(requested: readonly StreamMode[]): string[] {
  const modes = new Set<string>();
  for (const m of requested) {
    if (m === "messages-tuple") modes.add("messages");
    else if (PASSTHROUGH.has(m)) modes.add(m);
  }
  if (modes.size === 0) modes.add("values");
  return [...modes];
}

export interface MappedEvent {
  event: string;
  data: unknown;
}

/** Split a chunk into namespace, mode and payload; `[mode, payload]` without subgraphs, `[ns, mode, payload]` with. */
export function splitChunk(chunk: unknown): { ns: string[]; mode: string; payload: unknown } | null {
  if (!Array.isArray(chunk) || chunk.length < 2) return null;
  if (typeof chunk[0] === "string") return { ns: [], mode: chunk[0], payload: chunk[1] };
  if (Array.isArray(chunk[0]) && typeof chunk[1] === "string") {
    return { ns: chunk[0].map(String), mode: chunk[1], payload: chunk[2] };
  }
  return null;
}

/**
 * The SSE event for one chunk, or null when the client did not ask for that mode.
 * Subgraph events get `|ns1|ns2` appended (only when the client asked for subgraphs).
 */
export function mapChunk(chunk: unknown, requested: readonly StreamMode[], subgraphs: boolean): MappedEvent | null {
  const parts = splitChunk(chunk);
  if (!parts) return null;
  const { ns, mode, payload } = parts;
  let name: string;
  if (mode === "messages") {
    if (!requested.includes("messages-tuple")) return null;
    name = "messages";
  } else if (requested.includes(mode as StreamMode)) {
    name = mode;
  } else {
    return null;
  }
  if (subgraphs && ns.length > 0) name = `${name}|${ns.join("|")}`;
  return { event: name, data: withWireInterrupts(payload) };
}

/** A `values`/`updates` payload carrying `__interrupt__` gets the interrupts in their wire shape (a copy). */
export function withWireInterrupts(payload: unknown): unknown {
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return payload;
  const list = (payload as { __interrupt__?: unknown }).__interrupt__;
  if (!Array.isArray(list)) return payload;
  return { ...payload, __interrupt__: list.map(toWireInterrupt) };
}

interface MessageLike {
  id?: unknown;
  lc_kwargs?: Record<string, unknown>;
}

/**
 * Every streamed message chunk must carry an id (the SDK drops chunks without one). LangGraph assigns ids,
 * but a custom model may not: derive one that is stable for all chunks of the same model call.
 */
export function ensureMessageId(payload: unknown, fallbackId: string): void {
  if (!Array.isArray(payload) || payload.length === 0) return;
  const msg = payload[0] as MessageLike | null;
  if (!msg || typeof msg !== "object") return;
  if (typeof msg.id === "string" && msg.id !== "") return;
  msg.id = fallbackId;
  if (msg.lc_kwargs && typeof msg.lc_kwargs === "object") msg.lc_kwargs.id = fallbackId;
}

/** A stable fallback id from the tuple's metadata (same model call ⇒ same step, node and namespace). */
export function fallbackMessageId(runId: string, payload: unknown): string {
  const meta = Array.isArray(payload) ? (payload[1] as Record<string, unknown> | undefined) : undefined;
  const step = meta?.langgraph_step ?? "0";
  const node = meta?.langgraph_node ?? "node";
  const ns = meta?.langgraph_checkpoint_ns ?? "";
  return `run-${runId}-${String(node)}-${String(step)}-${String(ns).replace(/[^A-Za-z0-9_-]/g, "_")}`;
}
