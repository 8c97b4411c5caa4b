/** POST /api/mcp/oauth/{name}/start: where to send the browser to sign in to this server. */
import { getFawnRuntime } from "@/lib/agent/runtime";
import { mcpServerRoutes } from "@/lib/server/mcp/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const { oauthStart } = mcpServerRoutes(getFawnRuntime);
export { oauthStart as POST, oauthStart as OPTIONS };
