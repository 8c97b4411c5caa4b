/**
 * Where Fawn keeps what OAuth gives it for remote MCP servers: one JSON file under the data folder
 * (`mcp-oauth.json`, mode 0600), never the config, never the browser. Per server: the tokens (with the time
 * they expire), the dynamic client registrations (one per redirect URI) and the discovery state. Everything is
 * bound to the server's URL: when a server's URL changes, what was stored for the old URL is ignored, so a
 * token is never sent to a server it was not issued for. Every use checks the file (one stat: inode, size and
 * mtime) and parses it again only when it changed, so a `fawn mcp login` in another process is seen at once
 * while a tool call to an OAuth server (the SDK asks for the tokens on every request) costs no read and no parse.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../atomic-file";

export const OAUTH_FILE = "mcp-oauth.json";

const TokensSchema = z
  .object({
    access_token: z.string(),
    token_type: z.string(),
    expires_in: z.number().optional(),
    refresh_token: z.string().optional(),
    scope: z.string().optional(),
    /** Epoch ms when the access token expires (computed when saved). */
    expires_at: z.number().optional(),
    /** The redirect URI of the client registration the tokens belong to. */
    client_key: z.string(),
  })
  .loose();
export type StoredTokens = z.infer<typeof TokensSchema>;

const ClientSchema = z.object({ client_id: z.string() }).loose();
export type StoredClient = z.infer<typeof ClientSchema>;

const ServerRecordSchema = z.object({
  url: z.string(),
  tokens: TokensSchema.optional(),
  clients: z.record(z.string(), ClientSchema).default({}),
  discovery: z.record(z.string(), z.unknown()).optional(),
});
export type ServerRecord = z.infer<typeof ServerRecordSchema>;

const FileSchema = z.object({
  version: z.literal(1),
  servers: z.record(z.string(), ServerRecordSchema).default({}),
});
type OAuthFile = z.infer<typeof FileSchema>;

export class OAuthStore {
  readonly file: string;
  /** Writes within this process, one after another. */
  private chain: Promise<unknown> = Promise.resolve();
  /** The file as last parsed, under the stat it had then. */
  private parsed: { stamp: string; data: OAuthFile } | null = null;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, OAUTH_FILE);
  }

  /** The file as it is on disk now, parsed (update and remove change this fresh copy). */
  private read(): OAuthFile {
    let text: string;
    try {
      text = fs.readFileSync(this.file, "utf8");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, servers: {} };
      throw e;
    }
    const parsed = FileSchema.safeParse(JSON.parse(text));
    if (!parsed.success)
      throw new Error(`${this.file}: not a Fawn OAuth store (${parsed.error.issues[0]?.message ?? "invalid"})`);
    return parsed.data;
  }

  /**
   * The file as it is now, parsed again only when its stat changed. A write (here or by another process) renames
   * a new file into place (writeFileAtomic), so the inode alone tells a rewrite even within one mtime tick.
   */
  private current(): OAuthFile {
    let st: fs.Stats;
    try {
      st = fs.statSync(this.file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      this.parsed = null;
      return { version: 1, servers: {} };
    }
    const stamp = `${st.ino}:${st.size}:${st.mtimeMs}`;
    if (this.parsed?.stamp !== stamp) this.parsed = { stamp, data: this.read() };
    return this.parsed.data;
  }

  /** What is stored for `server` at `url` (the caller's own copy); nothing when it was stored for another URL. */
  get(server: string, url: string): ServerRecord | undefined {
    const rec = this.current().servers[server];
    return rec && rec.url === url ? structuredClone(rec) : undefined;
  }

  private write(data: OAuthFile): void {
    this.parsed = null;
    writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  }

  /** Change one server's record (created for `url` when missing or stored for another URL); `null` deletes it. */
  update(server: string, url: string, change: (rec: ServerRecord) => ServerRecord | null): Promise<void> {
    const run = this.chain.then(() => {
      const data = this.read();
      const current = data.servers[server];
      const rec: ServerRecord = current && current.url === url ? current : { url, clients: {} };
      const next = change(structuredClone(rec));
      if (next === null) delete data.servers[server];
      else data.servers[server] = next;
      this.write(data);
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Forget everything stored for a server (its tokens, registrations and discovery). */
  remove(server: string): Promise<void> {
    const run = this.chain.then(() => {
      const data = this.read();
      if (!(server in data.servers)) return;
      delete data.servers[server];
      this.write(data);
    });
    this.chain = run.catch(() => undefined);
    return run;
  }
}
