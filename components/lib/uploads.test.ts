import { describe, expect, it, vi } from "vitest";
import {
  formatBytes,
  mergePending,
  splitUploadedFiles,
  uploadFiles,
  uploadedFilesBlock,
  withUploadedFiles,
} from "./uploads";

const saved = [
  { path: "/mnt/user-data/uploads/report.csv", size: 2150 },
  { path: "/mnt/user-data/uploads/my notes (draft).txt", size: 12 },
];

describe("formatBytes", () => {
  it("writes sizes like the server", () => {
    expect(formatBytes(12)).toBe("12 B");
    expect(formatBytes(2150)).toBe("2.1 KB");
    expect(formatBytes(20 * 1024)).toBe("20 KB");
    expect(formatBytes(3 * 1024 * 1024)).toBe("3.0 MB");
  });
});

describe("the uploaded_files block", () => {
  it("lists one saved file a line", () => {
    expect(uploadedFilesBlock(saved.slice(0, 1))).toBe(
      "<uploaded_files>\n/mnt/user-data/uploads/report.csv (2.1 KB)\n</uploaded_files>",
    );
  });

  it("is appended after the person's text, or stands alone", () => {
    expect(withUploadedFiles("read it", saved.slice(0, 1))).toBe(
      "read it\n\n<uploaded_files>\n/mnt/user-data/uploads/report.csv (2.1 KB)\n</uploaded_files>",
    );
    expect(withUploadedFiles("  ", saved.slice(0, 1))).toMatch(/^<uploaded_files>/);
    expect(withUploadedFiles("no files", [])).toBe("no files");
  });

  it("round-trips through the message view, names with spaces and parentheses included", () => {
    const { text, files } = splitUploadedFiles(withUploadedFiles("read the uploaded file", saved));
    expect(text).toBe("read the uploaded file");
    expect(files).toEqual([
      { path: "/mnt/user-data/uploads/report.csv", name: "report.csv", sizeLabel: "2.1 KB" },
      { path: "/mnt/user-data/uploads/my notes (draft).txt", name: "my notes (draft).txt", sizeLabel: "12 B" },
    ]);
  });

  it("leaves text without a block alone and keeps a line it cannot parse as a path", () => {
    expect(splitUploadedFiles("plain <b>text</b>")).toEqual({ text: "plain <b>text</b>", files: [] });
    expect(splitUploadedFiles("x\n<uploaded_files>\n/odd/path\n</uploaded_files>").files).toEqual([
      { path: "/odd/path", name: "path", sizeLabel: "" },
    ]);
  });
});

describe("uploadFiles", () => {
  const file = (name: string, body = "hi") => new File([body], name, { type: "text/plain" });

  it("posts every file as a `file` field and returns what was saved", async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      const form = init?.body as FormData;
      const names = form.getAll("file").map((f) => (f as File).name);
      return Response.json({
        files: names.map((n) => ({ path: `/mnt/user-data/uploads/${n}`, name: n, size: 2, mime: "text/plain" })),
      });
    });
    const out = await uploadFiles("t 1", [file("a.txt"), file("b.txt")], fetchImpl as typeof fetch);
    expect(fetchImpl.mock.calls[0][0]).toBe("/api/files/t%201/uploads");
    expect(out.map((f) => f.path)).toEqual(["/mnt/user-data/uploads/a.txt", "/mnt/user-data/uploads/b.txt"]);
  });

  it("names the files and gives the server's message on refusal", async () => {
    const fetchImpl = async () =>
      Response.json(
        { error: { code: "payload_too_large", message: 'file "big.bin" is 30 MB, over the 25 MB limit for uploads' } },
        { status: 413 },
      );
    await expect(uploadFiles("t1", [file("big.bin"), file("a.txt")], fetchImpl as typeof fetch)).rejects.toThrow(
      'Upload of "big.bin", "a.txt" failed: file "big.bin" is 30 MB, over the 25 MB limit for uploads (payload_too_large)',
    );
  });

  it("names the files when the network fails or the answer is not JSON", async () => {
    const down = async () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(uploadFiles("t1", [file("a.txt")], down as typeof fetch)).rejects.toThrow(
      'Upload of "a.txt" failed: Failed to fetch',
    );
    const html = async () => new Response("<html>502</html>", { status: 502 });
    await expect(uploadFiles("t1", [file("a.txt")], html as typeof fetch)).rejects.toThrow(
      'Upload of "a.txt" failed: HTTP 502, not JSON',
    );
  });

  it("sends nothing for no files", async () => {
    const fetchImpl = vi.fn();
    await expect(uploadFiles("t1", [], fetchImpl as unknown as typeof fetch)).resolves.toEqual([]);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe("mergePending", () => {
  it("adds new files and skips ones already pending", () => {
    const a = new File(["1"], "a.txt", { lastModified: 1 });
    const again = new File(["1"], "a.txt", { lastModified: 1 });
    const b = new File(["22"], "a.txt", { lastModified: 1 });
    expect(mergePending([a], [again, b]).length).toBe(2);
  });
});
