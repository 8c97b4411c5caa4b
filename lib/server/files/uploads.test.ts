/** Uploads are streamed (issue 9, finding 10): the size limit stops the reader, and nothing partial is ever listed. */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processIdentity } from "@/lib/persistence/process-identity";
import { LIMITS } from "@/lib/sandbox/limits";
import { PARTIAL_DIR, sweepPartialUploads } from "@/lib/sandbox/uploads";
import { REPO_ROOT } from "@/test/support/repo";
import { threadConfig, useTempSandbox } from "@/test/support/sandbox";
import { tsNodeArgs } from "@/test/support/spawn-http";
import { uploadFiles } from "./uploads";

let sb: Awaited<ReturnType<typeof useTempSandbox>>;
beforeAll(async () => {
  sb = await useTempSandbox();
});
afterAll(() => sb.cleanup());

const BOUNDARY = "----fawn-check-boundary";
const CHUNK = 64 * 1024;

/** A multipart body of one file of `size` bytes, produced on demand; `pulled` counts what the reader took. */
function lazyUpload(filename: string, size: number): { request: Request; pulled: () => number } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  let sent = 0;
  let pulled = 0;
  let stage: "head" | "body" | "tail" | "done" = "head";
  const filler = Buffer.alloc(CHUNK, 0x61);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk: Buffer;
      if (stage === "head") {
        chunk = head;
        stage = "body";
      } else if (stage === "body") {
        chunk = filler.subarray(0, Math.min(CHUNK, size - sent));
        sent += chunk.length;
        if (sent >= size) stage = "tail";
      } else if (stage === "tail") {
        chunk = tail;
        stage = "done";
      } else {
        controller.close();
        return;
      }
      pulled += chunk.length;
      controller.enqueue(new Uint8Array(chunk));
    },
  });
  const request = new Request("http://localhost/api/files/t/uploads", {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

describe("a 100 MB upload", () => {
  it("is refused with 413 once the per-file limit is passed: the reader stops there, nothing is buffered or kept", async () => {
    const { request, pulled } = lazyUpload("huge.bin", 100 * 1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const err = await uploadFiles(request, sb.root, "big-thread").then(
      () => null,
      (e: unknown) => e as { status?: number; message?: string },
    );
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    expect(err?.status).toBe(413);
    expect(err?.message).toContain('"huge.bin"');
    // The reader stops within a couple of chunks of the 25 MB limit, far from 100 MB.
    expect(pulled()).toBeLessThan(LIMITS.uploadBytes + 4 * CHUNK);
    // Nothing near the file's size was held in memory (the old code grew by more than 100 MB here).
    expect(rssGrowth).toBeLessThan(48 * 1024 * 1024);
    const uploads = await fs.readdir(path.join(sb.threadDir("big-thread"), "uploads")).catch(() => []);
    expect(uploads).toEqual([]);
  });
});

describe("an upload in progress", () => {
  it("is invisible: no listing, file tool or thread folder shows it until the whole request is read", async () => {
    const thread = "in-progress";
    await fs.mkdir(path.join(sb.threadDir(thread), "uploads"), { recursive: true });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let sentFirst: () => void = () => {};
    const firstSent = new Promise<void>((r) => {
      sentFirst = r;
    });
    const parts = [
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\n\r\n`,
      "first half, ",
      "second half",
      `\r\n--${BOUNDARY}--\r\n`,
    ];
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (i === 2) {
          sentFirst();
          await gate;
        }
        if (i >= parts.length) return controller.close();
        controller.enqueue(new TextEncoder().encode(parts[i++]));
      },
    });
    const request = new Request("http://localhost/x", {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      duplex: "half",
    } as RequestInit);
    const done = uploadFiles(request, sb.root, thread);
    await firstSent;
    await new Promise((r) => setTimeout(r, 50));
    expect(await fs.readdir(path.join(sb.threadDir(thread), "uploads"))).toEqual([]);
    const ls = await sb.tools.ls.invoke({ path: "/mnt/user-data" }, threadConfig(thread));
    expect(ls).not.toMatch(/slow|part/);
    // Bytes are on disk, only under the temp name outside the thread's folder.
    const partial = await fs.readdir(path.join(sb.root, PARTIAL_DIR));
    expect(partial).toHaveLength(1);
    expect(partial[0]).toMatch(new RegExp(`^${process.pid}\\.`));
    release();
    expect((await done).files.map((f) => [f.name, f.size])).toEqual([["slow.txt", 23]]);
    expect(await fs.readFile(path.join(sb.threadDir(thread), "uploads/slow.txt"), "utf8")).toBe(
      "first half, second half",
    );
    expect(await fs.readdir(path.join(sb.root, PARTIAL_DIR))).toEqual([]);
  });

  it("killed with SIGKILL mid-file leaves nothing listed, and the next upload removes its temp file", async () => {
    const thread = "killed";
    const child = spawn(process.execPath, tsNodeArgs("test/support/upload-writer.ts", [sb.root, thread, "big.csv"]), {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout?.setEncoding("utf8").on("data", (d: string) => d.includes("writing") && resolve());
      child.once("exit", (code) => reject(new Error(`upload writer exited early (${code})`)));
    });
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;

    const orphans = await fs.readdir(path.join(sb.root, PARTIAL_DIR));
    expect(orphans.filter((n) => n.startsWith(`${child.pid}.`))).toHaveLength(1);
    expect((await fs.stat(path.join(sb.root, PARTIAL_DIR, orphans[0]))).size).toBe(1024 * 1024);
    // Nothing of it in the thread: no 0-byte or partial big.csv.
    expect(await fs.readdir(path.join(sb.threadDir(thread), "uploads")).catch(() => [])).toEqual([]);

    const { request } = lazyUpload("next.csv", 10);
    const saved = await uploadFiles(request, sb.root, thread);
    expect(saved.files.map((f) => f.name)).toEqual(["next.csv"]);
    expect(await fs.readdir(path.join(sb.threadDir(thread), "uploads"))).toEqual(["next.csv"]);
    expect(await fs.readdir(path.join(sb.root, PARTIAL_DIR))).toEqual([]);
  });

  it("the sweep keeps the temp files of a live process and removes those of dead ones and strangers", async () => {
    const dir = path.join(sb.root, PARTIAL_DIR);
    const self = processIdentity();
    const mine = `${self.pid}.${self.started}.${randomUUID()}.part`;
    const dead = `999999999.1.${randomUUID()}.part`;
    await fs.writeFile(path.join(dir, mine), "x");
    await fs.writeFile(path.join(dir, dead), "x");
    await fs.writeFile(path.join(dir, "stray.txt"), "x");
    expect(await sweepPartialUploads(sb.root)).toBe(2);
    expect(await fs.readdir(dir)).toEqual([mine]);
    await fs.rm(path.join(dir, mine));
  });
});
