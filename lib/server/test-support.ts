/**
 * Test fixtures for the API (imported by *.test.ts only): a real `createAgent` graph whose model is an
 * in-process OpenAI-compatible endpoint (fake only at the network boundary), a real SqliteSaver on a temp file,
 * and an SDK `Client` whose fetch dispatches to the handler in-process.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { interrupt } from "@langchain/langgraph";
import { ChatOpenAI } from "@langchain/openai";
import { createAgent, tool } from "langchain";
import { z } from "zod";
import { createLangGraphApi, type LangGraphApi, type LangGraphApiDeps } from "./api";
import type { AgentRuntime, CompiledGraphLike, Logger } from "./types";

export const silentLogger: Logger = () => {};

export function tempDbPath(prefix = "fawn-api-"): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), prefix)), "fawn.sqlite");
}

interface ChatMessage {
  role: string;
  content: unknown;
}

type Reply = { text: string } | { toolCall: { name: string; args: string } } | { status: number };

/**
 * Decide the reply from the conversation: a tool result is summarised; otherwise keywords in the last user
 * message pick a tool call (`weather`, `approve`), a held reply (`slow`), a provider failure (`boom`) or a greeting.
 */
function decide(messages: ChatMessage[]): Reply {
  const last = messages[messages.length - 1];
  if (last?.role === "tool") return { text: `Done: ${String(last.content)}` };
  const text = typeof last?.content === "string" ? last.content : JSON.stringify(last?.content ?? "");
  if (text.includes("weather")) return { toolCall: { name: "get_weather", args: '{"city": "Paris"}' } };
  if (text.includes("approve")) return { toolCall: { name: "ask_human", args: '{"question": "Proceed?"}' } };
  if (text.includes("boom")) return { status: 500 };
  if (text.includes("slow")) return { text: "Finally done." };
  return { text: "Hello there, friend." };
}

