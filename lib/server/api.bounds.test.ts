/** Bounds at the boundary (issue 9, findings 3 and 12): each used to be a 500 or a stall; each is now a 4xx. */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import * as auth from "@/app/auth/route";
import { FawnRuntime } from "@/lib/agent/runtime";
import { tempConfig } from "@/test/support/config";
import { API_URL, callApi, silentLogger, startTestApi, type TestApi } from "@/test/support/api";
import { createLangGraphApi, type LangGraphApi } from "./api";
import { MAX_JSON_DEPTH } from "./json-depth";
import { MAX_RUN_INPUT_MESSAGES } from "./schemas";

let harness: TestApi;
beforeAll(() => {
  harness = startTestApi({ maxBodyBytes: 4 * 1024 * 1024 });
});
afterAll(() => harness.stop());
const logLevel = process.env.FAWN_LOG_LEVEL;
afterEach(() => {
  delete process.env.FAWN_API_TOKEN;
  if (logLevel === undefined) delete process.env.FAWN_LOG_LEVEL;
  else process.env.FAWN_LOG_LEVEL = logLevel;
  vi.restoreAllMocks();
});

const nested = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;
const errorOf = (json: Record<string, unknown> | undefined) => json?.error as { code: string; message: string };

describe("JSON bodies", () => {
  test("metadata nested 10,000 deep is a 400 naming where the nesting goes too deep", async () => {
    const r = await callApi(harness.api, "POST", "/threads", `{"metadata":{"a":${nested(10_000)}}}`);
    expect(r.status).toBe(400);
    expect(errorOf(r.json)).toEqual({
      code: "invalid_body",
      message: `body.metadata.a${"[0]".repeat(MAX_JSON_DEPTH - 2)}: nested deeper than ${MAX_JSON_DEPTH} levels`,
    });
  });

  test("nesting inside strings does not count, and a body at the limit is accepted", async () => {
    const r = await callApi(harness.api, "POST", "/threads", { metadata: { note: "[[[[{{{{".repeat(100) } });
    expect(r.status).toBe(200);
    const atLimit = await callApi(harness.api, "POST", "/threads", `{"metadata":{"a":${nested(MAX_JSON_DEPTH - 2)}}}`);
    expect(atLimit.status).toBe(200);
  });

  test("40,000 ids in a thread search is a 400, not an SQL error", async () => {
    const ids = Array.from({ length: 40_000 }, (_, i) => `t${i}`);
    const r = await callApi(harness.api, "POST", "/threads/search", { ids });
    expect(r.status).toBe(400);
    expect(errorOf(r.json).message).toMatch(/^body\.ids: .*1000/);
  });

  test(`a run with 25,000 input messages is refused before anything is saved (at most ${MAX_RUN_INPUT_MESSAGES})`, async () => {
    const thread = (await callApi(harness.api, "POST", "/threads", {})).json as { thread_id: string };
    const messages = Array.from({ length: 25_000 }, () => ({ type: "human", content: "x" }));
    const r = await callApi(harness.api, "POST", `/threads/${thread.thread_id}/runs/stream`, {
      assistant_id: "lead_agent",
      input: { messages },
    });
    expect(r.status).toBe(400);
    expect(errorOf(r.json).message).toBe(
      `body.input.messages: 25000 messages; at most ${MAX_RUN_INPUT_MESSAGES} per run`,
    );
    expect(harness.model.calls).toHaveLength(0);
    const state = (await callApi(harness.api, "GET", `/threads/${thread.thread_id}/state`)).json as {
      values: { messages?: unknown[] } | unknown[];
    };
    expect(Array.isArray(state.values) ? state.values : (state.values.messages ?? [])).toHaveLength(0);
  });

  describe("the same message cap on every other way into a thread", () => {
    const many = () => Array.from({ length: 25_000 }, () => ({ type: "human", content: "x" }));
    const messagesIn = async (threadId: string) => {
      const state = (await callApi(harness.api, "GET", `/threads/${threadId}/state`)).json as {
        values: { messages?: unknown[] } | unknown[];
      };
      return Array.isArray(state.values) ? state.values.length : (state.values.messages ?? []).length;
    };
    const newThread = async () =>
      ((await callApi(harness.api, "POST", "/threads", {})).json as { thread_id: string }).thread_id;

    test("POST /threads/{id}/state with 25,000 messages is a 400 naming body.values.messages; nothing is saved", async () => {
      const tid = await newThread();
      const r = await callApi(harness.api, "POST", `/threads/${tid}/state`, {
        values: { messages: many() },
        as_node: "model_request",
      });
      expect(r.status).toBe(400);
      expect(errorOf(r.json).message).toBe(
        `body.values.messages: 25000 messages; at most ${MAX_RUN_INPUT_MESSAGES} per request`,
      );
      expect(await messagesIn(tid)).toBe(0);
      // A list of updates counts them all.
      const split = await callApi(harness.api, "POST", `/threads/${tid}/state`, {
        values: [{ messages: many().slice(0, 300) }, { messages: many().slice(0, 300) }],
        as_node: "model_request",
      });
      expect(split.status).toBe(400);
      expect(errorOf(split.json).message).toMatch(/^body\.values: 600 messages; at most 500/);
      const ok = await callApi(harness.api, "POST", `/threads/${tid}/state`, {
        values: { messages: many().slice(0, MAX_RUN_INPUT_MESSAGES) },
        as_node: "model_request",
      });
      expect(ok.status).toBe(200);
      expect(await messagesIn(tid)).toBe(MAX_RUN_INPUT_MESSAGES);
    });

    test("command.update with 25,000 messages (record or tuples) is a 400; the model is not called, nothing is saved", async () => {
      const tid = await newThread();
      const calls = harness.model.calls.length;
      for (const [update, where] of [
        [{ messages: many() }, "body.command.update.messages"],
        [[["messages", many()]], "body.command.update[0]"],
      ] as const) {
        const r = await callApi(harness.api, "POST", `/threads/${tid}/runs/stream`, {
          assistant_id: "lead_agent",
          command: { update, goto: "model_request" },
        });
        expect(r.status).toBe(400);
        expect(errorOf(r.json).message).toBe(`${where}: 25000 messages; at most ${MAX_RUN_INPUT_MESSAGES} per request`);
      }
      const send = await callApi(harness.api, "POST", `/threads/${tid}/runs/stream`, {
        assistant_id: "lead_agent",
        command: { goto: { node: "model_request", input: { messages: many() } } },
      });
      expect(send.status).toBe(400);
      expect(errorOf(send.json).message).toMatch(/^body\.command\.goto\.input\.messages: 25000 messages/);
      expect(harness.model.calls.length).toBe(calls);
      expect(await messagesIn(tid)).toBe(0);
    });

    test("thread-create supersteps carrying 25,000 messages are refused; no thread is created", async () => {
      const before = (
        (await callApi(harness.api, "POST", "/threads/search", { limit: 1000 })).json as unknown as unknown[]
      ).length;
      const r = await callApi(harness.api, "POST", "/threads", {
        supersteps: [{ updates: [{ values: { messages: many() }, as_node: "model_request" }] }],
      });
      expect(r.status).toBe(400);
      expect(errorOf(r.json).message).toMatch(/^body\.supersteps/);
      const after = (
        (await callApi(harness.api, "POST", "/threads/search", { limit: 1000 })).json as unknown as unknown[]
      ).length;
      expect(after).toBe(before);
    });
  });

  test("GET /threads/%ZZ is a 400 naming the segment", async () => {
    const r = await callApi(harness.api, "GET", "/threads/%ZZ");
    expect(r.status).toBe(400);
    expect(errorOf(r.json).message).toContain("'%ZZ' is not valid percent-encoding");
  });
});

