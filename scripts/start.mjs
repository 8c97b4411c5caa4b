#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, then serve on 127.0.0.1 and print the URL.
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.PORT ?? "3000";
const host = process.env.HOST ?? "127.0.0.1";
const nextBin = path.join(root, "node_modules/next/dist/bin/next");

try {
  buildIfStale({ force: !!process.env.FAWN_REBUILD });
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
const server = spawn(process.execPath, [nextBin, "start", "-H", host, "-p", port], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
});
server.stdout.on("data", (d) => {
  process.stdout.write(d);
  if (/Ready|started server/i.test(String(d))) {
    console.log(
      `\nFawn is running at http://${host}:${port}  (demo model offline unless config.yaml names a real one)`,
    );
    // The server answers only to loopback names unless told otherwise (DNS-rebinding protection).
    if (!["127.0.0.1", "localhost", "::1"].includes(host) && !process.env.FAWN_ALLOWED_HOSTS)
      console.log(`Listening on ${host}: set FAWN_ALLOWED_HOSTS to the name(s) browsers will use to reach it.`);
    // The token itself is never printed: the person who set it knows it.
    if (process.env.FAWN_API_TOKEN)
      console.log(`FAWN_API_TOKEN is set: open http://${host}:${port}/auth?token=<your token> once in the browser.`);
    console.log("");
  }
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
