import { z } from "zod";
import { getAgentRuntime } from "@/lib/agent/runtime";
import { apiRoute } from "@/lib/api/handler";
import { toolsResponse } from "@/lib/api/tools";
import { jsonResponse, parseWith } from "@/lib/server/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const Query = z.object({
  thread_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, "must be a thread id")
    .optional(),
});

export const GET = apiRoute(async (_req, url) => {
  const q = parseWith(Query, Object.fromEntries(url.searchParams), "query");
  return jsonResponse(await toolsResponse(await getAgentRuntime(), q.thread_id ?? null));
});
export const OPTIONS = GET;
