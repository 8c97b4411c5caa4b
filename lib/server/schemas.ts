/**
 * zod schemas for every request body and query of the LangGraph API subset (LANGGRAPH_API.md §1).
 * Fields the SDK may send but Fawn ignores (webhook, feedback_keys, ttl, …) are stripped, not rejected,
 * so newer SDKs keep working; fields whose value Fawn acts on are validated strictly.
 */
import { z } from "zod";
import { ThreadIdSchema } from "@/lib/contracts/thread-id";

const Metadata = z.record(z.string(), z.unknown());

/** At most this many ids in one thread search (each is one SQL parameter). */
export const MAX_SEARCH_IDS = 1000;
/**
 * At most this many messages in one run's input, and in any other request that writes messages into a thread
 * (a state update, a run's `command.update` or `goto` input): a request is a turn, not a bulk import.
 */
export const MAX_RUN_INPUT_MESSAGES = 500;

/** How many messages a value adds to the `messages` channel: a list counts its items, anything else one. */
function messageCount(value: unknown): number {
  return value === undefined || value === null ? 0 : Array.isArray(value) ? value.length : 1;
}

/** Messages in channel values: `{messages}`, or a list of such values (several updates at once). */
function messagesInValues(values: unknown): number {
  if (Array.isArray(values)) return values.reduce((n: number, v) => n + messagesInValues(v), 0);
  if (values && typeof values === "object") return messageCount((values as { messages?: unknown }).messages);
  return 0;
}

/** A zod check: at most MAX_RUN_INPUT_MESSAGES messages in the value, counted by `count`, reported at `path`. */
function capMessages<T>(count: (value: T) => number, path: (value: T) => PropertyKey[], per: string) {
  return (value: T, ctx: z.RefinementCtx) => {
    const n = count(value);
    if (n > MAX_RUN_INPUT_MESSAGES)
      ctx.addIssue({
        code: "custom",
        path: path(value),
        message: `${n} messages; at most ${MAX_RUN_INPUT_MESSAGES} per ${per}`,
      });
  };
}

/** Where a values object's messages are reported: `.messages` for one update, the list itself for several. */
const valuesPath = (values: unknown): PropertyKey[] => (Array.isArray(values) ? [] : ["messages"]);

/** A run's input: anything the graph takes, but a `messages` list is bounded before anything is saved. */
const RunInput = z.unknown().superRefine(capMessages(messagesInValues, valuesPath, "run"));

/** Channel values written as they are (a state update, a `goto` input), bounded like a run's input. */
const ChannelValues = z.unknown().superRefine(capMessages(messagesInValues, valuesPath, "request"));

export const ThreadStatusSchema = z.enum(["idle", "busy", "interrupted", "error"]);

export const CheckpointRef = z.object({
  thread_id: z.string().nullish(),
  checkpoint_id: z.string().nullish(),
  checkpoint_ns: z.string().nullish(),
  checkpoint_map: z.record(z.string(), z.unknown()).nullish(),
});
export type CheckpointRefInput = z.output<typeof CheckpointRef>;

const SortOrder = z.enum(["asc", "desc"]);
const Limit = z.number().int().min(1).max(1000);
const Offset = z.number().int().min(0);

export const ThreadCreateBody = z.object({
  thread_id: ThreadIdSchema.nullish(),
  metadata: Metadata.nullish(),
  if_exists: z.enum(["raise", "do_nothing"]).nullish(),
  supersteps: z.array(z.unknown()).nullish(),
});

export const ThreadPatchBody = z.object({ metadata: Metadata.nullish() });

export const ThreadSearchBody = z.object({
  metadata: Metadata.nullish(),
  values: Metadata.nullish(),
  ids: z.array(z.string()).max(MAX_SEARCH_IDS).nullish(),
  status: ThreadStatusSchema.nullish(),
  limit: Limit.nullish(),
  offset: Offset.nullish(),
  sort_by: z.enum(["thread_id", "status", "created_at", "updated_at", "state_updated_at"]).nullish(),
  sort_order: SortOrder.nullish(),
  select: z.array(z.string()).nullish(),
});
export type ThreadSearchInput = z.output<typeof ThreadSearchBody>;

export const HistoryBody = z.object({
  limit: Limit.nullish(),
  /** A checkpoint id, a config `{configurable:{checkpoint_id}}` (SDK type) or a checkpoint `{checkpoint_id}`. */
  before: z
    .union([
      z.string(),
      z.object({ configurable: z.object({ checkpoint_id: z.string() }) }),
      z.object({ checkpoint_id: z.string() }).loose(),
    ])
    .nullish(),
  metadata: Metadata.nullish(),
  checkpoint: CheckpointRef.nullish(),
});

