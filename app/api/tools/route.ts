import { z } from "zod";
import { getAgentRuntime } from "@/lib/agent/runtime";
import { toolsResponse } from "@/lib/agent/tools-response";
import { ThreadIdSchema } from "@/lib/contracts/thread-id";
import { edgeRoute } from "@/lib/server/edge";
import { jsonResponse, parseWith } from "@/lib/server/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const Query = z.object({ thread_id: ThreadIdSchema.optional() });

/** The tool inventory with token costs, for the thread when one is named. */
export const GET = edgeRoute(async (_req, url) => {
  const q = parseWith(Query, Object.fromEntries(url.searchParams), "query");
  return jsonResponse(await toolsResponse(await getAgentRuntime(), q.thread_id ?? null));
});
export const OPTIONS = GET;
