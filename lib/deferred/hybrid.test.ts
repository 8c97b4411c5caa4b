import { describe, expect, it } from "vitest";
import { createEmbeddings } from "@/lib/models/embeddings";
import { ToolCatalog } from "./catalog";
import { HybridSearch } from "./hybrid";
import { makeTool } from "@/test/support/tools";

/**
 * A stand-in for a hosted embeddings model at the HTTP boundary: an OpenAI-compatible /embeddings
 * endpoint whose vectors put words of one meaning on one axis, so it "understands" paraphrases.
 */
const CONCEPTS = [
  ["screenshot", "capture", "png", "picture", "snap", "screen", "image"],
  ["mail", "email", "inbox", "letter", "recipients"],
  ["commit", "staged", "repository", "history", "version"],
  ["folder", "directory", "entries", "files", "list"],
];
function embed(text: string): number[] {
  const v = new Array(CONCEPTS.length + 1).fill(0);
  for (const w of text.toLowerCase().split(/[^a-z]+/)) {
    const i = CONCEPTS.findIndex((c) => c.includes(w));
    if (i >= 0) v[i] += 1;
  }
  v[CONCEPTS.length] = 0.01;
  return v;
}

function embeddingsEndpoint(opts: { fail?: boolean } = {}) {
  const requests: Array<{ url: string; model: string; inputs: string[] }> = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input);
    const body = JSON.parse(String(init?.body)) as {
      model: string;
      input: string | string[];
      encoding_format?: string;
    };
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    requests.push({ url, model: body.model, inputs });
    if (opts.fail) return new Response(JSON.stringify({ error: { message: "embeddings down" } }), { status: 500 });
    const data = inputs.map((text, index) => {
      const vec = embed(text);
      const embedding =
        body.encoding_format === "base64" ? Buffer.from(new Float32Array(vec).buffer).toString("base64") : vec;
      return { object: "embedding", index, embedding };
    });
    return new Response(
      JSON.stringify({ object: "list", data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }),
      {
        headers: { "content-type": "application/json" },
      },
    );
  };
  return { fetch, requests };
}

// The words alone: without the learned translation language model, worked examples, the learned reranker and the
// kinds WordNet says a word is, which find "image" → screenshot by themselves.
const catalog = () =>
  new ToolCatalog(
    [
      makeTool("take_screenshot", "Capture the visible page as a PNG"),
      makeTool("git_commit", "Record staged changes to the repository"),
      makeTool("send_email", "Send an email to recipients"),
      makeTool("list_files", "List the entries of a folder"),
      makeTool("weather_report", "Forecast for a city"),
    ].map((tool) => ({ tool, server: "s" })),
    { likelihood: false, exemplars: false, rerank: false, hypernyms: false },
  );
const cfg = { enabled: true, model: "test-embed", base_url: "http://embeddings.test/v1", weight: 1, timeout_s: 5 };

describe("HybridSearch (embeddings at the HTTP boundary)", () => {
  it("finds a paraphrase the words alone miss, building the tool index once", async () => {
    const c = catalog();
    const endpoint = embeddingsEndpoint();
    const hybrid = new HybridSearch(c, { embeddings: createEmbeddings(cfg, { fetch: endpoint.fetch }), weight: 1 });
    const query = "image of what my display shows";
    expect(c.search(query, 5)[0]?.name).not.toBe("take_screenshot");
    expect((await hybrid.search(query, 5))[0].name).toBe("take_screenshot");
    expect((await hybrid.search("letter to my team", 3))[0].name).toBe("send_email");
    expect(endpoint.requests[0]).toMatchObject({ url: "http://embeddings.test/v1/embeddings", model: "test-embed" });
    expect(endpoint.requests[0].inputs).toHaveLength(5);
    // One batch for the tools, then one request per query.
    expect(endpoint.requests.map((r) => r.inputs.length)).toEqual([5, 1, 1]);
  });

  it("select:, +term and regex keep their lexical semantics and never call the endpoint", async () => {
    const endpoint = embeddingsEndpoint();
    const hybrid = new HybridSearch(catalog(), {
      embeddings: createEmbeddings(cfg, { fetch: endpoint.fetch }),
      weight: 1,
    });
    expect((await hybrid.search("select:git_commit", 5)).map((e) => e.name)).toEqual(["git_commit"]);
    expect((await hybrid.search("+send email", 5))[0].name).toBe("send_email");
    expect((await hybrid.search("^list_", 5)).map((e) => e.name)).toEqual(["list_files"]);
    expect(endpoint.requests).toHaveLength(0);
  });

  it("an endpoint that fails leaves the lexical result in place", async () => {
    const c = new ToolCatalog([makeTool("alpha_tool", "does alpha things")].map((tool) => ({ tool, server: "s" })));
    const endpoint = embeddingsEndpoint({ fail: true });
    const hybrid = new HybridSearch(c, { embeddings: createEmbeddings(cfg, { fetch: endpoint.fetch }), weight: 1 });
    expect((await hybrid.search("alpha", 5)).map((e) => e.name)).toEqual(["alpha_tool"]);
    expect(endpoint.requests.length).toBeGreaterThan(0);
  });
});
