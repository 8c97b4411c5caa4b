import { blockedCallOf } from "@/lib/contracts/blocked-call";
import { CALL_TOOL_NAME, readCallTool } from "@/lib/contracts/call-tool";
import { messageText } from "./message-content";
import { splitUploadedFiles } from "./uploads";

/** The parts of a LangGraph message dict the chat reads (structurally matches the SDK's `Message`). */
export interface ChatMessage {
  type: string;
  id?: string;
  content: unknown;
  name?: string;
  tool_calls?: { id?: string; name: string; args: Record<string, unknown> }[];
  invalid_tool_calls?: { id?: string; name?: string; args?: string; error?: string }[];
  tool_call_id?: string;
  status?: string;
  /** A tool result's structured side, e.g. the deferred-tool filter's blocked-call marker. */
  artifact?: unknown;
}

export type CallStatus = "running" | "ok" | "error" | "blocked" | "waiting" | "stopped";

export interface ToolCallView {
  id: string;
  /** The tool that runs: for a call_tool call, the tool it names. */
  name: string;
  args: unknown;
  /** Set when the model called the tool through call_tool (`tool_search.binding: proxy`). */
  via?: typeof CALL_TOOL_NAME;
  status: CallStatus;
  /** Result text, once the ToolMessage arrived. */
  result?: string;
}

export type TimelineRow =
  | { kind: "human"; key: string; text: string; messageId?: string }
  | { kind: "ai"; key: string; text: string; pendingCalls: ToolCallView[]; messageId?: string }
  | { kind: "tool"; key: string; call: ToolCallView };

export interface RunContext {
  /** A run is streaming: calls without a result are still running. */
  loading: boolean;
  /** The run is paused on an interrupt: calls without a result are waiting for the person. */
  interrupted: boolean;
}

/** The deferred-tool filter marks the error result of a call it refused (lib/contracts/blocked-call). */
export function resultStatus(m: Pick<ChatMessage, "status" | "artifact">): CallStatus {
  if (m.status === "error" && blockedCallOf(m) !== null) return "blocked";
  return m.status === "error" ? "error" : "ok";
}

function pendingStatus(ctx: RunContext): CallStatus {
  if (ctx.interrupted) return "waiting";
  return ctx.loading ? "running" : "stopped";
}

/**
 * A call as the person reads it: a call_tool call is the call of the tool it names, with that tool's arguments
 * ("github_create_issue via call_tool"); call_tool arguments that name no tool stay as they are.
 */
export function calledTool(name: string, args: unknown): Pick<ToolCallView, "name" | "args" | "via"> {
  const named = name === CALL_TOOL_NAME ? readCallTool(args) : null;
  return named ? { name: named.name, args: named.arguments, via: CALL_TOOL_NAME } : { name, args };
}

/**
 * Turns the thread's messages into what the chat shows. A tool call is drawn inside its AI message
 * while it runs and, once its ToolMessage arrives, in that message's place (right after the AI
 * message), so every message keeps its own element and no card is drawn twice.
 */
export function buildTimeline(messages: readonly ChatMessage[], ctx: RunContext): TimelineRow[] {
  const calls = new Map<string, Pick<ToolCallView, "name" | "args" | "via">>();
  const answered = new Set<string>();
  for (const m of messages) {
    if (m.type === "ai") for (const c of m.tool_calls ?? []) if (c.id) calls.set(c.id, calledTool(c.name, c.args));
    if (m.type === "tool" && m.tool_call_id) answered.add(m.tool_call_id);
  }

  const rows: TimelineRow[] = [];
  messages.forEach((m, index) => {
    const key = m.id ?? `${m.type}-${index}`;
    if (m.type === "human" || m.type === "user") {
      rows.push({ kind: "human", key, text: messageText(m.content), messageId: m.id });
    } else if (m.type === "ai" || m.type === "assistant") {
      const pendingCalls: ToolCallView[] = [];
      (m.tool_calls ?? []).forEach((c, i) => {
        if (c.id && answered.has(c.id)) return;
        pendingCalls.push({
          id: c.id ?? `${key}-call-${i}`,
          ...calledTool(c.name, c.args),
          status: pendingStatus(ctx),
        });
      });
      (m.invalid_tool_calls ?? []).forEach((c, i) => {
        pendingCalls.push({
          id: c.id ?? `${key}-invalid-${i}`,
          name: c.name ?? "(unnamed tool)",
          args: c.args ?? "",
          status: "error",
          result: `Invalid tool call: ${c.error ?? "the model sent arguments that are not valid JSON"}`,
        });
      });
      rows.push({ kind: "ai", key, text: messageText(m.content), pendingCalls, messageId: m.id });
    } else if (m.type === "tool") {
      const text = messageText(m.content);
      const call = m.tool_call_id ? calls.get(m.tool_call_id) : undefined;
      rows.push({
        kind: "tool",
        key,
        call: {
          id: m.tool_call_id ?? key,
          name: call?.name ?? m.name ?? "(unknown tool)",
          args: call?.args ?? {},
          ...(call?.via ? { via: call.via } : {}),
          status: resultStatus(m),
          result: text,
        },
      });
    }
    // system, function and remove messages are not part of the conversation a person reads.
  });
  return rows;
}

/** The text of the first human message: what a thread is titled by (attached files by name, not the block). */
export function firstHumanText(messages: readonly ChatMessage[]): string | undefined {
  const first = messages.find((m) => m.type === "human" || m.type === "user");
  if (!first) return undefined;
  const { text, files } = splitUploadedFiles(messageText(first.content));
  return text || files.map((f) => f.name).join(", ");
}
