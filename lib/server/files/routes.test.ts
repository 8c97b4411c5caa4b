import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTempSandbox } from "@/test/support/sandbox";
import { LIMITS } from "@/lib/sandbox/limits";
import { ThreadCreateBody } from "@/lib/server/schemas";
import { contentDisposition } from "./content";
import { artifactPathsOf, type StateReader } from "./listing";
import { filesRoutes } from "./routes";

let sb: Awaited<ReturnType<typeof useTempSandbox>>;
/** What the fake checkpoint holds per thread: values.artifacts. */
const presented = new Map<string, unknown>();
let runtimeCalls = 0;
const fakeRuntime: StateReader = {
  graph: { getState: async ({ configurable }) => ({ values: { artifacts: presented.get(configurable.thread_id) } }) },
  get toolContext() {
    return sb.toolContext;
  },
};
/** The threads that exist, as the LangGraph API's records would say. */
const threads = new Set<string>(["t1", "t2", "up1", "up2", "up3", "up4", "up5", "up6", "x.y", "run:42", "a.b-c_d"]);
const threadExists = async (id: string) => threads.has(id);
const routes = filesRoutes({
  getRuntime: async () => {
    runtimeCalls++;
    return fakeRuntime;
  },
  threadExists,
});
const small = filesRoutes({
  getRuntime: async () => fakeRuntime,
  threadExists,
  limits: { maxFileBytes: 1000, maxFiles: 3 },
});

const BASE = "http://localhost/api/files";
const ctx = (threadId: string) => ({ params: Promise.resolve({ threadId }) });
const get = (threadId: string, query = "") =>
  routes.content(new Request(`${BASE}/${threadId}/content${query}`), ctx(threadId));
const list = (threadId: string) => routes.list(new Request(`${BASE}/${threadId}`), ctx(threadId));
async function write(threadId: string, rel: string, data: string | Buffer): Promise<void> {
  const p = path.join(sb.threadDir(threadId), rel);
  await fs.mkdir(path.dirname(p), { recursive: true });
  await fs.writeFile(p, data);
}
function uploadRequest(
  threadId: string,
  files: Array<[string, string | Uint8Array<ArrayBuffer>]>,
  extra: Record<string, string> = {},
): Request {
  const form = new FormData();
  for (const [name, data] of files) form.append("file", new File([data], name));
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return new Request(`${BASE}/${threadId}/uploads`, { method: "POST", body: form });
}
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

