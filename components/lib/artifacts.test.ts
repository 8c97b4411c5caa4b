import { describe, expect, it } from "vitest";
import { FilesListingSchema } from "@/lib/contracts/files";
import { artifactsKey, fileContentUrl, folderOf, otherOutputs, previewKind } from "./artifacts";

const entry = (path: string, mime: string, size = 10) => ({
  path,
  name: path.slice(path.lastIndexOf("/") + 1),
  size,
  mime,
  modified: "2026-01-01T00:00:00.000Z",
});

describe("fileContentUrl", () => {
  it("encodes the path and asks for an attachment only for downloads", () => {
    expect(fileContentUrl("t1", "/mnt/user-data/outputs/a b&c.md")).toBe(
      "/api/files/t1/content?path=%2Fmnt%2Fuser-data%2Foutputs%2Fa+b%26c.md",
    );
    expect(fileContentUrl("t1", "/mnt/user-data/outputs/n.md", { download: true })).toMatch(/&download=1$/);
  });
});

describe("previewKind", () => {
  it("renders markdown, shows text and code as text, images as images", () => {
    expect(previewKind({ name: "notes.md", mime: "text/markdown", size: 5 })).toBe("markdown");
    expect(previewKind({ name: "README.markdown", mime: "application/octet-stream", size: 5 })).toBe("markdown");
    expect(previewKind({ name: "data.csv", mime: "text/csv", size: 5 })).toBe("text");
    expect(previewKind({ name: "main.py", mime: "text/x-python", size: 5 })).toBe("text");
    expect(previewKind({ name: "page.html", mime: "text/html", size: 5 })).toBe("text");
    expect(previewKind({ name: "cfg.json", mime: "application/json", size: 5 })).toBe("text");
    expect(previewKind({ name: "chart.png", mime: "image/png", size: 5 })).toBe("image");
    expect(previewKind({ name: "logo.svg", mime: "image/svg+xml", size: 5 })).toBe("image");
  });

  it("offers binaries and very large text only as downloads", () => {
    expect(previewKind({ name: "a.zip", mime: "application/zip", size: 5 })).toBe("none");
    expect(previewKind({ name: "doc.pdf", mime: "application/pdf", size: 5 })).toBe("none");
    expect(previewKind({ name: "huge.log", mime: "text/plain", size: 10 * 1024 * 1024 })).toBe("too_large");
  });
});

describe("listing helpers", () => {
  it("parses the route's answer and keeps unpresented outputs apart", () => {
    const listing = FilesListingSchema.parse({
      artifacts: [entry("/mnt/user-data/outputs/notes.md", "text/markdown")],
      outputs: [
        entry("/mnt/user-data/outputs/notes.md", "text/markdown"),
        entry("/mnt/user-data/outputs/tmp/scratch.txt", "text/plain"),
      ],
      uploads: [],
    });
    expect(otherOutputs(listing).map((e) => e.name)).toEqual(["scratch.txt"]);
    expect(folderOf("/mnt/user-data/outputs/tmp/scratch.txt")).toBe("outputs/tmp");
  });

  it("keys the presented paths, ignoring junk", () => {
    expect(artifactsKey(["/a", 3, "/b"])).toBe("/a\n/b");
    expect(artifactsKey(undefined)).toBe("");
  });
});
