/**
 * Runs: create-and-stream, background create, get, list, cancel, join (JSON) and join-stream (SSE replay).
 * The SSE response of a run is only a reader of the run's event log; the run itself is detached.
 */
import { ApiError, emptyResponse, jsonResponse, parseJsonBody, parseWith, queryObject } from "../http";
import { prepareRunBody } from "../run-command";
import type { RunRecord } from "../run-record";
import type { RouteRequest, Route } from "../router";
import { CancelQuery, JoinStreamQuery, RunCreateBody, type RunCreateInput, type StreamMode } from "../schemas";
import { SSE_HEADERS, parseLastEventId, readEventLog, type SseEvent } from "../sse";
import { isAssistantId } from "../assistant";
import { findThread, presentThread, requireThread, threadIdParam } from "./threads";

function runPath(run: RunRecord): string {
  return `/threads/${encodeURIComponent(run.thread_id)}/runs/${encodeURIComponent(run.run_id)}`;
}

function sseResponse(run: RunRecord, stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    status: 200,
    headers: {
      ...SSE_HEADERS,
      // useStream learns the run id from Content-Location; Location lets the SDK reconnect after a network error.
      "Content-Location": runPath(run),
      Location: `${runPath(run)}/stream`,
    },
  });
}

/** Abort `onGone` when the client disconnects (Next.js aborts request.signal; the stream's cancel() also fires). */
function onClientGone(request: Request, run: RunRecord, onGone: () => void): void {
  if (request.signal.aborted) {
    onGone();
    return;
  }
  request.signal.addEventListener("abort", () => {
    if (!run.done) onGone();
  });
}

async function createRun(req: RouteRequest): Promise<{ run: RunRecord; body: RunCreateInput }> {
  const { request, params, ctx } = req;
  const threadId = threadIdParam(params);
  const body = await parseJsonBody(request, RunCreateBody, ctx.maxBodyBytes);
  const resolved = await ctx.resolve();
  const { store, runtime, assistant } = resolved;
  if (!isAssistantId(body.assistant_id, assistant)) {
    throw new ApiError(
      404,
      "not_found",
      `Assistant '${body.assistant_id}' not found (this server has one: '${assistant.graph_id}', id ${assistant.assistant_id})`,
    );
  }
  if (!(await findThread(resolved, threadId))) {
    if (body.if_not_exists !== "create") throw new ApiError(404, "not_found", `Thread ${threadId} not found`);
    store.create(threadId, {});
  }
  // A thread busy with a run is refused below (409) before its state could matter.
  const busy = ctx.runs.activeRun(threadId) && ["reject", "enqueue"].includes(body.multitask_strategy ?? "reject");
  const prepared = busy ? body : await prepareRunBody(runtime.graph, threadId, body);
  const run = await ctx.runs.start({
    threadId,
    graph: runtime.graph,
    store,
    graphId: assistant.graph_id,
    assistantId: assistant.assistant_id,
    body: prepared,
  });
  return { run, body: prepared };
}

async function streamRun(req: RouteRequest): Promise<Response> {
  const { run, body } = await createRun(req);
  // LangGraph's default: a stream's run ends with its client unless the client asked to continue.
  const cancelOnDisconnect = body.on_disconnect !== "continue";
  const stop = () => {
    if (cancelOnDisconnect) req.ctx.runs.cancel(run, "interrupt");
  };
  onClientGone(req.request, run, stop);
  const stream = readEventLog(run, { afterId: -1, heartbeatMs: req.ctx.heartbeatMs, onDisconnect: stop });
  return sseResponse(run, stream);
}

async function backgroundRun(req: RouteRequest): Promise<Response> {
  const { run } = await createRun(req);
  return jsonResponse(run.toRun(), 200, { "Content-Location": runPath(run) });
}

async function requireRun({ params, ctx }: RouteRequest): Promise<RunRecord> {
  const threadId = threadIdParam(params);
  await requireThread(await ctx.resolve(), threadId);
  const run = ctx.runs.get(threadId, params.run_id);
  if (!run) throw new ApiError(404, "not_found", `Run ${params.run_id} not found on thread ${threadId}`);
  return run;
}

async function getRun(req: RouteRequest): Promise<Response> {
  return jsonResponse((await requireRun(req)).toRun());
}

async function listRuns(req: RouteRequest): Promise<Response> {
  const threadId = threadIdParam(req.params);
  await requireThread(await req.ctx.resolve(), threadId);
  const q = queryObject(req.url);
  const limit = Math.min(Math.max(Number(q.limit ?? 10) || 10, 1), 1000);
  const offset = Math.max(Number(q.offset ?? 0) || 0, 0);
  const runs = req.ctx.runs.list(threadId).map((r) => r.toRun());
  return jsonResponse(runs.slice(offset, offset + limit));
}

async function cancelRun(req: RouteRequest): Promise<Response> {
  const run = await requireRun(req);
  const query = parseWith(CancelQuery, queryObject(req.url), "query");
  req.ctx.runs.cancel(run, query.action ?? "interrupt");
  if (query.wait) {
    await run.finished;
    return emptyResponse(204);
  }
  return emptyResponse(202);
}

/** Which logged events a join with `stream_mode` wants; control events always pass. */
function modeFilter(modes: StreamMode[] | undefined): ((e: SseEvent) => boolean) | undefined {
  if (!modes || modes.length === 0) return undefined;
  const wanted = new Set<string>(modes.map((m) => (m === "messages-tuple" ? "messages" : m)));
  return (e) => {
    const base = e.event.split("|")[0];
    return base === "metadata" || base === "error" || base === "end" || wanted.has(base);
  };
}

async function joinStream(req: RouteRequest): Promise<Response> {
  const run = await requireRun(req);
  const query = parseWith(JoinStreamQuery, queryObject(req.url), "query");
  const afterId = parseLastEventId(req.request.headers.get("last-event-id"));
  const stop = () => {
    if (query.cancel_on_disconnect) req.ctx.runs.cancel(run, "interrupt");
  };
  onClientGone(req.request, run, stop);
  const stream = readEventLog(run, {
    afterId,
    filter: modeFilter(query.stream_mode),
    heartbeatMs: req.ctx.heartbeatMs,
    onDisconnect: stop,
  });
  return sseResponse(run, stream);
}

/** `GET …/runs/:run_id/join`: wait for the run, answer with the thread's final values. */
async function joinRun(req: RouteRequest): Promise<Response> {
  const run = await requireRun(req);
  await run.finished;
  const { store } = await req.ctx.resolve();
  const thread = store.get(run.thread_id);
  return jsonResponse(thread ? presentThread(thread, req.ctx).values : {});
}

export const runRoutes: Route[] = [
  { method: "POST", pattern: "/threads/:thread_id/runs/stream", handler: streamRun },
  { method: "POST", pattern: "/threads/:thread_id/runs", handler: backgroundRun },
  { method: "GET", pattern: "/threads/:thread_id/runs", handler: listRuns },
  { method: "GET", pattern: "/threads/:thread_id/runs/:run_id", handler: getRun },
  { method: "POST", pattern: "/threads/:thread_id/runs/:run_id/cancel", handler: cancelRun },
  { method: "GET", pattern: "/threads/:thread_id/runs/:run_id/stream", handler: joinStream },
  { method: "GET", pattern: "/threads/:thread_id/runs/:run_id/join", handler: joinRun },
];
