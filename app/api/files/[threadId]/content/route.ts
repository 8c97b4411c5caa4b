/** GET /api/files/{threadId}/content?path=/mnt/user-data/…[&download=1]: one file of the thread. */
import { getAgentRuntime } from "@/lib/agent/runtime";
import { filesRoutes } from "@/lib/server/files/routes";
import { threadExists } from "@/lib/server/instance";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const { content } = filesRoutes({ getRuntime: getAgentRuntime, threadExists });
export { content as GET, content as OPTIONS };
