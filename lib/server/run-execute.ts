/**
 * Executing one run: `graph.stream()` with the client's input or command, each chunk mapped to an SSE event
 * in the run's log, then the thread record settled from the final checkpoint (status, values, interrupts).
 */
import { Command, Send } from "@langchain/langgraph";
import { publicError } from "./errors";
import type { RunRecord } from "./run-record";
import type { RunCommandInput, RunCreateInput } from "./schemas";
import { checkpointConfigurable, configToCheckpoint, interruptsByTask } from "./state";
import { toPlain } from "./serialize";
import {
  ensureMessageId,
  fallbackMessageId,
  graphStreamModes,
  mapChunk,
  normalizeStreamModes,
  unsupportedModes,
} from "./stream-map";
import type { ThreadRecords } from "./thread-records";
import type { CompiledGraphLike, Logger, ThreadStatus } from "./types";

export interface ExecuteContext {
  graph: CompiledGraphLike;
  store: ThreadRecords;
  body: RunCreateInput;
  graphId: string;
  logger: Logger;
  now: () => Date;
  /** Release the thread (its lock, here and in the run book). Never rejects. */
  release: () => Promise<void>;
}

export function toCommand(command: RunCommandInput): Command {
  const goto = command.goto == null ? undefined : Array.isArray(command.goto) ? command.goto : [command.goto];
  return new Command({
    ...("resume" in command ? { resume: command.resume } : {}),
    ...(command.update != null ? { update: command.update } : {}),
    ...(goto ? { goto: goto.map((g) => (typeof g === "string" ? g : new Send(g.node, g.input))) } : {}),
  });
}

/** The client's `configurable` minus anything that could hijack the thread or LangGraph internals. */
function clientConfigurable(raw: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (k.startsWith("__") || k === "thread_id" || k.startsWith("checkpoint_")) continue;
    out[k] = v;
  }
  return out;
}

function streamOptions(run: RunRecord, ctx: ExecuteContext): Record<string, unknown> {
  const { body } = ctx;
  const requested = normalizeStreamModes(body.stream_mode);
  const options: Record<string, unknown> = {
    configurable: {
      ...clientConfigurable(body.config?.configurable),
      ...checkpointConfigurable(run.thread_id, body.checkpoint, body.checkpoint_id),
    },
    streamMode: graphStreamModes(requested),
    subgraphs: body.stream_subgraphs ?? false,
    signal: run.controller.signal,
    metadata: {
      ...(body.metadata ?? {}),
      run_id: run.run_id,
      thread_id: run.thread_id,
      assistant_id: run.assistant_id,
      graph_id: ctx.graphId,
    },
  };
  if (body.context) options.context = body.context;
  if (body.config?.tags) options.tags = body.config.tags;
  if (body.config?.recursion_limit) options.recursionLimit = body.config.recursion_limit;
  if (body.interrupt_before) options.interruptBefore = body.interrupt_before;
  if (body.interrupt_after) options.interruptAfter = body.interrupt_after;
  if (body.durability) options.durability = body.durability;
  return options;
}

/** Restore the thread head to what it was before the run (multitask/cancel `rollback`). */
async function rollback(ctx: ExecuteContext, threadId: string, preRun: ReturnType<typeof configToCheckpoint>) {
  if (preRun) {
    await ctx.graph.updateState({ configurable: { ...preRun } }, undefined, "__copy__");
    return;
  }
  const saver = ctx.graph.checkpointer as { deleteThread?: (id: string) => Promise<void> } | undefined;
  if (saver && typeof saver.deleteThread === "function") await saver.deleteThread(threadId);
}

/** Run to completion. Never rejects: failures become an SSE `error` event and an `error` thread status. */
export async function executeRun(run: RunRecord, ctx: ExecuteContext): Promise<void> {
  const { graph, body, logger } = ctx;
  const threadConfig = { configurable: { thread_id: run.thread_id } };
  const requested = normalizeStreamModes(body.stream_mode);
  const subgraphs = body.stream_subgraphs ?? false;
  const started = Date.now();
  let failure: unknown = null;
  let preRun: ReturnType<typeof configToCheckpoint> = null;

  run.append("metadata", { run_id: run.run_id, attempt: 1 });
  run.setStatus("running", ctx.now());
  logger("info", "run.start", { run_id: run.run_id, thread_id: run.thread_id, stream_mode: requested });
  const ignored = unsupportedModes(requested);
  if (ignored.length) logger("warn", "run.stream_mode_ignored", { run_id: run.run_id, modes: ignored });

  try {
    preRun = configToCheckpoint((await graph.getState(threadConfig)).config);
    // Cancelled while we were reading the head: do not start the graph at all.
    run.controller.signal.throwIfAborted();
    const input = body.command != null ? toCommand(body.command) : (body.input ?? null);
    const stream = await graph.stream(input, streamOptions(run, ctx));
    for await (const chunk of stream) {
      const mapped = mapChunk(chunk, requested, subgraphs);
      if (!mapped) continue;
      if (mapped.event.startsWith("messages")) ensureMessageId(mapped.data, fallbackMessageId(run.run_id, mapped.data));
      run.append(mapped.event, mapped.data);
    }
  } catch (err) {
    if (run.controller.signal.aborted) {
      // Cancelled by us (cancel, disconnect, multitask): no error event; the thread keeps its last completed step.
      // An AbortError we did not cause (a provider timeout, say) is a real failure and falls through.
    } else {
      failure = err;
      run.append("error", publicError(err));
      logger("error", "run.error", {
        run_id: run.run_id,
        thread_id: run.thread_id,
        ...publicError(err),
        stack: err instanceof Error ? err.stack : undefined,
      });
    }
  } finally {
    await settle(run, ctx, failure, preRun);
    // Released before `end`: a client that reads `end` and sends the next message finds the thread free.
    await ctx.release();
    run.append("end");
    run.finish();
    logger("info", "run.end", {
      run_id: run.run_id,
      thread_id: run.thread_id,
      status: run.status,
      ms: Date.now() - started,
    });
  }
}

/** Record the run's outcome on the run and the thread. Never throws. */
async function settle(
  run: RunRecord,
  ctx: ExecuteContext,
  failure: unknown,
  preRun: ReturnType<typeof configToCheckpoint>,
): Promise<void> {
  const cancelled = run.controller.signal.aborted && failure === null;
  run.setStatus(failure !== null ? "error" : cancelled ? "interrupted" : "success", ctx.now());
  try {
    if (cancelled && run.cancelAction === "rollback") await rollback(ctx, run.thread_id, preRun);
    const snapshot = await ctx.graph.getState({ configurable: { thread_id: run.thread_id } });
    const status: ThreadStatus = failure !== null ? "error" : snapshot.next.length > 0 ? "interrupted" : "idle";
    await ctx.store.update(run.thread_id, {
      status,
      values: toPlain<Record<string, unknown>>(snapshot.values ?? {}),
      interrupts: interruptsByTask(snapshot),
      stateChanged: true,
    });
  } catch (err) {
    ctx.logger("error", "run.settle_failed", { run_id: run.run_id, thread_id: run.thread_id, ...publicError(err) });
    try {
      await ctx.store.update(run.thread_id, { status: failure !== null ? "error" : "idle" });
    } catch {
      // The thread may have been deleted meanwhile.
    }
  }
}
