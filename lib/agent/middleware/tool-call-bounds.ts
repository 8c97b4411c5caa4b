import { AIMessage, type ToolCall, ToolMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";

/**
 * Bounds what a model's tool calls and a tool's results may put into the checkpoint. LangChain
 * refuses to read back a checkpoint nested deeper than 50 levels, so one deeply nested argument,
 * once saved, made every later read of the thread fail for good. Checked before the AI message is
 * saved: an offending call keeps its id and name but its arguments are replaced by a short note
 * (`{ fawn_rejected: reason }`), and it is answered with an error result naming the tool and the
 * limit instead of running. A result nested too deeply is replaced by an error result.
 */
export interface ToolCallBoundsOptions {
  /** Deepest nesting of one call's arguments, the arguments object being level 1. A saved message adds about 5 levels. */
  maxArgsDepth?: number;
  /** Largest arguments of one call as JSON, in bytes (above write_file's 1 MB per call). */
  maxArgsBytes?: number;
  /** Deepest nesting of a tool result's content and artifact. */
  maxResultDepth?: number;
}

export const TOOL_CALL_BOUNDS = { maxArgsDepth: 20, maxArgsBytes: 2 * 1024 * 1024, maxResultDepth: 20 } as const;

/** The key of the arguments that stand in for rejected ones in the saved message. */
export const REJECTED_ARGS_KEY = "fawn_rejected";

/** Nesting depth of a JSON-like value (a primitive is 0, `{a: 1}` is 1), counted no further than limit + 1. */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== "object") continue;
    const depth = d + 1;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth]);
  }
  return deepest;
}

function mb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a call's arguments cannot be kept, or null when they are within bounds. */
export function argsProblem(args: unknown, limits: Required<ToolCallBoundsOptions>): string | null {
  if (nestingDepth(args, limits.maxArgsDepth) > limits.maxArgsDepth)
    return `its arguments are nested more than ${limits.maxArgsDepth} levels deep (the limit is ${limits.maxArgsDepth}); send flatter arguments`;
  const bytes = Buffer.byteLength(JSON.stringify(args) ?? "");
  if (bytes > limits.maxArgsBytes)
    return `its arguments are ${mb(bytes)} of JSON (the limit is ${mb(limits.maxArgsBytes)}); send smaller parts`;
  return null;
}

/** The model's message with every out-of-bounds call's arguments replaced; the same message when all are fine. */
export function boundToolCalls(message: AIMessage, limits: Required<ToolCallBoundsOptions>): AIMessage {
  const problems = new Map<string, string>();
  const calls: ToolCall[] = (message.tool_calls ?? []).map((call, i) => {
    const problem = argsProblem(call.args, limits);
    if (problem === null) return call;
    const id = call.id ?? `rejected-${i}`;
    problems.set(id, problem);
    return { ...call, id, args: { [REJECTED_ARGS_KEY]: problem } };
  });
  const invalid = (message.invalid_tool_calls ?? []).map((c) =>
    typeof c.args === "string" && Buffer.byteLength(c.args) > limits.maxArgsBytes
      ? { ...c, args: `${c.args.slice(0, 200)}… [cut: over ${mb(limits.maxArgsBytes)}]` }
      : c,
  );
  const invalidCut = invalid.some((c, i) => c !== message.invalid_tool_calls?.[i]);
  if (problems.size === 0 && !invalidCut) return message;
  // The provider's raw copy of the calls (additional_kwargs.tool_calls) would keep what was dropped.
  const raw = message.additional_kwargs?.tool_calls;
  const additional_kwargs = { ...message.additional_kwargs };
  if (raw) {
    additional_kwargs.tool_calls = raw.map((c) =>
      problems.has(c.id) || Buffer.byteLength(c.function?.arguments ?? "") > limits.maxArgsBytes
        ? { ...c, function: { ...c.function, arguments: JSON.stringify({ [REJECTED_ARGS_KEY]: "dropped" }) } }
        : c,
    );
  }
  return new AIMessage({
    id: message.id,
    name: message.name,
    content: message.content,
    additional_kwargs,
    response_metadata: message.response_metadata,
    usage_metadata: message.usage_metadata,
    tool_calls: calls,
    invalid_tool_calls: invalid,
  });
}

function rejectedReason(args: unknown): string | null {
  if (args === null || typeof args !== "object") return null;
  const entries = Object.entries(args);
  return entries.length === 1 && entries[0][0] === REJECTED_ARGS_KEY && typeof entries[0][1] === "string"
    ? entries[0][1]
    : null;
}

export function toolCallBoundsMiddleware(options: ToolCallBoundsOptions = {}) {
  const limits: Required<ToolCallBoundsOptions> = { ...TOOL_CALL_BOUNDS, ...options };
  return createMiddleware({
    name: "ToolCallBounds",
    wrapModelCall: async (request, handler) => {
      const response = await handler(request);
      return AIMessage.isInstance(response) ? boundToolCalls(response, limits) : response;
    },
    wrapToolCall: async (request, handler) => {
      const { name, id } = request.toolCall;
      const rejected = rejectedReason(request.toolCall.args);
      if (rejected !== null) {
        return new ToolMessage({
          tool_call_id: id ?? "",
          name,
          status: "error",
          content: `Error: tool "${name}" was not run: ${rejected}.`,
        });
      }
      const result = await handler(request);
      if (!ToolMessage.isInstance(result)) return result;
      const depth = nestingDepth([result.content, result.artifact], limits.maxResultDepth + 1) - 1;
      if (depth <= limits.maxResultDepth) return result;
      return new ToolMessage({
        tool_call_id: result.tool_call_id,
        name,
        status: "error",
        content:
          `Error: tool "${name}" returned a result nested more than ${limits.maxResultDepth} levels deep ` +
          `(the limit is ${limits.maxResultDepth}); the result was not kept.`,
      });
    },
  });
}
