/** POST /api/mcp/oauth/{name}/signout: revoke and delete this server's OAuth tokens. */
import { getFawnRuntime } from "@/lib/agent/runtime";
import { mcpServerRoutes } from "@/lib/server/mcp/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const { oauthSignOut } = mcpServerRoutes(getFawnRuntime);
export { oauthSignOut as POST, oauthSignOut as OPTIONS };
