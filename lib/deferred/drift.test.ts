import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ToolCatalog } from "./catalog";
import { diffCatalogs } from "./drift";
import { makeTool } from "@/test/support/tools";

const catalog = (...tools: ReturnType<typeof makeTool>[]) =>
  new ToolCatalog(tools.map((tool) => ({ tool, server: "s" })));

describe("diffCatalogs", () => {
  it("names what was added, removed and changed, and which part of a changed tool", () => {
    const before = catalog(makeTool("keep"), makeTool("gone"), makeTool("desc"), makeTool("params"));
    const after = catalog(
      makeTool("keep"),
      makeTool("desc", "now says something else"),
      makeTool("params", "params does things", { value: z.number() }),
      makeTool("new"),
    );
    const at = new Date("2026-12-01T00:00:00Z");
    expect(diffCatalogs(before, after, at)).toEqual({
      from_hash: before.hash,
      to_hash: after.hash,
      at: "2026-12-01T00:00:00.000Z",
      added: ["new"],
      removed: ["gone"],
      changed: [
        { name: "desc", fields: ["description"] },
        { name: "params", fields: ["parameters"] },
      ],
    });
  });
  it("null when no tool changed; everything added from no catalog", () => {
    expect(diffCatalogs(catalog(makeTool("a")), catalog(makeTool("a")))).toBeNull();
    expect(diffCatalogs(null, catalog(makeTool("a")))?.added).toEqual(["a"]);
  });
});
