/** `/info`, `/ok` and the assistants endpoints (one assistant: the lead agent). */
import { isDeepStrictEqual } from "node:util";
import { ApiError, jsonResponse, parseJsonBody } from "../http";
import { isAssistantId } from "../assistant";
import type { Route, RouteRequest } from "../router";
import { AssistantSearchBody } from "../schemas";
import { pick } from "./threads";

async function info(): Promise<Response> {
  return jsonResponse({
    version: "fawn",
    langgraph_js_version: null,
    flags: { assistants: true, crons: false, langsmith: false, langsmith_tracing_replicas: false },
  });
}

async function ok(): Promise<Response> {
  return jsonResponse({ ok: true });
}

async function searchAssistants({ request, ctx }: RouteRequest): Promise<Response> {
  const body = await parseJsonBody(request, AssistantSearchBody, ctx.maxBodyBytes);
  const { assistant } = await ctx.resolve();
  const matches =
    (!body.graph_id || body.graph_id === assistant.graph_id) &&
    (!body.name || assistant.name.toLowerCase().includes(body.name.toLowerCase())) &&
    Object.entries(body.metadata ?? {}).every(([k, v]) => isDeepStrictEqual(assistant.metadata[k], v));
  const list = matches ? [assistant] : [];
  const offset = body.offset ?? 0;
  const limit = body.limit ?? 10;
  return jsonResponse(list.slice(offset, offset + limit).map((a) => pick(a, body.select)));
}

async function getAssistant({ params, ctx }: RouteRequest): Promise<Response> {
  const { assistant } = await ctx.resolve();
  if (!isAssistantId(params.assistant_id, assistant)) {
    throw new ApiError(
      404,
      "not_found",
      `Assistant '${params.assistant_id}' not found (this server has one: '${assistant.graph_id}', id ${assistant.assistant_id})`,
    );
  }
  return jsonResponse(assistant);
}

export const metaRoutes: Route[] = [
  { method: "GET", pattern: "/info", handler: info },
  { method: "GET", pattern: "/ok", handler: ok },
  { method: "POST", pattern: "/assistants/search", handler: searchAssistants },
  { method: "GET", pattern: "/assistants/:assistant_id", handler: getAssistant },
];
