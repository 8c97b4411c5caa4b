// The offline demo model as a standalone OpenAI-compatible endpoint, for running Fawn (or any OpenAI
// client) against a model in another process, as a hosted model would be:
//   node --import tsx servers/demo-model/main.ts [--port 3918] [--host 127.0.0.1] [--delay-ms 8]
// then set `base_url: http://127.0.0.1:3918/v1` (any api_key) on a model in config.yaml.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { createDemoFetch } from "@/lib/models/demo/fetch";

const MAX_BODY = 8 * 1024 * 1024;

export async function serveDemoModel(opts: { port?: number; host?: string; delayMs?: number } = {}) {
  const demo = createDemoFetch({ delayMs: opts.delayMs ?? 0 });
  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const c of req) {
        size += (c as Buffer).length;
        if (size > MAX_BODY) return void res.writeHead(413).end();
        chunks.push(c as Buffer);
      }
      const ac = new AbortController();
      res.on("close", () => ac.abort());
      const response = await demo(`http://demo${req.url ?? "/"}`, {
        method: req.method,
        body: Buffer.concat(chunks).toString("utf8"),
        signal: ac.signal,
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) return void res.end();
      for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) res.write(part);
      res.end();
    } catch (e) {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: (e as Error).message, type: "server_error" } }));
    }
  });
  // Idle keep-alive connections outlive the client's: with Node's 5 s default, a request sent on a pooled
  // connection as the server closes it fails with "Connection error" (seen under load in bench:load).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 3918, opts.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${opts.host ?? "127.0.0.1"}:${port}/v1`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() as string)) {
  const { values } = parseArgs({
    options: { port: { type: "string" }, host: { type: "string" }, "delay-ms": { type: "string" } },
  });
  const running = await serveDemoModel({
    port: Number(values.port ?? 3918),
    host: values.host,
    delayMs: Number(values["delay-ms"] ?? 8),
  });
  process.stderr.write(`demo model listening on ${running.url}\n`);
}
