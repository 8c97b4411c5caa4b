/**
 * One Fawn instance without Next.js, for the multi-instance tests and `bench:load --instances`: the same
 * route handlers `next start` mounts (the LangGraph API of lib/server/instance.ts, GET /api/persistence),
 * behind node:http. Config from FAWN_CONFIG / FAWN_EXTENSIONS_CONFIG, as for the app.
 *
 *   node --import tsx test/support/instance-server.ts --port 3400
 *
 * Prints `listening on http://127.0.0.1:PORT` to stderr once it accepts requests. SIGTERM stops its runs
 * and closes its connections; SIGKILL is the crash the tests need.
 */
import http from "node:http";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { GET as persistenceStatus } from "@/app/api/persistence/route";
import { getLangGraphApi } from "@/lib/server/instance";

const { values } = parseArgs({ options: { port: { type: "string", default: "0" } }, allowPositionals: true });

function toRequest(req: http.IncomingMessage, port: number, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`http://${req.headers.host ?? `127.0.0.1:${port}`}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  } as RequestInit);
}

async function send(res: http.ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, [...response.headers.entries()].flat());
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  } catch {
    res.destroy();
  }
}

const server = http.createServer((req, res) => {
  const port = (server.address() as { port: number }).port;
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const request = toRequest(req, port, controller.signal);
  const path = new URL(request.url).pathname;
  const handled = path.startsWith("/api/langgraph")
    ? getLangGraphApi().handle(request)
    : path === "/api/persistence"
      ? persistenceStatus(request)
      : Promise.resolve(Response.json({ error: { code: "not_found", message: path } }, { status: 404 }));
  handled.then(
    (response) => send(res, response),
    (err: unknown) => {
      res.writeHead(500).end(String(err));
    },
  );
});

server.listen(Number(values.port), "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  // The Host check of the edge accepts loopback names on the port the server says it listens on.
  process.env.PORT = String(port);
  process.stderr.write(`listening on http://127.0.0.1:${port}\n`);
});

process.on("SIGTERM", () => {
  server.close();
  void getLangGraphApi()
    .close()
    .finally(() => process.exit(0));
});
