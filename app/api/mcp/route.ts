import { getAgentRuntime } from "@/lib/agent/runtime";
import type { McpStatusResponse } from "@/lib/contracts/mcp";
import { edgeRoute } from "@/lib/server/edge";
import { jsonResponse } from "@/lib/server/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** MCP server statuses with their errors (never env or header values). */
export const GET = edgeRoute(async () => {
  const rt = await getAgentRuntime();
  const body: McpStatusResponse = { servers: rt.mcpServers, error: rt.error };
  return jsonResponse(body);
});
export const OPTIONS = GET;
