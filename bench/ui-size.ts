/**
 * npm run -s bench:ui-size [-- --build]
 * The JavaScript the `/` page loads, from the production build in `.next/`: every `<script src>` of the
 * page as `next start` serves it (the nomodule polyfill left out: modern browsers skip it), raw, gzip and brotli, plus
 * its CSS and the chunks that only load on demand (dynamic imports: highlighter, KaTeX, …).
 * `--build` runs `next build` first when the sources are newer than the build.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ensureBuilt, startServer } from "../test/support/next-server";
import { REPO_ROOT as REPO } from "../test/support/repo";

const argv = process.argv.slice(2).filter((a) => a !== "--");
const unknown = argv.filter((a) => a !== "--build");
if (unknown.length > 0) throw new Error(`unknown argument "${unknown[0]}" (flags: --build)`);

interface Sized {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

function sizeOf(rel: string): Sized {
  const buf = fs.readFileSync(path.join(REPO, ".next", rel));
  return {
    file: rel,
    raw: buf.length,
    gzip: zlib.gzipSync(buf, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(buf).length,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (xs: Sized[], k: "raw" | "gzip" | "brotli") => xs.reduce((n, x) => n + x[k], 0);

/** `<script src>` and stylesheet `<link href>` of the prerendered page, in document order, without duplicates. */
function pageAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = m[1] ?? "";
    if (/\bnomodule\b/i.exec(attrs)) continue;
    const src = /\bsrc="\/_next\/([^"]+)"/.exec(attrs)?.[1];
    if (src && !scripts.includes(src)) scripts.push(src);
  }
  const styles: string[] = [];
  for (const m of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="\/_next\/([^"]+)"/g)) {
    if (m[1] && !styles.includes(m[1])) styles.push(m[1]);
  }
  return { scripts, styles };
}

/**
 * The `/` page's HTML as `next start` serves it: the page is rendered per request (its CSP nonce), so
 * the build holds no prerendered copy to read.
 */
async function servedPage(): Promise<string> {
  const server = await startServer("bench-ui-size");
  try {
    return await (await fetch(`${server.url}/`)).text();
  } finally {
    await server.stop();
  }
}

async function main() {
  if (argv.includes("--build")) await ensureBuilt();
  if (!fs.existsSync(path.join(REPO, ".next/BUILD_ID")))
    throw new Error("there is no production build in .next/: run `npx next build` first (or pass --build)");
  const { scripts, styles } = pageAssets(await servedPage());
  const initial = scripts.map(sizeOf);
  const css = styles.map(sizeOf);
  const chunkDir = path.join(REPO, ".next/static/chunks");
  const loaded = new Set([...scripts, ...styles]);
  const polyfills = new Set(
    (JSON.parse(fs.readFileSync(path.join(REPO, ".next/build-manifest.json"), "utf8")) as { polyfillFiles: string[] })
      .polyfillFiles,
  );
  const lazy = fs
    .readdirSync(chunkDir)
    .map((f) => `static/chunks/${f}`)
    .filter((f) => f.endsWith(".js") && !loaded.has(f) && !polyfills.has(f))
    .map(sizeOf);

  console.log("JavaScript the / page loads (production build, .next/)");
  for (const s of [...initial].sort((a, b) => b.raw - a.raw)) {
    console.log(`  ${s.file.padEnd(44)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gzip`);
  }
  const rows: Array<[string, string]> = [
    ["initial JS (scripts of /)", `${initial.length} files`],
    [
      "  raw / gzip / brotli",
      `${kb(sum(initial, "raw"))} / ${kb(sum(initial, "gzip"))} / ${kb(sum(initial, "brotli"))}`,
    ],
    ["CSS raw / gzip", `${kb(sum(css, "raw"))} / ${kb(sum(css, "gzip"))}`],
    ["on-demand JS chunks (not in the page)", `${lazy.length} files`],
    ["  raw / gzip", `${kb(sum(lazy, "raw"))} / ${kb(sum(lazy, "gzip"))}`],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  for (const [k, v] of rows) console.log(`${k.padEnd(w)}  ${v}`);
}

main().catch((e) => {
  console.error(`bench:ui-size: ${(e as Error).message}`);
  process.exit(1);
});