export const StateUpdateBody = z.object({
  values: ChannelValues,
  as_node: z.string().min(1).nullish(),
  checkpoint_id: z.string().nullish(),
  checkpoint: CheckpointRef.nullish(),
});

export const StateAtCheckpointBody = z.object({
  checkpoint: CheckpointRef,
  subgraphs: z.boolean().nullish(),
});

export const AssistantSearchBody = z.object({
  graph_id: z.string().nullish(),
  name: z.string().nullish(),
  metadata: Metadata.nullish(),
  limit: Limit.nullish(),
  offset: Offset.nullish(),
  sort_by: z.string().nullish(),
  sort_order: SortOrder.nullish(),
  select: z.array(z.string()).nullish(),
});

export const STREAM_MODES = [
  "values",
  "updates",
  "messages",
  "messages-tuple",
  "custom",
  "events",
  "debug",
  "tasks",
  "checkpoints",
  "tools",
] as const;
export const StreamModeSchema = z.enum(STREAM_MODES);
export type StreamMode = z.output<typeof StreamModeSchema>;

const SendSchema = z.object({ node: z.string().min(1), input: ChannelValues.optional() });

type ChannelWrites = [string, unknown][];

/** Messages in `[[channel, value], …]` writes: every `messages` write counts. */
function messagesInTuples(writes: ChannelWrites): number {
  return writes.reduce((n, [channel, value]) => n + (channel === "messages" ? messageCount(value) : 0), 0);
}

/** Where too many tuple-written messages are reported: the first write to `messages`. */
function firstMessagesWrite(writes: ChannelWrites): PropertyKey[] {
  const first = writes.findIndex(([channel]) => channel === "messages");
  return [Math.max(first, 0)];
}

/** `command.update`: `{channel: value}` or `[[channel, value], …]`; its messages are bounded like a run's input. */
const CommandUpdate = z
  .union([
    z.record(z.string(), z.unknown()).superRefine(capMessages(messagesInValues, () => ["messages"], "request")),
    z
      .array(z.tuple([z.string(), z.unknown()]))
      .superRefine(capMessages(messagesInTuples, firstMessagesWrite, "request")),
  ])
  .nullish();

export const RunCommand = z.object({
  resume: z.unknown().optional(),
  update: CommandUpdate,
  goto: z.union([z.string(), SendSchema, z.array(z.union([z.string(), SendSchema]))]).nullish(),
});
export type RunCommandInput = z.output<typeof RunCommand>;

const InterruptList = z.union([z.literal("*"), z.array(z.string())]);

export const RunCreateBody = z.object({
  assistant_id: z.string().min(1),
  input: RunInput.optional(),
  command: RunCommand.nullish(),
  config: z
    .object({
      configurable: z.record(z.string(), z.unknown()).nullish(),
      tags: z.array(z.string()).nullish(),
      recursion_limit: z.number().int().min(1).nullish(),
    })
    .nullish(),
  context: z.record(z.string(), z.unknown()).nullish(),
  metadata: Metadata.nullish(),
  stream_mode: z.union([StreamModeSchema, z.array(StreamModeSchema)]).nullish(),
  stream_subgraphs: z.boolean().nullish(),
  stream_resumable: z.boolean().nullish(),
  on_disconnect: z.enum(["cancel", "continue"]).nullish(),
  multitask_strategy: z.enum(["reject", "interrupt", "rollback", "enqueue"]).nullish(),
  if_not_exists: z.enum(["create", "reject"]).nullish(),
  checkpoint: CheckpointRef.nullish(),
  checkpoint_id: z.string().nullish(),
  interrupt_before: InterruptList.nullish(),
  interrupt_after: InterruptList.nullish(),
  durability: z.enum(["sync", "async", "exit"]).nullish(),
});
export type RunCreateInput = z.output<typeof RunCreateBody>;

const BoolParam = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v[v.length - 1] : v))
  .pipe(z.enum(["0", "1", "true", "false"]))
  .transform((v) => v === "1" || v === "true");

export const JoinStreamQuery = z.object({
  cancel_on_disconnect: BoolParam.optional(),
  stream_mode: z
    .union([StreamModeSchema, z.array(StreamModeSchema)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
});

export const CancelQuery = z.object({
  wait: BoolParam.optional(),
  action: z.enum(["interrupt", "rollback"]).optional(),
});

export const StateQuery = z.object({ subgraphs: BoolParam.optional() });
