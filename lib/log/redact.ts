import type { LoadedConfig } from "@/lib/config";

const MIN_SECRET_LENGTH = 4;

/** Every configured value that must never be shown: model keys, the database password, MCP env and header values. */
export function secretsOf(config: Pick<LoadedConfig, "app" | "servers">): string[] {
  const out = new Set<string>();
  for (const m of config.app.models) if (m.api_key) out.add(m.api_key);
  const db = config.app.checkpointer;
  if (db?.type === "postgres") {
    // A driver error or a log line may echo the connection string: its password, and the URL whole.
    out.add(db.url);
    const password = URL.canParse(db.url) ? decodeURIComponent(new URL(db.url).password) : "";
    if (password) out.add(password);
  }
  for (const s of config.servers) for (const v of serverSecretsOf(s)) out.add(v);
  return [...out].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** One MCP server's secrets: its env values and header values (and a header's token alone). */
export function serverSecretsOf(server: Pick<LoadedConfig["servers"][number], "config">): string[] {
  const out = new Set<string>();
  for (const v of Object.values(server.config.env)) out.add(v);
  for (const v of Object.values(server.config.headers)) {
    out.add(v);
    // "Bearer abc": the token alone may be echoed too.
    const token = /^\S+\s+(\S+)$/.exec(v)?.[1];
    if (token) out.add(token);
  }
  return [...out].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** Replace each secret by *** (longest first, so a secret containing another is masked whole). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join("***");
  return out;
}
