/** Deleting a thread deletes its files (issue 9, finding 8): through the LangGraph API and /api/files, on a real runtime. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FawnRuntime } from "@/lib/agent/runtime";
import { API_URL, callApi, silentLogger } from "@/test/support/api";
import { tempConfig } from "@/test/support/config";
import { eventually, processesWith, uniqueSleep } from "@/test/support/sandbox-procs";
import { createLangGraphApi, type LangGraphApi } from "./api";
import { filesRoutes } from "./files/routes";

const CONFIG = `tools:
  - name: bash
    use: "@/lib/sandbox:bash_tool"
    timeout_s: 120
approvals:
  default: never
tool_search:
  enabled: false
`;

let rt: FawnRuntime;
let api: LangGraphApi;
let files: ReturnType<typeof filesRoutes>;
let root: string;

beforeAll(async () => {
  rt = new FawnRuntime(tempConfig({ servers: {}, extraYaml: CONFIG }));
  api = createLangGraphApi({
    getRuntime: () => rt.get(),
    logger: silentLogger,
    apiToken: undefined,
    corsOrigins: [],
    allowedHosts: [new URL(API_URL).host],
  });
  files = filesRoutes({ getRuntime: () => rt.get(), threadExists: (id) => api.hasThread(id) });
  root = (await rt.get()).toolContext.sandbox.root;
});
afterAll(async () => {
  await api.close();
  await rt.close();
});

const ctx = (threadId: string) => ({ params: Promise.resolve({ threadId }) });
const threadDir = (threadId: string) => path.join(root, "threads", threadId);

async function upload(threadId: string, name: string, text: string): Promise<number> {
  const form = new FormData();
  form.append("file", new File([text], name));
  const res = await files.upload(
    new Request(`http://127.0.0.1/api/files/${threadId}/uploads`, { method: "POST", body: form }),
    ctx(threadId),
  );
  return res.status;
}

async function listed(threadId: string): Promise<string[]> {
  const res = await files.list(new Request(`http://127.0.0.1/api/files/${threadId}`), ctx(threadId));
  const body = (await res.json()) as { uploads: Array<{ path: string }>; outputs: Array<{ path: string }> };
  return [...body.uploads, ...body.outputs].map((f) => f.path);
}

describe("DELETE /threads/{id}", () => {
  test("removes the thread's folder; a new thread with the same id sees no files", async () => {
    const id = "reused-id";
    expect((await callApi(api, "POST", "/threads", { thread_id: id })).status).toBe(200);
    expect(await upload(id, "secret.txt", "only for the first thread")).toBe(200);
    fs.mkdirSync(path.join(threadDir(id), "outputs/deep/er"), { recursive: true });
    fs.writeFileSync(path.join(threadDir(id), "outputs/deep/er/report.md"), "# old");
    expect(await listed(id)).toEqual(["/mnt/user-data/uploads/secret.txt", "/mnt/user-data/outputs/deep/er/report.md"]);

    expect((await callApi(api, "DELETE", `/threads/${id}`)).status).toBe(204);
    expect(fs.existsSync(threadDir(id))).toBe(false);

    expect((await callApi(api, "POST", "/threads", { thread_id: id })).status).toBe(200);
    expect(await listed(id)).toEqual([]);
    const old = await files.content(
      new Request(`http://127.0.0.1/api/files/${id}/content?path=uploads/secret.txt`),
      ctx(id),
    );
    expect(old.status).toBe(404);
  });

  test("leaves other threads' files alone, and does not follow a symlinked thread folder out", async () => {
    const keep = "kept-thread";
    expect((await callApi(api, "POST", "/threads", { thread_id: keep })).status).toBe(200);
    expect(await upload(keep, "mine.txt", "keep me")).toBe(200);
    const gone = "gone-thread";
    expect((await callApi(api, "POST", "/threads", { thread_id: gone })).status).toBe(200);
    expect(await upload(gone, "x.txt", "x")).toBe(200);
    // A thread folder replaced by a link to another thread's folder: only the link goes.
    fs.rmSync(threadDir(gone), { recursive: true });
    fs.symlinkSync(threadDir(keep), threadDir(gone));
    expect((await callApi(api, "DELETE", `/threads/${gone}`)).status).toBe(204);
    expect(fs.existsSync(threadDir(gone))).toBe(false);
    expect(fs.readFileSync(path.join(threadDir(keep), "uploads/mine.txt"), "utf8")).toBe("keep me");
  });

  test("a run's bash command is cancelled and killed before the folder goes", async () => {
    const id = "busy-thread";
    const marker = uniqueSleep();
    expect((await callApi(api, "POST", "/threads", { thread_id: id })).status).toBe(200);
    const run = await callApi(api, "POST", `/threads/${id}/runs`, {
      assistant_id: "lead_agent",
      input: { messages: [{ type: "human", content: `bash {"command":"sleep ${marker}"}` }] },
    });
    expect(run.status).toBe(200);
    expect(await eventually(() => processesWith(marker).length > 0, 20_000)).toBe(true);

    expect((await callApi(api, "DELETE", `/threads/${id}`)).status).toBe(204);
    expect(processesWith(marker)).toEqual([]);
    expect(fs.existsSync(threadDir(id))).toBe(false);
    expect((await callApi(api, "GET", `/threads/${id}`)).status).toBe(404);
  });
});
