/** The LangGraph Platform API subset for `@langchain/langgraph-sdk` (Client, useStream) and Agent Chat UI. */
import { getLangGraphApi } from "@/lib/server/instance";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

function handle(request: Request): Promise<Response> {
  return getLangGraphApi().handle(request);
}

// PUT too: the API has no PUT route, and its router answers 405 naming the methods the path takes (Next would answer an empty 405).
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
