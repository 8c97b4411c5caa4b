import type { Env } from "./env";
import fs from "node:fs";
import { ConfigError } from "./errors";
import { type ConfigPaths, type LoadedConfig, loadConfigFiles, resolveConfigPaths } from "./load";

interface Stamp {
  mtimeMs: number;
  size: number;
}

function stampOf(file: string): Stamp | null {
  try {
    const st = fs.statSync(file);
    return { mtimeMs: st.mtimeMs, size: st.size };
  } catch {
    return null;
  }
}

const sameStamp = (a: Stamp | null, b: Stamp | null) =>
  a === b || (!!a && !!b && a.mtimeMs === b.mtimeMs && a.size === b.size);

/**
 * Config cached in memory and reloaded when a file changes (mtime + size, then content hash),
 * without a restart. A broken edit keeps the last good config and is reported through `lastError`.
 */
export class ConfigStore {
  private current: LoadedConfig | null = null;
  private stamps: [Stamp | null, Stamp | null] = [null, null];
  /** The error of the newest edit, when it could not be loaded (the previous config stays in force). */
  lastError: ConfigError | null = null;

  constructor(
    readonly paths: ConfigPaths,
    private readonly env: Env = process.env,
  ) {}

  get(): LoadedConfig {
    const stamps: [Stamp | null, Stamp | null] = [stampOf(this.paths.config), stampOf(this.paths.extensions)];
    if (this.current && sameStamp(stamps[0], this.stamps[0]) && sameStamp(stamps[1], this.stamps[1])) {
      return this.current;
    }
    try {
      const loaded = loadConfigFiles(this.paths, this.env);
      this.stamps = stamps;
      this.lastError = null;
      if (!this.current || this.current.fingerprint !== loaded.fingerprint) {
        const { texts: _texts, ...rest } = loaded;
        this.current = rest;
      }
      return this.current;
    } catch (e) {
      if (!(e instanceof ConfigError) || !this.current) throw e;
      this.stamps = stamps;
      this.lastError = e;
      return this.current;
    }
  }
}

const stores = new Map<string, ConfigStore>();

/** The process-wide store for the given (or default / env) paths. */
export function getConfigStore(opts: { config?: string; extensions?: string } = {}): ConfigStore {
  const paths = resolveConfigPaths(opts);
  const key = `${paths.config}\0${paths.extensions}`;
  let store = stores.get(key);
  if (!store) {
    store = new ConfigStore(paths);
    stores.set(key, store);
  }
  return store;
}
