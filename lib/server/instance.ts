/**
 * The process-wide LangGraph API, wired to the lead agent. Created on first use and kept on globalThis so
 * Next.js dev reloads of this module do not create a second run registry (which would lose the thread locks).
 */
import { getAgentRuntime } from "@/lib/agent/runtime";
import { installSignalHandlers, onShutdown } from "@/lib/lifecycle/shutdown";
import { createLangGraphApi, type LangGraphApi } from "./api";

const holder = globalThis as unknown as { __fawnLangGraphApi?: LangGraphApi };

export function getLangGraphApi(): LangGraphApi {
  if (!holder.__fawnLangGraphApi) {
    const api = createLangGraphApi({ getRuntime: getAgentRuntime, basePath: "/api/langgraph" });
    holder.__fawnLangGraphApi = api;
    // On SIGTERM/SIGINT, first: running runs are cancelled (their commands killed) and release their threads.
    onShutdown("runs", 10, () => api.close());
    // instrumentation.ts installs the handlers at start; this covers a server started without it.
    installSignalHandlers();
  }
  return holder.__fawnLangGraphApi;
}

/** Whether a thread exists in the process-wide API (the upload route takes files only for those). */
export function threadExists(threadId: string): Promise<boolean> {
  return getLangGraphApi().hasThread(threadId);
}
