/** PUT (the whole entry), PATCH (some fields, e.g. `{"enabled": false}`) and DELETE /api/mcp/servers/{name}. */
import { getFawnRuntime } from "@/lib/agent/runtime";
import { mcpServerRoutes } from "@/lib/server/mcp/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const { replace, patch, remove } = mcpServerRoutes(getFawnRuntime);
export { replace as PUT, patch as PATCH, remove as DELETE, replace as OPTIONS };
