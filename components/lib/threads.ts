import { firstHumanText, type ChatMessage } from "./timeline";
import { ellipsis } from "./truncate";

export interface ThreadSummary {
  id: string;
  title: string;
  updatedAt: string;
  status: string;
}

/** The parts of an SDK `Thread` the list reads. */
export interface ThreadLike {
  thread_id: string;
  updated_at?: string;
  created_at?: string;
  status?: string;
  values?: unknown;
}

function messagesOf(values: unknown): ChatMessage[] {
  if (!values || typeof values !== "object" || !("messages" in values) || !Array.isArray(values.messages)) return [];
  return values.messages.filter(
    (m: unknown): m is ChatMessage => !!m && typeof m === "object" && "type" in m && typeof m.type === "string",
  );
}

/** Threads are titled by their first human message, newest first. */
export function summarizeThreads(threads: readonly ThreadLike[]): ThreadSummary[] {
  return threads
    .map((t) => ({
      id: t.thread_id,
      title: ellipsis(firstHumanText(messagesOf(t.values)) ?? "", 60) || "New thread",
      updatedAt: t.updated_at ?? t.created_at ?? "",
      status: t.status ?? "idle",
    }))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/**
 * The list from the server plus the open thread when the search has not caught up with it yet
 * (a thread is tagged with its graph only when its first run starts).
 */
export function withCurrentThread(
  list: ThreadSummary[],
  current: { id: string | null; title?: string },
): ThreadSummary[] {
  if (!current.id || list.some((t) => t.id === current.id)) return list;
  return [
    { id: current.id, title: ellipsis(current.title ?? "", 60) || "New thread", updatedAt: "", status: "idle" },
    ...list,
  ];
}
