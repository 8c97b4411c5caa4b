/** GET /api/mcp/oauth/callback: the authorization server's redirect; finishes the sign-in its `state` names. */
import { getFawnRuntime } from "@/lib/agent/runtime";
import { mcpServerRoutes } from "@/lib/server/mcp/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const { oauthCallback } = mcpServerRoutes(getFawnRuntime);
export { oauthCallback as GET };
