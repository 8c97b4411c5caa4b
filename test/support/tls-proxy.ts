/**
 * A TLS-terminating reverse proxy in front of a Fawn server, as nginx would be deployed: HTTPS on a public name
 * (a self-signed certificate made with openssl for it), plain HTTP to the upstream, bodies streamed both ways (the
 * runs' server-sent events included). By default it forwards the upstream's Host, as nginx's `proxy_pass` does
 * unless told otherwise; `keepHost` forwards the browser's. X-Forwarded-* headers are added as a proxy would.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";

export interface TlsProxy {
  /** The public origin, e.g. https://fawn.example.test:3503. */
  url: string;
  /** Requests forwarded so far, with the Host the upstream was given. */
  forwarded: Array<{ method: string; path: string; host: string }>;
  close(): Promise<void>;
}

export interface TlsProxyOptions {
  /** The public host name the certificate is for (the browser must resolve it to 127.0.0.1). */
  hostName: string;
  port: number;
  /** The upstream Fawn, e.g. http://127.0.0.1:3502. */
  upstream: string;
  /** Folder for the key and certificate. */
  certDir: string;
  keepHost?: boolean;
}

function selfSignedCert(dir: string, hostName: string): { key: Buffer; cert: Buffer } {
  fs.mkdirSync(dir, { recursive: true });
  const key = path.join(dir, "proxy-key.pem");
  const cert = path.join(dir, "proxy-cert.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1"].concat([
      "-subj",
      `/CN=${hostName}`,
      "-addext",
      `subjectAltName=DNS:${hostName}`,
    ]),
    { stdio: "ignore" },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

export async function startTlsProxy(opts: TlsProxyOptions): Promise<TlsProxy> {
  const upstream = new URL(opts.upstream);
  const forwarded: TlsProxy["forwarded"] = [];
  const server = https.createServer(selfSignedCert(opts.certDir, opts.hostName), (req, res) => {
    const host = opts.keepHost ? (req.headers.host ?? upstream.host) : upstream.host;
    forwarded.push({ method: req.method ?? "GET", path: req.url ?? "/", host });
    const out = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          host,
          "x-forwarded-proto": "https",
          "x-forwarded-host": req.headers.host ?? "",
          "x-forwarded-for": req.socket.remoteAddress ?? "",
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on("error", (e) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: ${e.message}`);
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, "127.0.0.1", () => resolve());
  });
  return {
    url: `https://${opts.hostName}:${opts.port}`,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
