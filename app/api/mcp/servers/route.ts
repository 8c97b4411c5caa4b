/** GET /api/mcp/servers: every configured server with status, tools, costs and sign-in; POST adds one. */
import { getFawnRuntime } from "@/lib/agent/runtime";
import { mcpServerRoutes } from "@/lib/server/mcp/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const { list, create } = mcpServerRoutes(getFawnRuntime);
export { list as GET, create as POST, list as OPTIONS };
