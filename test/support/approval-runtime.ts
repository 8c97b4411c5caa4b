/**
 * Test support for approvals: a Fawn runtime with the sandbox's file tools configured (so write_file waits for
 * approval under the default policy) on the demo model, and the LangGraph API over it for SDK-level tests.
 */
import { FawnRuntime } from "@/lib/agent/runtime";
import { tempConfig } from "@/test/support/config";
import type { FetchLike } from "@/lib/models/demo/fetch";
import { createLangGraphApi, type LangGraphApi } from "@/lib/server/api";
import { API_URL, sdkClient, silentLogger } from "@/test/support/api";
import type { Client } from "@langchain/langgraph-sdk";

export const FILE_TOOLS_YAML = `tools:
  - name: ls
    use: "@/lib/sandbox:ls_tool"
  - name: read_file
    use: "@/lib/sandbox:read_file_tool"
  - name: write_file
    use: "@/lib/sandbox:write_file_tool"
`;

export interface ApprovalRuntime {
  runtime: FawnRuntime;
  dir: string;
}

/** A runtime with the file tools and `servers` (none by default); `fetch` replaces the demo model. */
export function approvalRuntime(
  opts: { servers?: Record<string, unknown>; extraYaml?: string; fetch?: FetchLike } = {},
) {
  const paths = tempConfig({ servers: opts.servers ?? {}, extraYaml: FILE_TOOLS_YAML + (opts.extraYaml ?? "") });
  const runtime = new FawnRuntime({ ...paths, models: opts.fetch ? { fetch: opts.fetch } : undefined });
  return { runtime, dir: paths.dir };
}

export interface ApprovalApi {
  api: LangGraphApi;
  client: Client;
  runtime: FawnRuntime;
  close(): Promise<void>;
}

/** The LangGraph API over an approval runtime, with the official SDK client talking to it in-process. */
export function approvalApi(opts: Parameters<typeof approvalRuntime>[0] = {}): ApprovalApi {
  const { runtime } = approvalRuntime(opts);
  const api = createLangGraphApi({
    getRuntime: async () => {
      const rt = await runtime.get();
      return { graph: rt.graph, dbPath: rt.dbPath, assistant: rt.assistant };
    },
    logger: silentLogger,
    apiToken: undefined,
    corsOrigins: [],
    allowedHosts: [new URL(API_URL).host],
  });
  return {
    api,
    runtime,
    client: sdkClient(api),
    close: async () => {
      await api.close();
      await runtime.close();
    },
  };
}
