import { isThreadId } from "@/lib/contracts/thread-id";
import { messageText } from "./message-content";
import { type ChatMessage, firstHumanText } from "./timeline";
import { ellipsis } from "./truncate";

/** What the thread list shows: a dot for each state a person should notice (a stopped run is just idle). */
export type ThreadStatus = "idle" | "busy" | "interrupted" | "error";

export interface ThreadSummary {
  id: string;
  /** The name it was given, else its first message; "" until it has one (the list says "New thread"). */
  title: string;
  /** True when the person renamed it. */
  renamed: boolean;
  updatedAt: string;
  status: ThreadStatus;
  /** Human messages: tells apart threads with the same title. */
  turns: number;
  /** Lower-cased title and message text, for search. */
  searchText: string;
}

/** The parts of an SDK `Thread` the list reads. */
export interface ThreadLike {
  thread_id: string;
  updated_at?: string;
  created_at?: string;
  status?: string;
  values?: unknown;
  metadata?: unknown;
  interrupts?: unknown;
}

const SEARCH_CHARS = 20_000;

function messagesOf(values: unknown): ChatMessage[] {
  if (!values || typeof values !== "object" || !("messages" in values) || !Array.isArray(values.messages)) return [];
  return values.messages.filter(
    (m: unknown): m is ChatMessage => !!m && typeof m === "object" && "type" in m && typeof m.type === "string",
  );
}

/** A title set by renaming (metadata.title). */
export function customTitle(metadata: unknown): string {
  if (!metadata || typeof metadata !== "object" || !("title" in metadata)) return "";
  return typeof metadata.title === "string" ? ellipsis(metadata.title, 80) : "";
}

function hasInterrupts(interrupts: unknown): boolean {
  if (!interrupts || typeof interrupts !== "object") return false;
  return Object.values(interrupts).some((list) => Array.isArray(list) && list.length > 0);
}

/** The server says "interrupted" for a stopped run too (it left steps to do); only a question waits for the person. */
export function threadStatus(t: Pick<ThreadLike, "status" | "interrupts">): ThreadStatus {
  if (t.status === "busy" || t.status === "error") return t.status;
  if (t.status === "interrupted" && hasInterrupts(t.interrupts)) return "interrupted";
  return "idle";
}

/** Threads are titled by their name or first human message, newest first. */
export function summarizeThreads(threads: readonly ThreadLike[]): ThreadSummary[] {
  return threads
    .map((t) => {
      const messages = messagesOf(t.values);
      const named = customTitle(t.metadata);
      const title = named || ellipsis(firstHumanText(messages) ?? "", 60);
      const text = messages
        .filter((m) => m.type === "human" || m.type === "ai")
        .map((m) => messageText(m.content))
        .join("\n");
      return {
        id: t.thread_id,
        title,
        renamed: named !== "",
        updatedAt: t.updated_at ?? t.created_at ?? "",
        status: threadStatus(t),
        turns: messages.filter((m) => m.type === "human").length,
        searchText: `${title}\n${text}`.slice(0, SEARCH_CHARS).toLowerCase(),
      };
    })
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/**
 * The list from the server plus what the page knows better: the open thread before the search lists it
 * (a thread is tagged with its graph only when its first run starts), and its title from the first
 * message as soon as it is sent. A thread that does not exist is never added.
 */
export function withCurrentThread(
  list: ThreadSummary[],
  current: { id: string | null; title?: string; running?: boolean; missing?: boolean },
): ThreadSummary[] {
  if (!current.id || current.missing) return list;
  const title = ellipsis(current.title ?? "", 60);
  const listed = list.find((t) => t.id === current.id);
  if (listed) {
    const status: ThreadStatus = current.running ? "busy" : listed.status;
    if ((listed.title || !title) && status === listed.status) return list;
    return list.map((t) => (t.id === current.id ? { ...t, title: t.title || title, status } : t));
  }
  return [
    {
      id: current.id,
      title,
      renamed: false,
      updatedAt: "",
      status: current.running ? "busy" : "idle",
      turns: title ? 1 : 0,
      searchText: title.toLowerCase(),
    },
    ...list,
  ];
}

/** Threads whose title or messages hold every word of the query. */
export function filterThreads(list: ThreadSummary[], query: string): ThreadSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return list;
  return list.filter((t) => words.every((w) => t.searchText.includes(w)));
}

/**
 * The thread a `?thread=` value opens: a well-formed id, or none. A value no thread can have (`?thread=garbage<b>`)
 * is a thread that does not exist, told as one (`malformed`), not sent to the server to be refused in raw words.
 */
export function threadFromParam(raw: string | null): { id: string | null; malformed: boolean } {
  if (raw === null || isThreadId(raw)) return { id: raw, malformed: false };
  return { id: null, malformed: true };
}
