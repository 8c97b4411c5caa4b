// Run `next build` when there is no build or any source is newer than it. Used by `npm start` and the benchmarks.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (/\.(tsx?|css|mjs|json)$/.test(entry.name)) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function buildIfStale({ force = false } = {}) {
  const buildId = path.join(root, ".next/BUILD_ID");
  const sources = ["app", "components", "lib", "servers"]
    .map((d) => path.join(root, d))
    .filter((d) => fs.existsSync(d));
  const newest = Math.max(
    ...sources.map(newestMtime),
    fs.statSync(path.join(root, "package.json")).mtimeMs,
    fs.statSync(path.join(root, "next.config.mjs")).mtimeMs,
  );
  if (!force && fs.existsSync(buildId) && newest <= fs.statSync(buildId).mtimeMs) return false;
  console.error("fawn: building the app (next build)…");
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (r.status !== 0) throw new Error(`next build failed (exit ${r.status})`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  buildIfStale({ force: process.argv.includes("--force") });
