import { createHash, randomUUID } from "node:crypto";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { addTool, PURE, ToolArgumentError } from "./define";
import { MAX_TEXT_LENGTH } from "./text";

export const HASH_ALGORITHMS = ["sha256", "sha1", "md5", "sha512"] as const;
type HashAlgorithm = (typeof HASH_ALGORITHMS)[number];

export function hashText(text: string, algorithm: HashAlgorithm = "sha256", encoding: "hex" | "base64" = "hex") {
  return { algorithm, encoding, digest: createHash(algorithm).update(text, "utf8").digest(encoding) };
}

export function base64Encode(text: string, urlSafe = false) {
  const data = Buffer.from(text, "utf8").toString(urlSafe ? "base64url" : "base64");
  return { base64: data, bytes: Buffer.byteLength(text, "utf8") };
}

// Buffer.from(…, "base64") silently skips junk, so validate the alphabet and padding first.
export function base64Decode(data: string, urlSafe = false) {
  const compact = data.replace(/\s+/g, "");
  const alphabet = urlSafe ? /^[A-Za-z0-9_-]*={0,2}$/ : /^[A-Za-z0-9+/]*={0,2}$/;
  if (!alphabet.test(compact)) {
    const bad = [...compact].find((c) => !(urlSafe ? /[A-Za-z0-9_=-]/ : /[A-Za-z0-9+/=]/).test(c));
    const hint = urlSafe ? "" : " (if it uses '-' and '_', set url_safe: true)";
    throw new ToolArgumentError(
      "data",
      `is not ${urlSafe ? "URL-safe " : ""}base64: unexpected character '${bad ?? "="}'${hint}`,
    );
  }
  if (compact.replace(/=+$/, "").length % 4 === 1)
    throw new ToolArgumentError("data", "has an impossible length for base64 (truncated?)");
  const bytes = Buffer.from(compact, urlSafe ? "base64url" : "base64");
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), bytes: bytes.length };
  } catch {
    return {
      text: null,
      hex: bytes.toString("hex"),
      bytes: bytes.length,
      note: "decoded bytes are not valid UTF-8 text; shown as hex",
    };
  }
}

export function generateUuids(count = 1) {
  if (!Number.isInteger(count) || count < 1 || count > 100)
    throw new ToolArgumentError("count", `must be an integer from 1 to 100, got ${count}`);
  return { uuids: Array.from({ length: count }, () => randomUUID()) };
}

export function registerEncodingTools(server: McpServer): void {
  addTool(
    server,
    "hash_text",
    {
      title: "Hash text",
      description:
        "Compute a cryptographic hash (SHA-256, SHA-1, MD5 or SHA-512) of a UTF-8 text, as hex or base64. " +
        "Use to fingerprint content, compare texts, or produce checksums and digests.",
      inputSchema: {
        text: z.string().max(MAX_TEXT_LENGTH).describe("The text to hash (hashed as UTF-8 bytes)"),
        algorithm: z.enum(HASH_ALGORITHMS).optional().describe("sha256 (default), sha1, md5 or sha512"),
        encoding: z.enum(["hex", "base64"]).optional().describe("Digest encoding: hex (default) or base64"),
      },
      annotations: PURE,
    },
    ({ text, algorithm, encoding }) => hashText(text, algorithm, encoding),
  );
  addTool(
    server,
    "base64_encode",
    {
      title: "Base64 encode",
      description:
        "Encode UTF-8 text as base64 (standard or URL-safe). Use for data URIs, HTTP Basic auth headers, or embedding text in JSON/URLs.",
      inputSchema: {
        text: z.string().max(MAX_TEXT_LENGTH).describe("Text to encode"),
        url_safe: z.boolean().optional().describe("Use the URL-safe alphabet (- and _) without padding; default false"),
      },
      annotations: PURE,
    },
    ({ text, url_safe }) => base64Encode(text, url_safe),
  );
  addTool(
    server,
    "base64_decode",
    {
      title: "Base64 decode",
      description:
        "Decode base64 (standard or URL-safe) back to UTF-8 text; binary data that is not text comes back as hex. " +
        "Use to read base64 payloads, JWT segments (url_safe), or encoded config values.",
      inputSchema: {
        data: z.string().max(MAX_TEXT_LENGTH).describe("The base64 string; whitespace is ignored"),
        url_safe: z
          .boolean()
          .optional()
          .describe("Input uses the URL-safe alphabet (- and _), as in JWTs; default false"),
      },
      annotations: PURE,
    },
    ({ data, url_safe }) => base64Decode(data, url_safe),
  );
  addTool(
    server,
    "generate_uuid",
    {
      title: "Generate UUIDs",
      description:
        "Generate random version 4 UUIDs (cryptographically secure). Use when you need unique identifiers or test IDs.",
      inputSchema: {
        count: z.number().int().min(1).max(100).optional().describe("How many UUIDs to generate (1-100, default 1)"),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ count }) => generateUuids(count),
  );
}
