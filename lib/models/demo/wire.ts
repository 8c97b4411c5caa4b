import { randomUUID } from "node:crypto";
import { z } from "zod";

/** The part of an OpenAI chat-completions request the demo model reads. */
export const ChatRequestSchema = z
  .object({
    model: z.string(),
    stream: z.boolean().optional(),
    messages: z.array(
      z
        .object({
          role: z.enum(["system", "developer", "user", "assistant", "tool"]),
          content: z.union([z.string(), z.array(z.unknown()), z.null()]).optional(),
          tool_calls: z
            .array(
              z.object({
                id: z.string(),
                type: z.literal("function"),
                function: z.object({ name: z.string(), arguments: z.string() }),
              }),
            )
            .optional(),
          tool_call_id: z.string().optional(),
          name: z.string().optional(),
        })
        .loose(),
    ),
    tools: z
      .array(
        z.object({
          type: z.literal("function"),
          function: z.object({
            name: z.string(),
            description: z.string().optional(),
            parameters: z.record(z.string(), z.unknown()).optional(),
          }),
        }),
      )
      .optional(),
  })
  .loose();
export type ChatRequest = z.infer<typeof ChatRequestSchema>;
export type WireMessage = ChatRequest["messages"][number];
export type WireTool = NonNullable<ChatRequest["tools"]>[number];

export interface PlannedToolCall {
  name: string;
  args: Record<string, unknown>;
}

/** What the demo model decided to say: text, or tool calls (with optional text). */
export interface DemoReply {
  content: string;
  toolCalls: PlannedToolCall[];
}

export function messageText(m: WireMessage): string {
  if (typeof m.content === "string") return m.content;
  if (Array.isArray(m.content)) {
    return m.content
      .map((b) =>
        b && typeof b === "object" && "text" in b && typeof (b as { text: unknown }).text === "string"
          ? (b as { text: string }).text
          : "",
      )
      .join("");
  }
  return "";
}

function usage(req: ChatRequest, reply: DemoReply) {
  const prompt = Math.ceil(JSON.stringify(req.messages).length / 4 + JSON.stringify(req.tools ?? []).length / 4);
  const completion = Math.ceil((reply.content.length + JSON.stringify(reply.toolCalls).length) / 4);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** A completion id unique across restarts: LangChain derives message ids from it. */
const newId = () => `chatcmpl-demo-${randomUUID()}`;

export function completionJson(req: ChatRequest, reply: DemoReply): Record<string, unknown> {
  const toolCalls = reply.toolCalls.map((c, i) => ({
    id: `call_${randomUUID().replace(/-/g, "").slice(0, 24)}`,
    type: "function",
    function: { name: c.name, arguments: JSON.stringify(c.args) },
    index: i,
  }));
  return {
    id: newId(),
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: req.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: reply.content || null,
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls.length ? "tool_calls" : "stop",
      },
    ],
    usage: usage(req, reply),
  };
}

/** Split text into small chunks the way a real model streams (words with their spacing). */
export function textChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/**
 * The SSE chunks of a streamed completion, following the wire rules real clients depend on:
 * first delta carries the role; a tool call opens with id/name and empty arguments, then the
 * arguments arrive split across deltas; the last chunk has the finish reason, then usage, then [DONE].
 */
export function completionChunks(req: ChatRequest, reply: DemoReply): string[] {
  const id = newId();
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: req.model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
  const out = [chunk({ role: "assistant", content: "" })];
  for (const piece of textChunks(reply.content)) out.push(chunk({ content: piece }));
  reply.toolCalls.forEach((c, index) => {
    const callId = `call_${randomUUID().replace(/-/g, "").slice(0, 24)}`;
    out.push(
      chunk({ tool_calls: [{ index, id: callId, type: "function", function: { name: c.name, arguments: "" } }] }),
    );
    const args = JSON.stringify(c.args);
    const step = Math.max(8, Math.ceil(args.length / 3));
    for (let i = 0; i < args.length; i += step)
      out.push(chunk({ tool_calls: [{ index, function: { arguments: args.slice(i, i + step) } }] }));
  });
  out.push(chunk({}, reply.toolCalls.length ? "tool_calls" : "stop"));
  out.push(
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: req.model, choices: [], usage: usage(req, reply) })}\n\n`,
  );
  out.push("data: [DONE]\n\n");
  return out;
}
