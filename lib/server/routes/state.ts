/** Thread state and history: read the checkpoints through the graph, update them as a node. */
import { ApiError, describeZodError, jsonResponse, parseJsonBody, parseWith, queryObject } from "../http";
import type { Route, RouteRequest } from "../router";
import { HistoryBody, StateAtCheckpointBody, StateQuery, StateUpdateBody } from "../schemas";
import { checkpointConfigurable, configToCheckpoint, interruptsByTask, snapshotToThreadState } from "../state";
import { toPlain } from "../serialize";
import type { RunnableConfigLike } from "../types";
import { requireThread, threadIdParam } from "./threads";

async function readState(
  { params, url, ctx }: RouteRequest,
  configurable?: Record<string, unknown>,
): Promise<Response> {
  const threadId = threadIdParam(params);
  const query = parseWith(StateQuery, queryObject(url), "query");
  const resolved = await ctx.resolve();
  const { runtime } = resolved;
  await requireThread(resolved, threadId);
  const snapshot = await runtime.graph.getState(
    { configurable: { ...configurable, thread_id: threadId } },
    query.subgraphs ? { subgraphs: true } : undefined,
  );
  return jsonResponse(snapshotToThreadState(snapshot));
}

async function getState(req: RouteRequest): Promise<Response> {
  return readState(req);
}

async function getStateAt(req: RouteRequest): Promise<Response> {
  return readState(req, { checkpoint_id: req.params.checkpoint_id });
}

async function postStateAt(req: RouteRequest): Promise<Response> {
  const body = await parseJsonBody(req.request, StateAtCheckpointBody, req.ctx.maxBodyBytes);
  const threadId = threadIdParam(req.params);
  const resolved = await req.ctx.resolve();
  const { runtime } = resolved;
  await requireThread(resolved, threadId);
  const snapshot = await runtime.graph.getState(
    { configurable: checkpointConfigurable(threadId, body.checkpoint) },
    body.subgraphs ? { subgraphs: true } : undefined,
  );
  return jsonResponse(snapshotToThreadState(snapshot));
}

async function updateState({ request, params, ctx }: RouteRequest): Promise<Response> {
  const threadId = threadIdParam(params);
  const body = await parseJsonBody(request, StateUpdateBody, ctx.maxBodyBytes);
  const resolved = await ctx.resolve();
  const { store, runtime, runs } = resolved;
  await requireThread(resolved, threadId);
  const active = await runs.activeAnywhere(threadId);
  if (active) {
    throw new ApiError(
      409,
      "conflict",
      `Thread ${threadId} is busy (run ${active.run_id}); update its state after the run ends`,
    );
  }
  const checked = runtime.stateUpdateSchema?.safeParse(body.values);
  if (checked && !checked.success)
    throw new ApiError(400, "invalid_body", describeZodError(checked.error, "body.values"));
  const config = { configurable: checkpointConfigurable(threadId, body.checkpoint, body.checkpoint_id) };
  let result: RunnableConfigLike;
  try {
    result = await runtime.graph.updateState(config, body.values, body.as_node ?? undefined);
  } catch (err) {
    // LangGraph rejects unknown nodes / ambiguous updates with InvalidUpdateError: the client's fault.
    if (err instanceof Error && err.name === "InvalidUpdateError") {
      throw new ApiError(400, "invalid_body", `body.values: ${err.message}`);
    }
    throw err;
  }
  const snapshot = await runtime.graph.getState({ configurable: { thread_id: threadId } });
  await store.update(threadId, {
    values: toPlain<Record<string, unknown>>(snapshot.values ?? {}),
    interrupts: interruptsByTask(snapshot),
    status: snapshot.next.length > 0 ? "interrupted" : "idle",
    stateChanged: true,
  });
  const checkpoint = configToCheckpoint({ configurable: { thread_id: threadId, ...result.configurable } });
  // The LangGraph servers answer `{checkpoint}`; the SDK's typings promise `{configurable}`: send both.
  return jsonResponse({ checkpoint, configurable: checkpoint });
}

function beforeCheckpointId(before: unknown): string | undefined {
  if (typeof before === "string") return before;
  if (!before || typeof before !== "object") return undefined;
  const b = before as { configurable?: { checkpoint_id?: string }; checkpoint_id?: string };
  return b.configurable?.checkpoint_id ?? b.checkpoint_id;
}

/**
 * The most bytes of JSON one history response holds. Snapshots are added newest first until the next would
 * pass it; the client pages on with `before` set to the last checkpoint it got, as LangGraph's history API
 * does. A single snapshot larger than the budget is still sent, alone and whole (cutting it would hand the
 * client a state that never existed), so every checkpoint stays reachable.
 */
export const MAX_HISTORY_BYTES = 8 * 1024 * 1024;

async function history({ request, params, ctx }: RouteRequest): Promise<Response> {
  const threadId = threadIdParam(params);
  const body = await parseJsonBody(request, HistoryBody, ctx.maxBodyBytes);
  const resolved = await ctx.resolve();
  const { runtime } = resolved;
  await requireThread(resolved, threadId);
  const beforeId = beforeCheckpointId(body.before);
  const before: RunnableConfigLike | undefined = beforeId ? { configurable: { checkpoint_id: beforeId } } : undefined;
  const limit = body.limit ?? 10;
  // Each snapshot is serialised once, as it will be sent, and counted; the answer is those strings joined.
  const parts: string[] = [];
  let bytes = 2;
  let more = false;
  for await (const snapshot of runtime.graph.getStateHistory(
    { configurable: checkpointConfigurable(threadId, body.checkpoint) },
    { limit, ...(before ? { before } : {}), ...(body.metadata ? { filter: body.metadata } : {}) },
  )) {
    const json = JSON.stringify(snapshotToThreadState(snapshot));
    const size = Buffer.byteLength(json) + (parts.length > 0 ? 1 : 0);
    if (parts.length > 0 && bytes + size > ctx.maxHistoryBytes) {
      more = true;
      break;
    }
    parts.push(json);
    bytes += size;
    if (parts.length >= limit) break;
  }
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  // Says the answer stopped at the byte budget, not at `limit` or the thread's first checkpoint.
  if (more) headers["x-fawn-history-truncated"] = "bytes";
  return new Response(`[${parts.join(",")}]`, { status: 200, headers });
}

export const stateRoutes: Route[] = [
  { method: "GET", pattern: "/threads/:thread_id/state", handler: getState },
  { method: "POST", pattern: "/threads/:thread_id/state", handler: updateState },
  { method: "POST", pattern: "/threads/:thread_id/state/checkpoint", handler: postStateAt },
  { method: "GET", pattern: "/threads/:thread_id/state/:checkpoint_id", handler: getStateAt },
  { method: "POST", pattern: "/threads/:thread_id/history", handler: history },
];
