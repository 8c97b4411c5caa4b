/** Thread CRUD and search: `POST /threads`, `GET|PATCH|DELETE /threads/:id`, `POST /threads/search`. */
import { v7 as uuid7 } from "@langchain/core/utils/uuid";
import { ApiError, emptyResponse, jsonResponse, parseJsonBody, parseWith } from "../http";
import type { ResolvedRuntime, Route, RouteRequest } from "../router";
import type { RunManager } from "../runs";
import { ThreadIdSchema } from "@/lib/contracts/thread-id";
import { removeThreadFolder } from "@/lib/sandbox/thread-folder";
import { ThreadCreateBody, ThreadPatchBody, ThreadSearchBody } from "../schemas";
import { toPlain } from "../serialize";
import { configToCheckpoint, interruptsByTask } from "../state";
import type { Thread } from "../types";

/**
 * The threads as clients see them: `busy` only while a run is in progress, in this process or in another
 * instance sharing the store (a crashed run leaves no busy thread).
 */
export async function presentThreads(threads: Thread[], runs: RunManager): Promise<Thread[]> {
  const busy = threads.length > 0 ? await runs.busyThreads(threads.map((t) => t.thread_id)) : new Set<string>();
  return threads.map((t) => presented(t, busy.has(t.thread_id)));
}

/** presentThreads for one thread; `busy` when the caller has already asked whether a run is in progress. */
export async function presentThread(thread: Thread, runs: RunManager, busy?: boolean): Promise<Thread> {
  if (busy === undefined) return (await presentThreads([thread], runs))[0];
  return presented(thread, busy);
}

function presented(thread: Thread, busy: boolean): Thread {
  if (busy) return { ...thread, status: "busy" };
  if (thread.status === "busy") return { ...thread, status: "idle" };
  return thread;
}

export function pick<T extends object>(obj: T, keys: readonly string[] | null | undefined): Partial<T> | T {
  if (!keys || keys.length === 0) return obj;
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k in obj) out[k] = (obj as Record<string, unknown>)[k];
  return out as Partial<T>;
}

export function threadIdParam(params: Record<string, string>): string {
  return parseWith(ThreadIdSchema, params.thread_id, "path");
}

/** The record's status and values from the thread's newest checkpoint. */
async function fromCheckpoint(r: ResolvedRuntime, threadId: string): Promise<Thread | undefined> {
  const snapshot = await r.runtime.graph.getState({ configurable: { thread_id: threadId } });
  const interrupts = interruptsByTask(snapshot);
  return r.store.update(threadId, {
    values: toPlain<Record<string, unknown>>(snapshot.values ?? {}),
    interrupts,
    status: Object.keys(interrupts).length > 0 ? "interrupted" : "idle",
    stateChanged: true,
  });
}

/**
 * The thread record. A thread with checkpoints but no record (started by the `fawn` CLI on the same
 * SQLite file) is adopted, so it can be opened, continued and listed like any other. A record left `busy`
 * by a run that no process runs any more (its instance crashed) is settled from the newest checkpoint.
 */
export async function findThread(r: ResolvedRuntime, threadId: string): Promise<Thread | undefined> {
  return (await lookUpThread(r, threadId))?.thread;
}

/** The thread record, and whether a run is in progress on it when finding it meant asking (else undefined). */
interface FoundThread {
  thread: Thread;
  busy?: boolean;
}

async function lookUpThread(r: ResolvedRuntime, threadId: string): Promise<FoundThread | undefined> {
  const existing = await r.store.get(threadId);
  if (existing) {
    if (existing.status !== "busy") return { thread: existing };
    if ((await r.runs.busyThreads([threadId])).has(threadId)) return { thread: existing, busy: true };
    return { thread: (await fromCheckpoint(r, threadId)) ?? existing, busy: false };
  }
  const snapshot = await r.runtime.graph.getState({ configurable: { thread_id: threadId } });
  if (!configToCheckpoint(snapshot.config)) return undefined;
  try {
    await r.store.create(threadId, { graph_id: r.assistant.graph_id, assistant_id: r.assistant.assistant_id });
  } catch {
    // Adopted concurrently by another request.
  }
  const adopted = await r.store.update(threadId, {
    values: toPlain<Record<string, unknown>>(snapshot.values ?? {}),
    interrupts: interruptsByTask(snapshot),
    status: snapshot.next.length > 0 ? "interrupted" : "idle",
    stateChanged: true,
  });
  return adopted && { thread: adopted };
}

