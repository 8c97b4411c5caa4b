import { z } from "zod";
import { ThreadIdSchema } from "@/lib/contracts/thread-id";
import { getAgentRuntime } from "@/lib/agent/runtime";
import { apiRoute } from "@/lib/api/handler";
import { toolsResponse } from "@/lib/api/tools";
import { jsonResponse, parseWith } from "@/lib/server/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const Query = z.object({ thread_id: ThreadIdSchema.optional() });

export const GET = apiRoute(async (_req, url) => {
  const q = parseWith(Query, Object.fromEntries(url.searchParams), "query");
  return jsonResponse(await toolsResponse(await getAgentRuntime(), q.thread_id ?? null));
});
export const OPTIONS = GET;
