/**
 * Runs: create-and-stream, background create, get, list, cancel, join (JSON) and join-stream (SSE replay).
 * The SSE response of a run is only a reader of the run's event log; the run itself is detached.
 */
import { ApiError, emptyResponse, jsonResponse, parseJsonBody, parseWith, queryObject } from "../http";
import { prepareRunBody } from "../run-command";
import type { RunHandle } from "../run-book";
import type { RunRecord } from "../run-record";
import type { RouteRequest, Route } from "../router";
import type { RunManager } from "../runs";
import { CancelQuery, JoinStreamQuery, RunCreateBody, type RunCreateInput, type StreamMode } from "../schemas";
import { SSE_HEADERS, parseLastEventId, readEventLog, type SseEvent } from "../sse";
import { isAssistantId } from "../assistant";
import { findThread, requireThread, threadIdParam } from "./threads";

function runPath(run: RunHandle): string {
  return `/threads/${encodeURIComponent(run.thread_id)}/runs/${encodeURIComponent(run.run_id)}`;
}

function sseResponse(run: RunHandle, stream: ReadableStream<Uint8Array>): Response {
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
function onClientGone(request: Request, run: RunHandle, onGone: () => void): void {
  if (request.signal.aborted) {
    onGone();
    return;
  }
  request.signal.addEventListener("abort", () => {
    if (!run.done) onGone();
  });
}

async function createRun(req: RouteRequest): Promise<{ run: RunRecord; body: RunCreateInput; runs: RunManager }> {
  const { request, params, ctx } = req;
  const threadId = threadIdParam(params);
  const body = await parseJsonBody(request, RunCreateBody, ctx.maxBodyBytes);
  const resolved = await ctx.resolve();
  const { store, runtime, assistant, runs } = resolved;
  if (!isAssistantId(body.assistant_id, assistant)) {
    throw new ApiError(
      404,
      "not_found",
      `Assistant '${body.assistant_id}' not found (this server has one: '${assistant.graph_id}', id ${assistant.assistant_id})`,
    );
  }
  if (!(await findThread(resolved, threadId))) {
    if (body.if_not_exists !== "create") throw new ApiError(404, "not_found", `Thread ${threadId} not found`);
    await store.create(threadId, {});
  }
  // A thread busy with a run (here or in another instance) is refused below (409) before its state could matter.
  const busy =
    ["reject", "enqueue"].includes(body.multitask_strategy ?? "reject") && (await runs.activeAnywhere(threadId));
  const prepared = busy ? body : await prepareRunBody(runtime.graph, threadId, body);
  const run = await runs.start({
    threadId,
    graph: runtime.graph,
    store,
    graphId: assistant.graph_id,
    assistantId: assistant.assistant_id,
    body: prepared,
  });
  return { run, body: prepared, runs };
}

async function streamRun(req: RouteRequest): Promise<Response> {
  const { run, body, runs } = await createRun(req);
  // LangGraph's default: a stream's run ends with its client unless the client asked to continue.
  const cancelOnDisconnect = body.on_disconnect !== "continue";
  const stop = () => {
    if (cancelOnDisconnect) runs.cancel(run, "interrupt");
  };
  onClientGone(req.request, run, stop);
  const stream = readEventLog(run, { afterId: -1, heartbeatMs: req.ctx.heartbeatMs, onDisconnect: stop });
  return sseResponse(run, stream);
}

async function backgroundRun(req: RouteRequest): Promise<Response> {
  const { run } = await createRun(req);
  return jsonResponse(run.toRun(), 200, { "Content-Location": runPath(run) });
}

/** The run wherever it executes or executed (this process, another instance, the shared store), and its manager. */
async function requireRun({ params, ctx }: RouteRequest): Promise<{ run: RunHandle; runs: RunManager }> {
  const threadId = threadIdParam(params);
  const resolved = await ctx.resolve();
  await requireThread(resolved, threadId);
  const run = await resolved.runs.find(threadId, params.run_id);
  if (!run) throw new ApiError(404, "not_found", `Run ${params.run_id} not found on thread ${threadId}`);
  return { run, runs: resolved.runs };
}

async function getRun(req: RouteRequest): Promise<Response> {
  return jsonResponse((await requireRun(req)).run.toRun());
}

async function listRuns(req: RouteRequest): Promise<Response> {
  const threadId = threadIdParam(req.params);
  const resolved = await req.ctx.resolve();
  await requireThread(resolved, threadId);
  const q = queryObject(req.url);
  const limit = Math.min(Math.max(Number(q.limit ?? 10) || 10, 1), 1000);
  const offset = Math.max(Number(q.offset ?? 0) || 0, 0);
  const runs = await resolved.runs.listAll(threadId);
  return jsonResponse(runs.slice(offset, offset + limit));
}

async function cancelRun(req: RouteRequest): Promise<Response> {
  const { run, runs } = await requireRun(req);
  const query = parseWith(CancelQuery, queryObject(req.url), "query");
  await runs.requestCancel(run, query.action ?? "interrupt");
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
  const { run, runs } = await requireRun(req);
  const query = parseWith(JoinStreamQuery, queryObject(req.url), "query");
  const afterId = parseLastEventId(req.request.headers.get("last-event-id"));
  // A GET has no Origin check (request-source.ts): an <img> on another site could join with cancel_on_disconnect
  // and drop at once, stopping the run. Browsers mark such a request cross-site; it may join, not cancel.
  const cancels = query.cancel_on_disconnect && req.request.headers.get("sec-fetch-site") !== "cross-site";
  const stop = () => {
    if (cancels)
      runs.requestCancel(run, "interrupt").catch((err: unknown) => {
        req.ctx.logger("warn", "run.cancel_failed", { run_id: run.run_id, reason: String(err) });
      });
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
  const { run } = await requireRun(req);
  await run.finished;
  const { store } = await req.ctx.resolve();
  const thread = await store.get(run.thread_id);
  return jsonResponse(thread ? thread.values : {});
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
