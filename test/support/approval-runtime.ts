/**
 * Test support for approvals: a Fawn runtime with the sandbox's file tools configured (so write_file waits for
 * approval under the default policy) on the demo model, and the LangGraph API over it for SDK-level tests.
 */
import { FawnRuntime } from "@/lib/agent/runtime";
import { tempConfig } from "@/test/support/config";
import type { FetchLike } from "@/lib/models/demo/fetch";
import { createLangGraphApi, type LangGraphApi } from "@/lib/server/api";
import { API_URL, apiRequest, collect, sdkClient, silentLogger } from "@/test/support/api";
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
  /** A new thread after one run of `message` (which stops at an interrupt in these tests); its id. */
  startThread(message: string): Promise<string>;
  /** POST …/runs/stream: the SSE text on 200, the JSON error otherwise. */
  runStream(tid: string, body: unknown): Promise<{ status: number; text: string; json: unknown }>;
  /** The thread's current checkpoint id: unchanged when a refused request saved nothing. */
  head(tid: string): Promise<string | null | undefined>;
  close(): Promise<void>;
}

/** The run body Agent Chat UI's useStream posts for `submit({}, {command})`. */
export const chatUiResume = (command: Record<string, unknown>) => ({
  assistant_id: "lead_agent",
  input: {},
  command,
  stream_mode: ["values", "messages-tuple", "custom"],
  stream_subgraphs: true,
  stream_resumable: true,
  on_disconnect: "continue",
});

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
  const client = sdkClient(api);
  return {
    api,
    runtime,
    client,
    async startThread(message) {
      const thread = await client.threads.create();
      await collect(
        client.runs.stream(thread.thread_id, "lead_agent", {
          input: { messages: [{ type: "human", content: message }] },
        }),
      );
      return thread.thread_id;
    },
    async runStream(tid, body) {
      const res = await api.handle(apiRequest("POST", `/threads/${tid}/runs/stream`, body));
      const text = await res.text();
      return { status: res.status, text, json: res.status === 200 ? undefined : (JSON.parse(text) as unknown) };
    },
    head: async (tid) => (await client.threads.getState(tid)).checkpoint?.checkpoint_id,
    close: async () => {
      await api.close();
      await runtime.close();
    },
  };
}
