/** POST /api/mcp/servers/{name}/test: connect in isolation (the saved entry, or the one in the body) and list tools. */
import { getFawnRuntime } from "@/lib/agent/runtime";
import { mcpServerRoutes } from "@/lib/server/mcp/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const { probe } = mcpServerRoutes(getFawnRuntime);
export { probe as POST, probe as OPTIONS };
