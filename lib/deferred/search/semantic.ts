import type { SearchDoc } from "./types";

/** What the semantic retriever needs from an embeddings client (LangChain's OpenAIEmbeddings fits). */
export interface EmbeddingsLike {
  embedDocuments(texts: string[]): Promise<number[][]>;
  embedQuery(text: string): Promise<number[]>;
}

/** The text a tool is embedded as: its name in words, its description and its parameter names. */
export function embeddingText(doc: SearchDoc): string {
  const props = Object.keys(((doc.parameters as { properties?: Record<string, unknown> }).properties ?? {}) as object);
  const name = doc.name.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");
  return [name, doc.description, props.length ? `parameters: ${props.join(", ")}` : ""]
    .filter(Boolean)
    .join("\n")
    .slice(0, 2000);
}

function normalise(v: number[]): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  const out = new Float32Array(v.length);
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < v.length; i++) out[i] = v[i] * inv;
  return out;
}

/** Tool vectors, built once per catalog; ranks by cosine similarity to the query. */
export class SemanticIndex {
  private constructor(
    private readonly names: string[],
    private readonly vectors: Float32Array[],
  ) {}

  static async build(docs: readonly SearchDoc[], embeddings: EmbeddingsLike): Promise<SemanticIndex> {
    const vectors = await embeddings.embedDocuments(docs.map(embeddingText));
    if (vectors.length !== docs.length)
      throw new Error(`the embeddings endpoint returned ${vectors.length} vectors for ${docs.length} tools`);
    return new SemanticIndex(
      docs.map((d) => d.name),
      vectors.map(normalise),
    );
  }

  /** Names by similarity, best first; ties by name so results are deterministic. */
  rank(queryVector: number[], limit: number): string[] {
    const q = normalise(queryVector);
    const scored = this.names.map((name, i) => {
      const v = this.vectors[i];
      let dot = 0;
      for (let j = 0; j < Math.min(v.length, q.length); j++) dot += v[j] * q[j];
      return { name, dot };
    });
    scored.sort((a, b) => b.dot - a.dot || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return scored.slice(0, limit).map((s) => s.name);
  }
}

/**
 * Reciprocal-rank fusion: each list contributes weight / (k + rank). Robust to the two retrievers'
 * scores living on different scales; ties by name.
 */
export function fuseRankings(
  lists: ReadonlyArray<{ names: readonly string[]; weight: number }>,
  limit: number,
  k = 60,
): string[] {
  const score = new Map<string, number>();
  for (const { names, weight } of lists)
    for (const [i, n] of names.entries()) score.set(n, (score.get(n) ?? 0) + weight / (k + i + 1));
  return [...score.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, limit)
    .map(([n]) => n);
}
