import { describe, expect, it } from "vitest";
import { base64Decode, base64Encode, generateUuids, hashText } from "./encoding";

describe("hashText", () => {
  it("matches known digests", () => {
    expect(hashText("abc").digest).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hashText("abc", "md5").digest).toBe("900150983cd24fb0d6963f7d28e17f72");
    expect(hashText("abc", "sha1", "base64").digest).toBe("qZk+NkcGgWq6PiVxeFDCbJzQ2J0=");
  });
});

describe("base64", () => {
  it("round-trips UTF-8, standard and URL-safe", () => {
    expect(base64Encode("héllo ✓")).toEqual({ base64: "aMOpbGxvIOKckw==", bytes: 10 });
    expect(base64Decode("aMOpbGxvIOKckw==")).toEqual({ text: "héllo ✓", bytes: 10 });
    const url = base64Encode("??>>", true).base64;
    expect(url).toBe("Pz8-Pg");
    expect(base64Decode(url, true).text).toBe("??>>");
  });
  it("returns hex for binary and names invalid input", () => {
    expect(base64Decode("/w==")).toMatchObject({ text: null, hex: "ff" });
    expect(() => base64Decode("Pz8-Pg")).toThrow(
      "Invalid argument 'data': is not base64: unexpected character '-' (if it uses '-' and '_', set url_safe: true)",
    );
    expect(() => base64Decode("abcde")).toThrow("impossible length");
  });
});

describe("generateUuids", () => {
  it("makes distinct v4 UUIDs and bounds the count", () => {
    const { uuids } = generateUuids(5);
    expect(new Set(uuids).size).toBe(5);
    for (const u of uuids) expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(() => generateUuids(101)).toThrow("Invalid argument 'count'");
  });
});
