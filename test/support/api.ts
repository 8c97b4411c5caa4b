/**
 * Fixtures for the API tests: a real `createAgent` graph whose model is an in-process OpenAI-compatible
 * endpoint (fake only at the network boundary), a real SqliteSaver on a temp file, and an SDK `Client`
 * whose fetch dispatches to the handler in-process.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { interrupt } from "@langchain/langgraph";
import { ChatOpenAI } from "@langchain/openai";
import { createAgent, tool } from "langchain";
import { z } from "zod";
import type { FetchLike } from "@/lib/models/demo/fetch";
import {
  ChatRequestSchema,
  completionChunks,
  completionJson,
  type DemoReply,
  messageText,
  type WireMessage,
} from "@/lib/models/demo/wire";
import { createLangGraphApi, type LangGraphApi, type LangGraphApiDeps } from "@/lib/server/api";
import type { AgentRuntime, CompiledGraphLike, Logger } from "@/lib/server/types";

export const silentLogger: Logger = () => {};

export function tempDbPath(prefix = "fawn-api-"): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), prefix)), "fawn.sqlite");
}

/**
 * Decide the reply from the conversation: a tool result is summarised; otherwise keywords in the last user
 * message pick a tool call (`weather`, `approve`), a held reply (`slow`), a provider failure (`boom`) or a greeting.
 */
function decide(messages: WireMessage[]): DemoReply | { status: number } {
  const last = messages[messages.length - 1];
  const say = (content: string): DemoReply => ({ content, toolCalls: [] });
  if (last?.role === "tool") return say(`Done: ${messageText(last)}`);
  const text = last ? messageText(last) : "";
  if (text.includes("weather")) return { content: "", toolCalls: [{ name: "get_weather", args: { city: "Paris" } }] };
  if (text.includes("approve"))
    return { content: "", toolCalls: [{ name: "ask_human", args: { question: "Proceed?" } }] };
  if (text.includes("boom")) return { status: 500 };
  if (text.includes("slow")) return say("Finally done.");
  return say("Hello there, friend.");
}

export interface ScriptedModel {
  fetch: FetchLike;
  /** Bodies of every model call. */
  calls: Array<{ messages: WireMessage[]; stream: boolean }>;
  /** Replies to messages containing "slow" wait until released (or aborted). Releases every waiting call. */
  releaseSlow(): void;
  /** Resolves once at least one "slow" call is waiting. */
  slowStarted(): Promise<void>;
}

/** Holds the caller until `releaseSlow()` or its abort signal. */
function holdUntilReleased(waiting: Set<() => void>, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const release = () => resolve();
    waiting.add(release);
    signal?.addEventListener("abort", () => {
      waiting.delete(release);
      reject(new DOMException("The operation was aborted.", "AbortError"));
    });
  });
}

/** An OpenAI-compatible endpoint scripted by `decide`, speaking the demo model's wire format (lib/models/demo/wire). */
export function scriptedModel(): ScriptedModel {
  const waiting = new Set<() => void>();
  const calls: ScriptedModel["calls"] = [];
  return {
    calls,
    releaseSlow() {
      for (const release of [...waiting]) release();
      waiting.clear();
    },
    async slowStarted() {
      while (waiting.size === 0) await new Promise((r) => setTimeout(r, 2));
    },
    async fetch(_url, init) {
      const req = ChatRequestSchema.parse(JSON.parse(String(init?.body)));
      calls.push({ messages: req.messages, stream: Boolean(req.stream) });
      const reply = decide(req.messages);
      if ("status" in reply) {
        return Response.json(
          { error: { message: "upstream exploded", type: "server_error" } },
          { status: reply.status },
        );
      }
      const last = req.messages[req.messages.length - 1];
      if (last?.role === "user" && messageText(last).includes("slow")) await holdUntilReleased(waiting, init?.signal);
      if (!req.stream) return Response.json(completionJson(req, reply));
      return new Response(completionChunks(req, reply).join(""), { headers: { "content-type": "text/event-stream" } });
    },
  };
}

/** The lead-agent stand-in: createAgent with a weather tool (emits a custom event) and a human-approval tool. */
export function buildTestRuntime(dbPath = tempDbPath()): {
  runtime: AgentRuntime;
  model: ScriptedModel;
  graph: CompiledGraphLike;
} {
  const { graph, model } = testAgent(SqliteSaver.fromConnString(dbPath));
  return {
    model,
    graph,
    runtime: { graph, dbPath, assistant: { graph_id: "lead_agent", name: "Fawn", description: "The Fawn lead agent" } },
  };
}

/** The same stand-in on any checkpointer (e.g. PostgreSQL), with its own scripted model. */
export function testAgent(checkpointer: BaseCheckpointSaver): { graph: CompiledGraphLike; model: ScriptedModel } {
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
  const agent = createAgent({ model: chat, tools: [getWeather, askHuman], checkpointer });
  const graph: CompiledGraphLike = agent.graph;
  return { graph, model };
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
    allowedHosts: [new URL(API_URL).host],
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
