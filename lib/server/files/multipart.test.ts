import { describe, expect, it } from "vitest";
import { boundaryOf, MultipartError, type MultipartLimits, readMultipart } from "./multipart";

/** A body as fetch serialises a FormData (what browsers send), with its boundary. */
async function encoded(form: FormData): Promise<{ bytes: Buffer; boundary: string }> {
  const req = new Request("http://x/", { method: "POST", body: form });
  const boundary = boundaryOf(req.headers.get("content-type") ?? "");
  if (!boundary) throw new Error("no boundary");
  return { bytes: Buffer.from(await req.arrayBuffer()), boundary };
}

/** A stream handing out `bytes` in pieces of `size` bytes. */
function chunked(bytes: Buffer, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + size)));
      at += size;
    },
  });
}

interface ReadPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: string;
}

async function readAll(stream: ReadableStream<Uint8Array>, boundary: string, limits?: MultipartLimits) {
  const parts: ReadPart[] = [];
  for await (const p of readMultipart(stream, boundary, limits)) {
    const chunks: Uint8Array[] = [];
    for await (const c of p.body) chunks.push(c);
    parts.push({
      name: p.name,
      filename: p.filename,
      contentType: p.contentType,
      data: Buffer.concat(chunks).toString("latin1"),
    });
  }
  return parts;
}

describe("boundaryOf", () => {
  it("reads plain and quoted boundaries of multipart/form-data only", () => {
    expect(boundaryOf("multipart/form-data; boundary=abc")).toBe("abc");
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).toBe("a b:c");
    expect(boundaryOf("multipart/form-data")).toBeNull();
    expect(boundaryOf("multipart/mixed; boundary=abc")).toBeNull();
    expect(boundaryOf("application/json")).toBeNull();
  });
});

describe("readMultipart", () => {
  const binary = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 31) % 256));

  it.each([1, 2, 7, 45, 64 * 1024])("gives the same parts however the body is split (%i-byte chunks)", async (size) => {
    const form = new FormData();
    form.append("note", "hello\r\n--not a boundary");
    form.append("file", new File([binary], "a.bin", { type: "application/octet-stream" }));
    form.append("file", new File([""], "empty.txt", { type: "text/plain" }));
    form.append("file", new File(["résumé"], "résumé.txt", { type: "text/plain" }));
    const { bytes, boundary } = await encoded(form);
    const parts = await readAll(chunked(bytes, size), boundary);
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ["note", undefined, undefined],
      ["file", "a.bin", "application/octet-stream"],
      ["file", "empty.txt", "text/plain"],
      ["file", "résumé.txt", "text/plain"],
    ]);
    expect(parts[0].data).toBe("hello\r\n--not a boundary");
    expect(Buffer.from(parts[1].data, "latin1").equals(binary)).toBe(true);
    expect(parts[2].data).toBe("");
    expect(Buffer.from(parts[3].data, "latin1").toString("utf8")).toBe("résumé");
  });

  it("ignores a preamble and an epilogue, and reads filename* and escaped quotes", async () => {
    const body = Buffer.from(
      "preamble text\r\n--XY\r\n" +
        'Content-Disposition: form-data; name="file"; filename="a\\"b.txt"\r\n\r\n' +
        "one\r\n--XY  \r\n" +
        "Content-Disposition: form-data; name=file; filename=\"fallback.txt\"; filename*=UTF-8''%E2%82%AC.txt\r\n\r\n" +
        "two\r\n--XY--\r\nepilogue",
    );
    const parts = await readAll(chunked(body, 5), "XY");
    expect(parts.map((p) => [p.filename, p.data])).toEqual([
      ['a"b.txt', "one"],
      ["€.txt", "two"],
    ]);
  });

  it("skips what the caller did not read of a part", async () => {
    const form = new FormData();
    form.append("file", new File([binary], "skipped.bin"));
    form.append("file", new File(["kept"], "kept.txt"));
    const { bytes, boundary } = await encoded(form);
    const names: string[] = [];
    let kept = "";
    for await (const p of readMultipart(chunked(bytes, 100), boundary)) {
      names.push(p.filename ?? "");
      if (p.filename === "kept.txt") for await (const c of p.body) kept += Buffer.from(c).toString();
    }
    expect(names).toEqual(["skipped.bin", "kept.txt"]);
    expect(kept).toBe("kept");
  });

  it("stops reading the stream when the caller stops", async () => {
    const form = new FormData();
    form.append("file", new File([Buffer.alloc(1024 * 1024)], "big.bin"));
    const { bytes, boundary } = await encoded(form);
    let pulled = 0;
    let cancelled = false;
    const inner = chunked(bytes, 1024).getReader();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const r = await inner.read();
        if (r.done) return controller.close();
        pulled += r.value.byteLength;
        controller.enqueue(r.value);
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const p of readMultipart(stream, boundary)) {
      let got = 0;
      for await (const c of p.body) {
        got += c.byteLength;
        if (got >= 10 * 1024) break;
      }
      break;
    }
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(20 * 1024);
  });

  it.each([
    ["no delimiter at all", "just text", /no part delimited by boundary "XY"/],
    ["a part cut off", '--XY\r\nContent-Disposition: form-data; name="a"\r\n\r\nabc', /ended inside a part/],
    ["headers cut off", '--XY\r\nContent-Disposition: form-data; name="a"', /ended inside a part's headers/],
    ["no Content-Disposition", "--XY\r\nContent-Type: text/plain\r\n\r\nabc\r\n--XY--", /no Content-Disposition/],
    ["no name", "--XY\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--XY--", /has no name/],
    ["junk after a delimiter", '--XYjunk\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n--XY--', /line break/],
    ["a malformed header", "--XY\r\nno colon here\r\n\r\nabc\r\n--XY--", /malformed header line/],
  ])("refuses %s", async (_what, text, message) => {
    await expect(readAll(chunked(Buffer.from(text), 3), "XY")).rejects.toThrow(message);
    await expect(readAll(chunked(Buffer.from(text), 3), "XY")).rejects.toBeInstanceOf(MultipartError);
  });

  it("bounds the header block and the number of parts", async () => {
    const longHeader = `--XY\r\nContent-Disposition: form-data; name="a"\r\nX-Pad: ${"p".repeat(500)}\r\n\r\nv\r\n--XY--`;
    await expect(
      readAll(chunked(Buffer.from(longHeader), 64), "XY", { maxHeaderBytes: 200, maxParts: 10 }),
    ).rejects.toThrow(/headers are over 200 bytes/);
    const many = `${Array.from({ length: 4 }, (_, i) => `--XY\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join("")}--XY--`;
    await expect(readAll(chunked(Buffer.from(many), 64), "XY", { maxHeaderBytes: 200, maxParts: 3 })).rejects.toThrow(
      /more than 3 parts/,
    );
    expect(await readAll(chunked(Buffer.from(many), 64), "XY", { maxHeaderBytes: 200, maxParts: 4 })).toHaveLength(4);
  });
});
