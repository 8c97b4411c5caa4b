import { getAgentRuntime } from "@/lib/agent/runtime";
import { apiRoute } from "@/lib/api/handler";
import { jsonResponse } from "@/lib/server/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** MCP server statuses with their errors (never env or header values). */
export const GET = apiRoute(async () => {
  const rt = await getAgentRuntime();
  return jsonResponse({ servers: rt.mcpServers, error: rt.error });
});
export const OPTIONS = GET;