beforeAll(async () => {
  sb = await useTempSandbox();
  await write("t1", "outputs/a.md", "# A\n");
  await write("t1", "outputs/b.md", "# B\n");
  await write("t1", "outputs/charts/c.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
  await write("t1", "outputs/page.html", "<script>alert(document.cookie)</script>");
  await write("t1", "outputs/pic.svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  await write("t1", 'outputs/résumé ü "q".md', "unicode name");
  await write("t1", "uploads/data.csv", "a,b\n1,2\n");
  await write("t1", "workspace/draft.txt", "scratch");
  await fs.symlink("/etc/hostname", path.join(sb.threadDir("t1"), "outputs/escape"));
  await write("t2", "outputs/secret.md", "thread two only");
});
afterAll(() => sb.cleanup());
afterEach(() => {
  delete process.env.FAWN_API_TOKEN;
});

describe("GET /api/files/{threadId}", () => {
  it("lists presented artifacts in order (existing only), all outputs and uploads", async () => {
    presented.set("t1", [
      "/mnt/user-data/outputs/b.md",
      "/mnt/user-data/outputs/gone.md",
      "/mnt/user-data/outputs/escape",
      "outputs/a.md",
      "/mnt/user-data/outputs/a.md",
    ]);
    const before = runtimeCalls;
    const res = await list("t1");
    expect(res.status).toBe(200);
    expect(runtimeCalls).toBe(before + 1);
    const body = (await res.json()) as {
      artifacts: Array<Record<string, unknown>>;
      outputs: Array<Record<string, unknown>>;
      uploads: Array<Record<string, unknown>>;
    };
    expect(body.artifacts.map((a) => a.path)).toEqual(["/mnt/user-data/outputs/b.md", "/mnt/user-data/outputs/a.md"]);
    expect(body.artifacts[0]).toEqual({
      path: "/mnt/user-data/outputs/b.md",
      name: "b.md",
      size: 4,
      mime: "text/markdown",
      modified: expect.any(String),
    });
    expect(body.outputs.map((o) => o.path)).toEqual([
      "/mnt/user-data/outputs/a.md",
      "/mnt/user-data/outputs/b.md",
      "/mnt/user-data/outputs/charts/c.png",
      "/mnt/user-data/outputs/page.html",
      "/mnt/user-data/outputs/pic.svg",
      '/mnt/user-data/outputs/résumé ü "q".md',
    ]);
    expect(body.outputs[2]).toMatchObject({ name: "c.png", size: 8, mime: "image/png" });
    expect(body.uploads).toEqual([
      {
        path: "/mnt/user-data/uploads/data.csv",
        name: "data.csv",
        size: 8,
        mime: "text/csv",
        modified: expect.any(String),
      },
    ]);
  });

  it("tolerates a state without artifacts", async () => {
    presented.set("t2", undefined);
    const body = (await (await list("t2")).json()) as { artifacts: unknown[]; outputs: unknown[] };
    expect(body.artifacts).toEqual([]);
    expect(body.outputs).toHaveLength(1);
    expect(artifactPathsOf({ artifacts: ["/a", 3, null] })).toEqual(["/a"]);
    expect(artifactPathsOf(null)).toEqual([]);
  });

  it("answers empty lists for a thread without files, and creates no folder for it", async () => {
    const res = await list("never-seen");
    expect(await res.json()).toEqual({ artifacts: [], outputs: [], uploads: [] });
    await expect(fs.stat(sb.threadDir("never-seen"))).rejects.toThrow(/ENOENT/);
  });

  it("refuses a bad thread id with 400", async () => {
    for (const id of ["../t1", "t1/../t2", "a b", "", "x".repeat(129)]) {
      const res = await list(id);
      expect(res.status, id).toBe(400);
      expect((await errorOf(res)).message).toMatch(/thread id .* is invalid/);
    }
  });

  it("serves every id the LangGraph API accepts, e.g. x.y and a:b (one thread-id contract)", async () => {
    for (const id of ["x.y", "run:42", "a.b-c_d"]) {
      expect(ThreadCreateBody.safeParse({ thread_id: id }).success, id).toBe(true);
      await write(id, "outputs/r.md", "# R\n");
      const res = await list(id);
      expect(res.status, id).toBe(200);
      expect(((await res.json()) as { outputs: Array<{ path: string }> }).outputs.map((o) => o.path)).toEqual([
        "/mnt/user-data/outputs/r.md",
      ]);
      expect((await get(id, "?path=outputs/r.md")).status, id).toBe(200);
      expect((await routes.upload(uploadRequest(id, [["u.txt", "up"]]), ctx(id))).status, id).toBe(200);
    }
  });

  it("is behind the API token when one is set", async () => {
    process.env.FAWN_API_TOKEN = "s3cret";
    expect((await list("t1")).status).toBe(401);
    const ok = await routes.list(new Request(`${BASE}/t1`, { headers: { authorization: "Bearer s3cret" } }), ctx("t1"));
    expect(ok.status).toBe(200);
  });
});

describe("GET /api/files/{threadId}/content", () => {
  it("serves a markdown file inline with its type and safety headers", async () => {
    const res = await get("t1", "?path=/mnt/user-data/outputs/a.md");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("# A\n");
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("content-length")).toBe("4");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="a.md"; filename*=UTF-8''a.md`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("serves binary bytes unchanged, and relative paths and other areas of the same thread", async () => {
    const png = await get("t1", "?path=outputs/charts/c.png");
    expect(png.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await png.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);
    expect(await (await get("t1", "?path=/mnt/user-data/uploads/data.csv")).text()).toBe("a,b\n1,2\n");
    expect(await (await get("t1", "?path=workspace/draft.txt")).text()).toBe("scratch");
  });

  it.each([
    ["page.html", "text/html; charset=utf-8"],
    ["pic.svg", "image/svg+xml; charset=utf-8"],
  ])("sandboxes %s so it cannot script the app's origin", async (name, type) => {
    const res = await get("t1", `?path=/mnt/user-data/outputs/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(type);
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("download=1 gives an attachment with an RFC 5987 name", async () => {
    const q = `?path=${encodeURIComponent('/mnt/user-data/outputs/résumé ü "q".md')}&download=1`;
    const res = await get("t1", q);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="r_sum_ _ _q_.md"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%C3%BC%20%22q%22.md`,
    );
    expect(contentDisposition("inline", "it's (a)*.txt")).toBe(
      `inline; filename="it's (a)*.txt"; filename*=UTF-8''it%27s%20%28a%29%2A.txt`,
    );
    expect((await get("t1", "?path=outputs/a.md&download=0")).headers.get("content-disposition")).toMatch(/^inline;/);
    expect((await get("t1", "?path=outputs/a.md&download=maybe")).status).toBe(400);
  });

  // [raw query value as sent, decoded path the message must name]
  const hostile: Array<[string, string]> = [
    ["/mnt/user-data/outputs/../../../../etc/passwd", "/mnt/user-data/outputs/../../../../etc/passwd"],
    ["../t2/outputs/secret.md", "../t2/outputs/secret.md"],
    ["outputs/../../t2/outputs/secret.md", "outputs/../../t2/outputs/secret.md"],
    ["/etc/passwd", "/etc/passwd"],
    ["<host path of t2's secret.md>", "__HOST__"], // filled in below, once the temp sandbox exists
    ["%2e%2e/%2e%2e/etc/passwd", "../../etc/passwd"],
    ["/mnt/user-data/outputs/%2E%2E/%2e%2e/t2/outputs/secret.md", "/mnt/user-data/outputs/../../t2/outputs/secret.md"],
    ["/mnt/user-data/outputs/%252e%252e/%252e%252e/etc/passwd", "/mnt/user-data/outputs/%2e%2e/%2e%2e/etc/passwd"],
    ["outputs%2f..%2f..%2fetc%2fpasswd", "outputs/../../etc/passwd"],
    ["outputs/a.md%00.png", "outputs/a.md\0.png"],
    ["outputs%5c..%5c..%5cetc%5cpasswd", "outputs\\..\\..\\etc\\passwd"],
    ["~/.ssh/id_rsa", "~/.ssh/id_rsa"],
    ["/mnt/user-data-evil/outputs/a.md", "/mnt/user-data-evil/outputs/a.md"],
    ["/mnt/user-data", "/mnt/user-data"],
    ["config.yaml", "config.yaml"],
    ["outputs/escape", "outputs/escape"],
    ["outputs", "outputs"],
    ["", ""],
  ];
  it.each(hostile)("refuses %j with 400 naming the path", async (raw, decoded) => {
    const expected = decoded === "__HOST__" ? path.join(sb.root, "threads/t2/outputs/secret.md") : decoded;
    const query = decoded === "__HOST__" ? encodeURIComponent(expected) : raw;
    const res = await get("t1", `?path=${query}`);
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.code).toBe("invalid_query");
    expect(err.message).toContain(JSON.stringify(expected));
  });

  it("answers 404 for a missing file, including another thread's file", async () => {
    for (const [thread, p] of [
      ["t1", "/mnt/user-data/outputs/nope.md"],
      ["t1", "/mnt/user-data/outputs/secret.md"],
      ["no-such-thread", "outputs/a.md"],
    ]) {
      const res = await get(thread, `?path=${encodeURIComponent(p)}`);
      expect(res.status, p).toBe(404);
      expect((await errorOf(res)).message).toContain(JSON.stringify(p));
    }
    await expect(fs.stat(sb.threadDir("no-such-thread"))).rejects.toThrow(/ENOENT/);
  });

  it("answers 400 for a missing or repeated path parameter and a bad thread id", async () => {
    expect((await get("t1")).status).toBe(400);
    expect((await get("t1", "?path=outputs/a.md&path=outputs/b.md")).status).toBe(400);
    const bad = await routes.content(new Request(`${BASE}/x/content?path=outputs/a.md`), ctx("..%2ft2"));
    expect(bad.status).toBe(400);
  });
});

describe("POST /api/files/{threadId}/uploads", () => {
  const post = (threadId: string, req: Request, r = routes) => r.upload(req, ctx(threadId));

  it("saves a single file and returns its virtual path", async () => {
    const res = await post("up1", uploadRequest("up1", [["notes.txt", "hello"]]));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      files: [{ path: "/mnt/user-data/uploads/notes.txt", name: "notes.txt", size: 5, mime: "text/plain" }],
    });
    expect(await fs.readFile(path.join(sb.threadDir("up1"), "uploads/notes.txt"), "utf8")).toBe("hello");
    const listed = (await (await list("up1")).json()) as { uploads: Array<{ path: string }> };
    expect(listed.uploads.map((u) => u.path)).toEqual(["/mnt/user-data/uploads/notes.txt"]);
  });

  it("saves several files, never overwriting, with sanitised names", async () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    const res = await post(
      "up2",
      uploadRequest(
        "up2",
        [
          ["a.csv", "x"],
          ["a.csv", "y"],
          ["../../evil.png", bytes],
        ],
        { note: "ignored" },
      ),
    );
    expect(res.status).toBe(200);
    const { files } = (await res.json()) as {
      files: Array<{ path: string; name: string; size: number; mime: string }>;
    };
    expect(files.map((f) => [f.path, f.size, f.mime])).toEqual([
      ["/mnt/user-data/uploads/a.csv", 1, "text/csv"],
      ["/mnt/user-data/uploads/a-1.csv", 1, "text/csv"],
      ["/mnt/user-data/uploads/evil.png", 4, "image/png"],
    ]);
    const dir = path.join(sb.threadDir("up2"), "uploads");
    expect(await fs.readFile(path.join(dir, "a-1.csv"), "utf8")).toBe("y");
    expect([...(await fs.readFile(path.join(dir, "evil.png")))]).toEqual([0, 1, 2, 255]);
  });

  it("refuses an oversize file with 413 naming it, saving none of the batch", async () => {
    const res = await post(
      "up3",
      uploadRequest("up3", [
        ["ok.txt", "fine"],
        ["big.bin", new Uint8Array(1001)],
      ]),
      small,
    );
    expect(res.status).toBe(413);
    const err = await errorOf(res);
    expect(err.code).toBe("payload_too_large");
    expect(err.message).toBe('file "big.bin" is over the 1000 B limit for uploads; no file of this upload was saved');
    expect(await fs.readdir(path.join(sb.threadDir("up3"), "uploads")).catch(() => [])).toEqual([]);
  });

  it("applies the real per-file cap", async () => {
    const res = await post("up4", uploadRequest("up4", [["huge.bin", new Uint8Array(LIMITS.uploadBytes + 1)]]));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toContain('"huge.bin"');
  });

  it("refuses too many files and an over-large request body with 413", async () => {
    const many = await post(
      "up5",
      uploadRequest("up5", [
        ["1", "a"],
        ["2", "b"],
        ["3", "c"],
        ["4", "d"],
      ]),
      small,
    );
    expect(many.status).toBe(413);
    expect((await errorOf(many)).message).toMatch(/more than 3 files in one upload; at most 3/);
    const huge = await post("up5", uploadRequest("up5", [["x", new Uint8Array(2 * 1024 * 1024)]]), small);
    expect(huge.status).toBe(413);
  });

  it("answers 400 without files or with a text 'file' field, 415 for a non-multipart body", async () => {
    const none = await post("up6", uploadRequest("up6", [], { other: "v" }));
    expect(none.status).toBe(400);
    expect((await errorOf(none)).message).toMatch(/no files: send one or more 'file' fields \(got fields "other"\)/);
    const form = new FormData();
    form.append("file", "just text");
    const text = await post("up6", new Request(`${BASE}/up6/uploads`, { method: "POST", body: form }));
    expect(text.status).toBe(400);
    expect((await errorOf(text)).message).toMatch(/body\.file\[0\] is a text field/);
    // A file under another field name, large or small, is named as a file in the wrong field.
    const misnamed = new FormData();
    misnamed.append("files", new File([new Uint8Array(100 * 1024)], "big.bin"));
    const wrong = await post("up6", new Request(`${BASE}/up6/uploads`, { method: "POST", body: misnamed }));
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(
      `body.files holds a file ("big.bin"), but files are read from fields named 'file' only (one per file); no file of this upload was saved`,
    );
    const json = await post(
      "up6",
      new Request(`${BASE}/up6/uploads`, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      }),
    );
    expect(json.status).toBe(415);
    const badId = await post("../up6", uploadRequest("x", [["a.txt", "a"]]));
    expect(badId.status).toBe(400);
  });

  it("answers 404 naming the thread for an id that is not a thread, and creates nothing", async () => {
    const res = await post("never-created", uploadRequest("never-created", [["a.txt", "a"]]));
    expect(res.status).toBe(404);
    const err = await errorOf(res);
    expect(err.code).toBe("not_found");
    expect(err.message).toContain("Thread never-created not found");
    await expect(fs.stat(sb.threadDir("never-created"))).rejects.toThrow(/ENOENT/);
  });

  it("refuses a multipart body that is cut off with 400, keeping none of it", async () => {
    const body = '--B\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\n\r\npartial conte';
    const res = await post(
      "up6",
      new Request(`${BASE}/up6/uploads`, {
        method: "POST",
        body,
        headers: { "content-type": "multipart/form-data; boundary=B" },
      }),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/could not be parsed: the body ended inside a part/);
    const listed = (await (await list("up6")).json()) as { uploads: Array<{ path: string }> };
    expect(listed.uploads.map((u) => u.path)).not.toContain("/mnt/user-data/uploads/cut.txt");
  });
});