/** The thread or a 404 naming it. */
export async function requireThread(r: ResolvedRuntime, threadId: string): Promise<Thread> {
  return (await requireFound(r, threadId)).thread;
}

async function requireFound(r: ResolvedRuntime, threadId: string): Promise<FoundThread> {
  const found = await lookUpThread(r, threadId);
  if (!found) throw new ApiError(404, "not_found", `Thread ${threadId} not found`);
  return found;
}

async function createThread({ request, ctx }: RouteRequest): Promise<Response> {
  const body = await parseJsonBody(request, ThreadCreateBody, ctx.maxBodyBytes);
  if (body.supersteps && body.supersteps.length > 0) {
    throw new ApiError(400, "invalid_body", "body.supersteps: not supported by Fawn; create the thread, then run it");
  }
  const { store, runs } = await ctx.resolve();
  const threadId = body.thread_id ?? uuid7();
  const existing = await store.get(threadId);
  if (existing) {
    if (body.if_exists === "do_nothing") return jsonResponse(await presentThread(existing, runs));
    throw new ApiError(409, "conflict", `Thread ${threadId} already exists (send if_exists "do_nothing" to reuse it)`);
  }
  const thread = await store.create(threadId, body.metadata ?? {});
  ctx.logger("info", "thread.create", { thread_id: threadId });
  return jsonResponse(await presentThread(thread, runs));
}

async function getThread({ params, ctx }: RouteRequest): Promise<Response> {
  const threadId = threadIdParam(params);
  const resolved = await ctx.resolve();
  const { thread, busy } = await requireFound(resolved, threadId);
  return jsonResponse(await presentThread(thread, resolved.runs, busy));
}

async function patchThread({ request, params, ctx }: RouteRequest): Promise<Response> {
  const threadId = threadIdParam(params);
  const body = await parseJsonBody(request, ThreadPatchBody, ctx.maxBodyBytes);
  const resolved = await ctx.resolve();
  const { store, runs } = resolved;
  const { busy } = await requireFound(resolved, threadId);
  const updated = await store.update(threadId, { metadata: body.metadata ?? {} });
  if (!updated) throw new ApiError(404, "not_found", `Thread ${threadId} not found`);
  return jsonResponse(await presentThread(updated, runs, busy));
}

async function deleteThread({ params, ctx }: RouteRequest): Promise<Response> {
  const threadId = threadIdParam(params);
  const resolved = await ctx.resolve();
  const { store, runtime, runs } = resolved;
  await requireThread(resolved, threadId);
  // A run still writing checkpoints would recreate what we delete: stop it first (wherever it runs).
  await runs.cancelThread(threadId);
  // Then its files, so a new thread given the same id starts empty (commands still running there are killed first).
  if (runtime.toolContext) await removeThreadFolder(runtime.toolContext.sandbox.root, threadId);
  const saver = runtime.graph.checkpointer as { deleteThread?: (id: string) => Promise<void> } | undefined;
  if (saver && typeof saver.deleteThread === "function") await saver.deleteThread(threadId);
  await store.delete(threadId);
  await runs.forgetThread(threadId);
  ctx.logger("info", "thread.delete", { thread_id: threadId });
  return emptyResponse(204);
}

async function searchThreads({ request, ctx }: RouteRequest): Promise<Response> {
  const body = await parseJsonBody(request, ThreadSearchBody, ctx.maxBodyBytes);
  const { store, runs } = await ctx.resolve();
  const threads = await presentThreads(await store.search(body), runs);
  return jsonResponse(threads.map((t) => pick(t, body.select)));
}

export const threadRoutes: Route[] = [
  { method: "POST", pattern: "/threads", handler: createThread },
  { method: "POST", pattern: "/threads/search", handler: searchThreads },
  { method: "GET", pattern: "/threads/:thread_id", handler: getThread },
  { method: "PATCH", pattern: "/threads/:thread_id", handler: patchThread },
  { method: "DELETE", pattern: "/threads/:thread_id", handler: deleteThread },
];
