/** POST /api/files/{threadId}/uploads (multipart/form-data, `file` fields): save into the thread's uploads/. */
import { getAgentRuntime } from "@/lib/agent/runtime";
import { filesRoutes } from "@/lib/server/files/routes";
import { threadExists } from "@/lib/server/instance";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const { upload } = filesRoutes({ getRuntime: getAgentRuntime, threadExists });
export { upload as POST, upload as OPTIONS };
