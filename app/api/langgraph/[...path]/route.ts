/** The LangGraph Platform API subset for `@langchain/langgraph-sdk` (Client, useStream) and Agent Chat UI. */
import { getLangGraphApi } from "@/lib/server/instance";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

function handle(request: Request): Promise<Response> {
  return getLangGraphApi().handle(request);
}

export { handle as GET, handle as POST, handle as PATCH, handle as DELETE, handle as OPTIONS };
