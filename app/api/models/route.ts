import { getAgentRuntime } from "@/lib/agent/runtime";
import type { ModelsResponse } from "@/lib/contracts/models";
import { listModels } from "@/lib/models/factory";
import { edgeRoute } from "@/lib/server/edge";
import { jsonResponse } from "@/lib/server/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Configured models (never keys). */
export const GET = edgeRoute(async () => {
  const rt = await getAgentRuntime();
  const body: ModelsResponse = { models: listModels(rt.config.app) };
  return jsonResponse(body);
});
export const OPTIONS = GET;
