import { planReply } from "./brain";
import { ChatRequestSchema, completionChunks, completionJson } from "./wire";

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * An in-process OpenAI chat-completions endpoint: what the real `ChatOpenAI` client talks to when
 * no API key is configured. Streaming (SSE deltas, split tool-call arguments) and plain JSON.
 */
export function createDemoFetch(opts: { delayMs?: number } = {}): FetchLike {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!new URL(url).pathname.endsWith("/chat/completions")) {
      return jsonResponse(404, {
        error: { message: `the demo model serves /chat/completions only, not ${url}`, type: "not_found" },
      });
    }
    let body: unknown;
    try {
      body = JSON.parse(
        typeof init?.body === "string" ? init.body : new TextDecoder().decode(init?.body as ArrayBuffer),
      );
    } catch {
      return jsonResponse(400, { error: { message: "request body is not JSON", type: "invalid_request_error" } });
    }
    const parsed = ChatRequestSchema.safeParse(body);
    if (!parsed.success) {
      return jsonResponse(400, {
        error: { message: `invalid request: ${parsed.error.issues[0]?.message}`, type: "invalid_request_error" },
      });
    }
    const req = parsed.data;
    const reply = planReply(req);
    const chunks = completionChunks(req, reply);
    const delay = opts.delayMs ?? 0;
    if (!req.stream) {
      // Unstreamed, the answer still takes as long as streaming it would.
      if (delay > 0) await new Promise((r) => setTimeout(r, delay * chunks.length));
      return jsonResponse(200, completionJson(req, reply));
    }
    const encoder = new TextEncoder();
    const signal = init?.signal;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = chunks.shift();
        if (next === undefined || signal?.aborted) return controller.close();
        if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        controller.enqueue(encoder.encode(next));
      },
    });
    return new Response(stream, { status: 200, headers: { "content-type": "text/event-stream" } });
  };
}
