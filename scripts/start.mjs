#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, then serve on 127.0.0.1 and print the URL.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.PORT ?? "3000";
const host = process.env.HOST ?? "127.0.0.1";
const nextBin = path.join(root, "node_modules/next/dist/bin/next");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (/\.(tsx?|css|mjs)$/.test(entry.name)) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

const buildId = path.join(root, ".next/BUILD_ID");
const sources = ["app", "components", "lib", "servers"].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d));
const stale = !fs.existsSync(buildId) || Math.max(...sources.map(newestMtime), fs.statSync(path.join(root, "package.json")).mtimeMs) > fs.statSync(buildId).mtimeMs;
if (stale || process.env.FAWN_REBUILD) {
  console.log("fawn: building the app (next build)…");
  const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = spawn(process.execPath, [nextBin, "start", "-H", host, "-p", port], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
server.stdout.on("data", (d) => {
  process.stdout.write(d);
  if (/Ready|started server/i.test(String(d))) console.log(`\nFawn is running at http://${host}:${port}  (demo model offline unless config.yaml names a real one)\n`);
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
