import { getAgentRuntime } from "@/lib/agent/runtime";
import { apiRoute } from "@/lib/api/handler";
import { listModels } from "@/lib/models/factory";
import { jsonResponse } from "@/lib/server/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Configured models (never keys). */
export const GET = apiRoute(async () => {
  const rt = await getAgentRuntime();
  return jsonResponse({ models: listModels(rt.config.app) });
});
export const OPTIONS = GET;
