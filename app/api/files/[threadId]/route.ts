/** GET /api/files/{threadId}: the thread's presented artifacts, outputs and uploads. */
import { getAgentRuntime } from "@/lib/agent/runtime";
import { filesRoutes } from "@/lib/server/files/routes";
import { threadExists } from "@/lib/server/instance";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const { list } = filesRoutes({ getRuntime: getAgentRuntime, threadExists });
export { list as GET, list as OPTIONS };
