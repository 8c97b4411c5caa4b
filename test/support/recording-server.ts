import http from "node:http";
import type { AddressInfo } from "node:net";

/** A route of a RecordingServer: answers one request (its body already read). */
export type Route = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

/**
 * A real HTTP server on `host` (a port of its own) that records every request as "METHOD /path body" in `seen`
 * (and the request itself in `requests`, for its headers) and answers by `route`, or 404. For tests that play a
 * remote server, a hostile one included.
 */
export async function recordingServer(host: string, route: (path: string) => Route | undefined) {
  const seen: string[] = [];
  const requests: http.IncomingMessage[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const p = new URL(req.url ?? "/", "http://x").pathname;
      seen.push(`${req.method} ${p} ${body}`);
      requests.push(req);
      const r = route(p);
      if (r) r(req, res, body);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    seen,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type RecordingServer = Awaited<ReturnType<typeof recordingServer>>;