describe("a state update the lead agent's channels refuse", () => {
  let rt: FawnRuntime;
  let api: LangGraphApi;
  beforeAll(() => {
    rt = new FawnRuntime(tempConfig({ servers: {} }));
    api = createLangGraphApi({
      getRuntime: () => rt.get(),
      logger: silentLogger,
      apiToken: undefined,
      corsOrigins: [],
      allowedHosts: [new URL(API_URL).host],
    });
  });
  afterAll(async () => {
    await api.close();
    await rt.close();
  });

  test('{"promoted":"x"} is a 400 naming body.values.promoted, and the thread stays readable', async () => {
    const thread = (await callApi(api, "POST", "/threads", {})).json as { thread_id: string };
    const r = await callApi(api, "POST", `/threads/${thread.thread_id}/state`, { values: { promoted: "x" } });
    expect(r.status).toBe(400);
    expect(errorOf(r.json).code).toBe("invalid_body");
    expect(errorOf(r.json).message).toMatch(/^body\.values\.promoted: /);
    expect((await callApi(api, "GET", `/threads/${thread.thread_id}/state`)).status).toBe(200);
    // The earlier {catalog_hash, names} shape is one the reducer no longer applies: refused, not dropped.
    const legacy = await callApi(api, "POST", `/threads/${thread.thread_id}/state`, {
      values: { promoted: { catalog_hash: null, names: [] } },
    });
    expect(legacy.status).toBe(400);
    const ok = await callApi(api, "POST", `/threads/${thread.thread_id}/state`, {
      values: { promoted: { op: "use", names: [] } },
    });
    expect(ok.status).toBe(200);
  });
});

