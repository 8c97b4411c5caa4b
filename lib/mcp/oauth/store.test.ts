import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OAuthStore } from "./store";

const URL_A = "https://mcp.example/a";

function dataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "fawn-oauth-store-"));
}

function tokens(access: string) {
  return { access_token: access, token_type: "Bearer", client_key: "http://127.0.0.1:3599/cb" };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("OAuthStore", () => {
  it("sees a sign-in made by another process (another store on the same file) at once", async () => {
    const dir = dataDir();
    const app = new OAuthStore(dir);
    const cli = new OAuthStore(dir);
    expect(app.get("remote", URL_A)).toBeUndefined();
    await cli.update("remote", URL_A, (r) => ({ ...r, tokens: tokens("tok-first-0001") }));
    expect(app.get("remote", URL_A)?.tokens?.access_token).toBe("tok-first-0001");
    // Same size, and the mtime put back: the new file is still seen (a write renames a new inode into place).
    const before = fs.statSync(app.file);
    await cli.update("remote", URL_A, (r) => ({ ...r, tokens: tokens("tok-other-0002") }));
    fs.utimesSync(app.file, before.atime, before.mtime);
    expect(fs.statSync(app.file).size).toBe(before.size);
    expect(app.get("remote", URL_A)?.tokens?.access_token).toBe("tok-other-0002");
    await cli.remove("remote");
    expect(app.get("remote", URL_A)).toBeUndefined();
    fs.rmSync(app.file);
    expect(app.get("remote", URL_A)).toBeUndefined();
  });

  it("reads and parses the file only when it changed, not on every use", async () => {
    const dir = dataDir();
    const store = new OAuthStore(dir);
    await store.update("remote", URL_A, (r) => ({ ...r, tokens: tokens("tok-cached-0003") }));
    const reads = vi.spyOn(fs, "readFileSync");
    const readsOfStore = () => reads.mock.calls.filter(([file]) => file === store.file).length;
    for (let i = 0; i < 20; i++) expect(store.get("remote", URL_A)?.tokens?.access_token).toBe("tok-cached-0003");
    expect(readsOfStore()).toBe(1);
    await store.update("remote", URL_A, (r) => ({ ...r, tokens: tokens("tok-fresh-00004") }));
    const afterUpdate = readsOfStore();
    expect(store.get("remote", URL_A)?.tokens?.access_token).toBe("tok-fresh-00004");
    expect(store.get("remote", URL_A)?.tokens?.access_token).toBe("tok-fresh-00004");
    expect(readsOfStore()).toBe(afterUpdate + 1);
  });

  it("hands out a copy: changing it changes nothing stored", async () => {
    const store = new OAuthStore(dataDir());
    await store.update("remote", URL_A, (r) => ({ ...r, tokens: tokens("tok-kept-00005") }));
    const rec = store.get("remote", URL_A);
    if (!rec?.tokens) throw new Error("no record");
    rec.tokens.access_token = "changed by a caller";
    rec.url = "https://elsewhere.example";
    expect(store.get("remote", URL_A)?.tokens?.access_token).toBe("tok-kept-00005");
  });

  it("a damaged file is refused on every use, not remembered as empty", () => {
    const store = new OAuthStore(dataDir());
    fs.mkdirSync(path.dirname(store.file), { recursive: true });
    fs.writeFileSync(store.file, JSON.stringify({ version: 2 }));
    expect(() => store.get("remote", URL_A)).toThrow(/not a Fawn OAuth store/);
    expect(() => store.get("remote", URL_A)).toThrow(/not a Fawn OAuth store/);
  });
});
