import { getAgentRuntime } from "@/lib/agent/runtime";
import type { PersistenceStatus } from "@/lib/contracts/persistence";
import { edgeRoute } from "@/lib/server/edge";
import { jsonResponse } from "@/lib/server/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Where threads are kept and whether this instance can reach it now (PostgreSQL is probed; never a password). */
export const GET = edgeRoute(async () => {
  const rt = await getAgentRuntime();
  const body: PersistenceStatus = await rt.persistence.status(true);
  return jsonResponse(body);
});
export const OPTIONS = GET;