describe("the token", () => {
  test("/auth?token=<token>%0Ax is a 401, and the presented token is never logged at any level", async () => {
    process.env.FAWN_API_TOKEN = "s3cret-token-value";
    // vitest.config.ts writes only errors; every level is written here, debug included.
    process.env.FAWN_LOG_LEVEL = "debug";
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const res = await auth.GET(new Request("http://127.0.0.1:3000/auth?token=s3cret-token-value%0Ax"));
    expect(res.status).toBe(401);
    const ok = await auth.GET(new Request("http://127.0.0.1:3000/auth?token=s3cret-token-value"));
    expect(ok.status).toBe(303);
    const logged = written.join("");
    // The capture sees the request log lines (info), so a line that printed the token would be caught.
    expect(logged).toContain('"event":"http.request"');
    expect(logged).not.toContain("s3cret-token-value");
  });

  test("the /auth cookie is Secure when browsers come over https (directly or through FAWN_PUBLIC_URL)", async () => {
    process.env.FAWN_API_TOKEN = "s3cret-token-value";
    const cookie = async (url: string) =>
      (await auth.GET(new Request(`${url}/auth?token=s3cret-token-value`))).headers.get("set-cookie") ?? "";
    expect(await cookie("http://127.0.0.1:3000")).not.toMatch(/;\s*Secure/);
    try {
      process.env.FAWN_PUBLIC_URL = "https://fawn.example.com";
      const behindProxy = await cookie("http://127.0.0.1:3000");
      expect(behindProxy).toMatch(/^fawn_token=s3cret-token-value;.*HttpOnly; SameSite=Strict;.*; Secure$/);
      process.env.FAWN_PUBLIC_URL = "http://fawn.lan:3000";
      expect(await cookie("http://127.0.0.1:3000")).not.toMatch(/;\s*Secure/);
    } finally {
      delete process.env.FAWN_PUBLIC_URL;
    }
  });

  test("a malformed fawn_token cookie is a 401, not a 500", async () => {
    const secured = createLangGraphApi({
      getRuntime: async () => harness.runtime,
      logger: silentLogger,
      apiToken: "s3cret",
      corsOrigins: [],
      allowedHosts: [new URL(API_URL).host],
    });
    const r = await callApi(secured, "GET", "/info", undefined, { cookie: "fawn_token=%E0%A4%A" });
    expect(r.status).toBe(401);
    await secured.close();
  });
});
