import { randomUUID } from "node:crypto";
import { AIMessageChunk, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { PromotedUpdate } from "@/lib/deferred/promoted";
import type { AgentRuntime } from "./runtime";

/** One event of a turn, as `fawn chat --jsonl` prints them. */
export type TurnEvent =
  | { type: "token"; text: string }
  | { type: "tool_call"; id: string; name: string; args: Record<string, unknown> }
  | { type: "tool_result"; id: string; name: string; status: "success" | "error"; content: string }
  | { type: "promoted"; catalog_hash: string | null; names: string[] }
  | { type: "interrupt"; value: unknown }
  | { type: "error"; message: string }
  | { type: "done"; thread_id: string; answer: string };

export interface TurnInput {
  message: string;
  threadId?: string;
  modelName?: string;
  signal?: AbortSignal;
}

type NodeUpdate = { messages?: BaseMessage[]; promoted?: PromotedUpdate } | null;

function textOf(content: BaseMessage["content"]): string {
  if (typeof content === "string") return content;
  return content
    .map((b) => (typeof b === "object" && b && "text" in b && typeof b.text === "string" ? b.text : ""))
    .join("");
}

/** Run one turn of the lead agent on a thread, reporting what happens as it happens. */
export async function runTurn(
  runtime: AgentRuntime,
  input: TurnInput,
  onEvent: (e: TurnEvent) => void,
): Promise<{ threadId: string; ok: boolean }> {
  const threadId = input.threadId ?? randomUUID();
  const config = {
    configurable: { thread_id: threadId, ...(input.modelName ? { model_name: input.modelName } : {}) },
    metadata: { run_id: randomUUID(), thread_id: threadId },
    signal: input.signal,
    recursionLimit: 50,
  };
  let answer = "";
  // The same per-thread lock the server takes, so a CLI turn never runs beside a server run on one thread.
  let lock: Awaited<ReturnType<AgentRuntime["persistence"]["lockThread"]>>;
  try {
    lock = await runtime.persistence.lockThread(threadId, `turn-${config.metadata.run_id}`);
  } catch (e) {
    onEvent({ type: "error", message: (e as Error).message });
    return { threadId, ok: false };
  }
  if (!lock.ok) {
    onEvent({ type: "error", message: lock.message });
    return { threadId, ok: false };
  }
  try {
    const stream = await runtime.graph.stream(
      { messages: [new HumanMessage(input.message)] },
      { ...config, streamMode: ["messages", "updates"] },
    );
    for await (const [mode, payload] of stream as AsyncIterable<[string, unknown]>) {
      if (mode === "messages") {
        const [msg] = payload as [BaseMessage, unknown];
        if (AIMessageChunk.isInstance(msg)) {
          const text = textOf(msg.content);
          if (text) {
            answer += text;
            onEvent({ type: "token", text });
          }
        }
        continue;
      }
      for (const [node, update] of Object.entries(payload as Record<string, unknown>)) {
        if (node === "__interrupt__") {
          for (const i of update as Array<{ value: unknown }>) onEvent({ type: "interrupt", value: i.value });
          continue;
        }
        // A node that returned several Commands (parallel tool calls) reports a list of updates.
        for (const u of (Array.isArray(update) ? update : [update]) as NodeUpdate[]) {
          for (const m of u?.messages ?? []) {
            if (ToolMessage.isInstance(m)) {
              onEvent({
                type: "tool_result",
                id: m.tool_call_id,
                name: m.name ?? "",
                status: m.status === "error" ? "error" : "success",
                content: textOf(m.content),
              });
            } else if ("tool_calls" in m && Array.isArray(m.tool_calls)) {
              for (const c of m.tool_calls) onEvent({ type: "tool_call", id: c.id ?? "", name: c.name, args: c.args });
              answer = textOf(m.content);
            }
          }
          // Promotions only: a tool's use stamp goes through the same channel but is no news.
          const p = u?.promoted;
          if (p?.op === "promote" && p.tools.length > 0)
            onEvent({ type: "promoted", catalog_hash: p.catalog_hash, names: p.tools.map((t) => t.name) });
        }
      }
    }
  } catch (e) {
    onEvent({ type: "error", message: (e as Error).message });
    return { threadId, ok: false };
  } finally {
    await lock.release();
  }
  onEvent({ type: "done", thread_id: threadId, answer });
  return { threadId, ok: true };
}
