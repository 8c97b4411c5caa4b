/**
 * The three /api/files routes behind the one edge; the runtime, the thread check and the upload limits are
 * injectable. Uploads are taken only for threads that exist (a record or checkpoints), so no id can fill the disk.
 */
import { ThreadIdSchema } from "@/lib/contracts/thread-id";
import { quotePath } from "@/lib/sandbox/paths";
import { type Edge, edgeRoute } from "../edge";
import { ApiError, jsonResponse } from "../http";
import { fileContentResponse } from "./content";
import { listThreadFiles, type StateReader } from "./listing";
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits, uploadFiles } from "./uploads";

/** Builds (or returns) the agent runtime. */
export type GetRuntime = () => Promise<StateReader>;

type RouteContext = { params: Promise<{ threadId: string }> };
type RouteHandler = (request: Request, ctx: RouteContext) => Promise<Response>;

/** The thread id from the path, checked against the one thread-id contract. */
async function threadIdOf(ctx: RouteContext): Promise<string> {
  const { threadId } = await ctx.params;
  const parsed = ThreadIdSchema.safeParse(threadId);
  if (!parsed.success) {
    throw new ApiError(
      400,
      "invalid_path",
      `thread id ${quotePath(String(threadId))} is invalid: it ${parsed.error.issues[0]?.message ?? "is malformed"}`,
    );
  }
  return parsed.data;
}

export interface FilesRoutesDeps {
  getRuntime: GetRuntime;
  /** Whether the thread exists, as `GET /api/langgraph/threads/{id}` would answer. */
  threadExists: (threadId: string) => Promise<boolean>;
  limits?: UploadLimits;
  edge?: Edge;
}

export function filesRoutes({
  getRuntime,
  threadExists,
  limits = DEFAULT_UPLOAD_LIMITS,
  edge = edgeRoute,
}: FilesRoutesDeps): { list: RouteHandler; content: RouteHandler; upload: RouteHandler } {
  return {
    list: edge<RouteContext>(async (_req, _url, ctx) => {
      const threadId = await threadIdOf(ctx);
      return jsonResponse(await listThreadFiles(await getRuntime(), threadId));
    }),
    content: edge<RouteContext>(async (_req, url, ctx) => {
      const threadId = await threadIdOf(ctx);
      const runtime = await getRuntime();
      return fileContentResponse(runtime.toolContext.sandbox.root, threadId, url);
    }),
    upload: edge<RouteContext>(async (req, _url, ctx) => {
      const threadId = await threadIdOf(ctx);
      if (!(await threadExists(threadId)))
        throw new ApiError(404, "not_found", `Thread ${threadId} not found: create it before uploading files to it`);
      const runtime = await getRuntime();
      return jsonResponse(await uploadFiles(req, runtime.toolContext.sandbox.root, threadId, limits));
    }),
  };
}