export interface ScriptedModel {
  fetch: (url: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Bodies of every model call. */
  calls: Array<{ messages: ChatMessage[]; stream: boolean }>;
  /** Replies to messages containing "slow" wait until released (or aborted). Releases every waiting call. */
  releaseSlow(): void;
  /** Resolves once at least one "slow" call is waiting. */
  slowStarted(): Promise<void>;
}

export function scriptedModel(): ScriptedModel {
  let seq = 0;
  const waiting = new Set<() => void>();
  const calls: ScriptedModel["calls"] = [];

  const model: ScriptedModel = {
    calls,
    releaseSlow() {
      for (const release of [...waiting]) release();
      waiting.clear();
    },
    async slowStarted() {
      while (waiting.size === 0) await new Promise((r) => setTimeout(r, 2));
    },
    async fetch(_url, init) {
      const body = JSON.parse(String(init?.body)) as { messages: ChatMessage[]; stream?: boolean };
      calls.push({ messages: body.messages, stream: Boolean(body.stream) });
      const reply = decide(body.messages);
      if ("status" in reply) {
        return new Response(JSON.stringify({ error: { message: "upstream exploded", type: "server_error" } }), {
          status: reply.status,
          headers: { "content-type": "application/json" },
        });
      }
      const lastText = String(body.messages[body.messages.length - 1]?.content ?? "");
      if (lastText.includes("slow") && body.messages[body.messages.length - 1]?.role === "user") {
        const signal = init?.signal;
        await new Promise<void>((resolve, reject) => {
          const release = () => resolve();
          waiting.add(release);
          signal?.addEventListener("abort", () => {
            waiting.delete(release);
            reject(new DOMException("The operation was aborted.", "AbortError"));
          });
        });
      }
      const id = `chatcmpl-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
      const created = Math.floor(Date.now() / 1000);
      if (!body.stream) {
        const message =
          "text" in reply
            ? { role: "assistant", content: reply.text }
            : {
                role: "assistant",
                content: null,
                tool_calls: [
                  {
                    id: `call_${seq}`,
                    type: "function",
                    function: { name: reply.toolCall.name, arguments: reply.toolCall.args },
                  },
                ],
              };
        return Response.json({
          id,
          object: "chat.completion",
          created,
          model: "scripted",
          choices: [{ index: 0, message, finish_reason: "text" in reply ? "stop" : "tool_calls" }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
      }
      const deltas: Array<Record<string, unknown>> = [];
      let finish: string;
      if ("text" in reply) {
        const words = reply.text.split(/(?<= )/);
        for (const [i, w] of words.entries()) deltas.push(i === 0 ? { role: "assistant", content: w } : { content: w });
        finish = "stop";
      } else {
        const half = Math.floor(reply.toolCall.args.length / 2);
        deltas.push({
          role: "assistant",
          content: null,
          tool_calls: [
            { index: 0, id: `call_${seq}`, type: "function", function: { name: reply.toolCall.name, arguments: "" } },
          ],
        });
        deltas.push({ tool_calls: [{ index: 0, function: { arguments: reply.toolCall.args.slice(0, half) } }] });
        deltas.push({ tool_calls: [{ index: 0, function: { arguments: reply.toolCall.args.slice(half) } }] });
        finish = "tool_calls";
      }
      const chunk = (delta: Record<string, unknown>, finishReason: string | null) => ({
        id,
        object: "chat.completion.chunk",
        created,
        model: "scripted",
        choices: [{ index: 0, delta, finish_reason: finishReason }],
      });
      const lines = [...deltas.map((d) => chunk(d, null)), chunk({}, finish)];
      const text = lines.map((l) => `data: ${JSON.stringify(l)}\n\n`).join("") + "data: [DONE]\n\n";
      return new Response(text, { headers: { "content-type": "text/event-stream" } });
    },
  };
  return model;
}

/** The lead-agent stand-in: createAgent with a weather tool (emits a custom event) and a human-approval tool. */
export function buildTestRuntime(dbPath = tempDbPath()): {
  runtime: AgentRuntime;
  model: ScriptedModel;
  graph: CompiledGraphLike;
} {
  const model = scriptedModel();
  const chat = new ChatOpenAI({
    model: "scripted",
    apiKey: "test-key",
    maxRetries: 0,
    configuration: { baseURL: "http://model.invalid/v1", fetch: model.fetch },
  });
  const getWeather = tool(
    async ({ city }, config) => {
      (config as { writer?: (chunk: unknown) => void }).writer?.({ progress: `looking up ${city}` });
      return `sunny in ${city}`;
    },
    { name: "get_weather", description: "Weather for a city", schema: z.object({ city: z.string() }) },
  );
  const askHuman = tool(
    async ({ question }) => {
      const answer: unknown = interrupt({ question });
      return `approved: ${JSON.stringify(answer)}`;
    },
    { name: "ask_human", description: "Ask the human to approve", schema: z.object({ question: z.string() }) },
  );
  const agent = createAgent({
    model: chat,
    tools: [getWeather, askHuman],
    checkpointer: SqliteSaver.fromConnString(dbPath),
  });
  const graph: CompiledGraphLike = agent.graph;
  return {
    model,
    graph,
    runtime: { graph, dbPath, assistant: { graph_id: "lead_agent", name: "Fawn", description: "The Fawn lead agent" } },
  };
}

export const API_URL = "http://fawn.test/api/langgraph";

/** Like a network fetch: aborting the request errors the response body and closes the "connection". */
function abortableBody(body: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      signal.addEventListener(
        "abort",
        () => {
          try {
            controller.error(new DOMException("The operation was aborted.", "AbortError"));
          } catch {
            // already closed
          }
          void reader.cancel().catch(() => {});
        },
        { once: true },
      );
    },
    async pull(controller) {
      try {
        const r = await reader.read();
        if (r.done) controller.close();
        else controller.enqueue(r.value);
      } catch (err) {
        controller.error(err);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** A fetch that dispatches to `api.handle` in-process (no sockets), with network-like abort behaviour. */
export function inProcessFetch(api: LangGraphApi) {
  return async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const res = await api.handle(new Request(url, init));
    const signal = init?.signal;
    if (!res.body || !signal) return res;
    return new Response(abortableBody(res.body, signal), { status: res.status, headers: res.headers });
  };
}

/** The official SDK client, talking to `api` in-process. */
export function sdkClient(api: LangGraphApi, headers?: Record<string, string>): Client {
  return new Client({
    apiUrl: API_URL,
    apiKey: null,
    defaultHeaders: headers,
    callerOptions: { maxRetries: 0, fetch: inProcessFetch(api) },
  });
}

export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  what = "condition",
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export interface Part {
  event: string;
  data: unknown;
  id?: string;
}

/** Drain an SDK stream into plain parts. */
export async function collect(stream: AsyncIterable<{ event: string; data: unknown; id?: string }>): Promise<Part[]> {
  const parts: Part[] = [];
  for await (const p of stream) parts.push({ event: p.event, data: p.data, id: p.id });
  return parts;
}

export type Msg = { type: string; id?: string; content?: unknown; tool_calls?: Array<{ name: string; args: unknown }> };
export const messagesOf = (values: unknown): Msg[] => (values as { messages?: Msg[] } | undefined)?.messages ?? [];

/** An API over a fresh test runtime: what each API test file sets up in `beforeAll`. */
export interface TestApi {
  api: LangGraphApi;
  runtime: AgentRuntime;
  model: ScriptedModel;
  client: Client;
  stop(): Promise<void>;
}

export function startTestApi(deps: Partial<Omit<LangGraphApiDeps, "getRuntime">> = {}): TestApi {
  const built = buildTestRuntime();
  const api = createLangGraphApi({
    getRuntime: async () => built.runtime,
    logger: silentLogger,
    apiToken: undefined,
    corsOrigins: [],
    ...deps,
  });
  return {
    api,
    runtime: built.runtime,
    model: built.model,
    client: sdkClient(api),
    stop: async () => {
      built.model.releaseSlow();
      await api.close();
    },
  };
}

/** A request to the API as a client would build it (JSON body when given). */
export function apiRequest(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Request {
  return new Request(`${API_URL}${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Send one request through `api` and read the answer (JSON parsed when there is a body). */
export async function callApi(
  api: LangGraphApi,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const res = await api.handle(apiRequest(method, path, body, headers));
  const text = await res.text();
  return { res, status: res.status, text, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}
