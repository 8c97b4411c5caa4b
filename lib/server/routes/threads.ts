/** Thread CRUD and search: `POST /threads`, `GET|PATCH|DELETE /threads/:id`, `POST /threads/search`. */
import { v7 as uuid7 } from "@langchain/core/utils/uuid";
import { ApiError, emptyResponse, jsonResponse, parseJsonBody, parseWith } from "../http";
import type { ApiContext, ResolvedRuntime, Route, RouteRequest } from "../router";
import { ThreadIdSchema } from "@/lib/contracts/thread-id";
import { removeThreadFolder } from "@/lib/sandbox/thread-folder";
import { ThreadCreateBody, ThreadPatchBody, ThreadSearchBody } from "../schemas";
import { toPlain } from "../serialize";
import { configToCheckpoint, interruptsByTask } from "../state";
import type { Thread } from "../types";

/** The thread as clients see it: `busy` only while this process runs it (a crashed run leaves no busy thread). */
export function presentThread(thread: Thread, ctx: ApiContext): Thread {
  const active = ctx.runs.activeRun(thread.thread_id);
  if (active) return { ...thread, status: "busy" };
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

/**
 * The thread record. A thread with checkpoints but no record (started by the `fawn` CLI on the same
 * SQLite file) is adopted, so it can be opened, continued and listed like any other.
 */
export async function findThread(r: ResolvedRuntime, threadId: string): Promise<Thread | undefined> {
  const existing = r.store.get(threadId);
  if (existing) return existing;
  const snapshot = await r.runtime.graph.getState({ configurable: { thread_id: threadId } });
  if (!configToCheckpoint(snapshot.config)) return undefined;
  try {
    r.store.create(threadId, { graph_id: r.assistant.graph_id, assistant_id: r.assistant.assistant_id });
  } catch {
    // Adopted concurrently by another request.
  }
  return r.store.update(threadId, {
    values: toPlain<Record<string, unknown>>(snapshot.values ?? {}),
    interrupts: interruptsByTask(snapshot),
    status: snapshot.next.length > 0 ? "interrupted" : "idle",
    stateChanged: true,
  });
}

/** The thread or a 404 naming it. */
export async function requireThread(r: ResolvedRuntime, threadId: string): Promise<Thread> {
  const thread = await findThread(r, threadId);
  if (!thread) throw new ApiError(404, "not_found", `Thread ${threadId} not found`);
  return thread;
}

async function createThread({ request, ctx }: RouteRequest): Promise<Response> {
  const body = await parseJsonBody(request, ThreadCreateBody, ctx.maxBodyBytes);
  if (body.supersteps && body.supersteps.length > 0) {
    throw new ApiError(400, "invalid_body", "body.supersteps: not supported by Fawn; create the thread, then run it");
  }
  const { store } = await ctx.resolve();
  const threadId = body.thread_id ?? uuid7();
  const existing = store.get(threadId);
  if (existing) {
    if (body.if_exists === "do_nothing") return jsonResponse(presentThread(existing, ctx));
    throw new ApiError(409, "conflict", `Thread ${threadId} already exists (send if_exists "do_nothing" to reuse it)`);
  }
  const thread = store.create(threadId, body.metadata ?? {});
  ctx.logger("info", "thread.create", { thread_id: threadId });
  return jsonResponse(presentThread(thread, ctx));
}

async function getThread({ params, ctx }: RouteRequest): Promise<Response> {
  const threadId = threadIdParam(params);
  return jsonResponse(presentThread(await requireThread(await ctx.resolve(), threadId), ctx));
}

async function patchThread({ request, params, ctx }: RouteRequest): Promise<Response> {
  const threadId = threadIdParam(params);
  const body = await parseJsonBody(request, ThreadPatchBody, ctx.maxBodyBytes);
  const resolved = await ctx.resolve();
  const { store } = resolved;
  await requireThread(resolved, threadId);
  const updated = store.update(threadId, { metadata: body.metadata ?? {} });
  if (!updated) throw new ApiError(404, "not_found", `Thread ${threadId} not found`);
  return jsonResponse(presentThread(updated, ctx));
}

async function deleteThread({ params, ctx }: RouteRequest): Promise<Response> {
  const threadId = threadIdParam(params);
  const resolved = await ctx.resolve();
  const { store, runtime } = resolved;
  await requireThread(resolved, threadId);
  // A run still writing checkpoints would recreate what we delete: stop it first.
  await ctx.runs.cancelThread(threadId);
  // Then its files, so a new thread given the same id starts empty (commands still running there are killed first).
  if (runtime.toolContext) await removeThreadFolder(runtime.toolContext.sandbox.root, threadId);
  const saver = runtime.graph.checkpointer as { deleteThread?: (id: string) => Promise<void> } | undefined;
  if (saver && typeof saver.deleteThread === "function") await saver.deleteThread(threadId);
  store.delete(threadId);
  ctx.runs.forgetThread(threadId);
  ctx.logger("info", "thread.delete", { thread_id: threadId });
  return emptyResponse(204);
}

async function searchThreads({ request, ctx }: RouteRequest): Promise<Response> {
  const body = await parseJsonBody(request, ThreadSearchBody, ctx.maxBodyBytes);
  const { store } = await ctx.resolve();
  const threads = store.search(body).map((t) => pick(presentThread(t, ctx), body.select));
  return jsonResponse(threads);
}

export const threadRoutes: Route[] = [
  { method: "POST", pattern: "/threads", handler: createThread },
  { method: "POST", pattern: "/threads/search", handler: searchThreads },
  { method: "GET", pattern: "/threads/:thread_id", handler: getThread },
  { method: "PATCH", pattern: "/threads/:thread_id", handler: patchThread },
  { method: "DELETE", pattern: "/threads/:thread_id", handler: deleteThread },
];
