import type { FetchLike } from "@/lib/models/demo/fetch";
import {
  type ChatRequest,
  ChatRequestSchema,
  completionChunks,
  completionJson,
  type DemoReply,
} from "@/lib/models/demo/wire";

/** Wraps an OpenAI-compatible fetch and keeps every chat request it carried (tests assert on bound tools). */
export function recordingFetch(inner: FetchLike): {
  fetch: FetchLike;
  requests: ChatRequest[];
  boundTools: () => string[][];
} {
  const requests: ChatRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    if (typeof init?.body === "string") requests.push(ChatRequestSchema.parse(JSON.parse(init.body)));
    return inner(input, init);
  };
  return { fetch, requests, boundTools: () => requests.map((r) => (r.tools ?? []).map((t) => t.function.name).sort()) };
}

/** An OpenAI-compatible endpoint that plays back fixed replies, one per request (then repeats the last). */
export function scriptedFetch(replies: DemoReply[]): FetchLike {
  let i = 0;
  return async (_input, init) => {
    const req = ChatRequestSchema.parse(JSON.parse(String(init?.body)));
    const reply = replies[Math.min(i++, replies.length - 1)];
    if (!req.stream)
      return new Response(JSON.stringify(completionJson(req, reply)), {
        headers: { "content-type": "application/json" },
      });
    const body = completionChunks(req, reply).join("");
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
}
