/**
 * `fawn mcp login NAME` without a running Fawn server: a one-shot loopback listener on 127.0.0.1 receives the
 * authorization server's redirect (RFC 8252, native apps), so the person signs in in any browser and the tokens
 * land in the same 0600 file the server reads.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ResolvedServer } from "@/lib/config";
import { OAuthFlowError } from "@/lib/mcp/oauth/errors";
import type { McpOAuth } from "@/lib/mcp/oauth/service";

export interface LoopbackLoginOptions {
  /** 0 (default): any free port. A fixed port keeps one client registration across logins. */
  port?: number;
  timeoutMs?: number;
  /** Told the URL to open in a browser. */
  onUrl: (url: string) => void;
}

const page = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><p>${text.replace(/[<>&]/g, "")}</p>`;

export async function loginWithLoopback(oauth: McpOAuth, server: ResolvedServer, opts: LoopbackLoginOptions) {
  const listener = http.createServer();
  await new Promise<void>((resolve, reject) => {
    listener.once("error", reject);
    listener.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = listener.address() as AddressInfo;
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  let timer: NodeJS.Timeout | undefined;
  try {
    const { authorization_url } = await oauth.startSignIn(server, redirectUri);
    const done = new Promise<void>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new OAuthFlowError("no answer from the browser in time: run the login again", server.name)),
        opts.timeoutMs ?? 5 * 60_000,
      );
      listener.on("request", (req, res) => {
        const url = new URL(req.url ?? "/", redirectUri);
        if (url.pathname !== "/callback") return void res.writeHead(404).end();
        const q = Object.fromEntries(url.searchParams);
        oauth
          .finishSignIn(
            { state: q.state ?? "", code: q.code, error: q.error, error_description: q.error_description },
            () => server,
          )
          .then(
            () => {
              res
                .writeHead(200, { "content-type": "text/html" })
                .end(page("Signed in", `Fawn is signed in to ${server.name}. You can close this tab.`));
              resolve();
            },
            (e: Error) => {
              res.writeHead(400, { "content-type": "text/html" }).end(page("Sign-in failed", e.message));
              reject(e);
            },
          );
      });
    });
    opts.onUrl(authorization_url);
    await done;
  } finally {
    clearTimeout(timer);
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
}
