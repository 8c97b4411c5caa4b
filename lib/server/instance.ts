/**
 * The process-wide LangGraph API, wired to the lead agent. Created on first use and kept on globalThis so
 * Next.js dev reloads of this module do not create a second run registry (which would lose the thread locks).
 */
import { getAgentRuntime } from "@/lib/agent/runtime";
import { createLangGraphApi, type LangGraphApi } from "./api";

const holder = globalThis as unknown as { __fawnLangGraphApi?: LangGraphApi };

export function getLangGraphApi(): LangGraphApi {
  holder.__fawnLangGraphApi ??= createLangGraphApi({ getRuntime: getAgentRuntime, basePath: "/api/langgraph" });
  return holder.__fawnLangGraphApi;
}

/** Whether a thread exists in the process-wide API (the upload route takes files only for those). */
export function threadExists(threadId: string): Promise<boolean> {
  return getLangGraphApi().hasThread(threadId);
}
