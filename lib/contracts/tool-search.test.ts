import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "@/lib/deferred/catalog";
import { searchResultText } from "@/lib/deferred/promotion";
import { readToolSearchAnswer, ToolSearchAnswerSchema } from "./tool-search";

const entry = (name: string): CatalogEntry => ({
  name,
  server: "s",
  definition: { type: "function", function: { name, description: `${name}. More.`, parameters: { type: "object" } } },
});
const fn = (name: string) => entry(name).definition.function;

describe("ToolSearchAnswerSchema", () => {
  it("reads every form tool_search writes, keeping each definition whole", () => {
    const bare = searchResultText({ promote: [entry("a")], namesOnly: [] });
    expect(readToolSearchAnswer(bare)).toEqual({ tools: [fn("a")] });

    const full = searchResultText(
      { promote: [entry("a")], namesOnly: [{ entry: entry("b"), why: "budget" }] },
      { closest: [{ name: "c", server: "s2" }], notes: ["server s3 lists 4 tools"] },
    );
    expect(ToolSearchAnswerSchema.safeParse(JSON.parse(full)).success).toBe(true);
    expect(readToolSearchAnswer(full)).toMatchObject({
      tools: [fn("a")],
      not_loaded: [{ name: "b", description: "b.", why: "over the promoted-tools budget" }],
      closest: [{ name: "c", server: "s2" }],
      notes: ["server s3 lists 4 tools"],
      note: expect.stringContaining("select:NAME"),
    });
  });

  it("reads a definition wrapped as {type: function, function} as the bare one", () => {
    const text = JSON.stringify([{ type: "function", function: fn("a") }, fn("b")]);
    expect(readToolSearchAnswer(text)?.tools).toEqual([fn("a"), fn("b")]);
  });

  it("is null for a text answer, broken JSON or another shape", () => {
    expect(readToolSearchAnswer('No tools found for query "x".')).toBeNull();
    expect(readToolSearchAnswer("[{")).toBeNull();
    expect(readToolSearchAnswer('[{"title":"x"}]')).toBeNull();
    expect(readToolSearchAnswer('{"not_loaded":[]}')).toBeNull();
  });
});
