import { getAgentRuntime } from "@/lib/agent/runtime";
import { toolsStamp } from "@/lib/agent/tools-stamp";
import { edgeRoute } from "@/lib/server/edge";
import { jsonResponse } from "@/lib/server/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A fingerprint of the tool inventory; asking also applies a pending catalog change (tools/list_changed). */
export const GET = edgeRoute(async () => jsonResponse(toolsStamp(await getAgentRuntime())), { polled: true });
export const OPTIONS = GET;
