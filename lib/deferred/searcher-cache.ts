/**
 * Built search indexes by key (a catalog's hash and its techniques), bounded by how many and by how many tools they
 * index together: a 10,000-tool index holds about 30–50 MB, so a server whose large catalog keeps changing keeps a
 * few of them, not one per change. The least recently used go first; the newest is always kept.
 */
export class SearcherCache<T> {
  /** Least recently used first (a Map keeps insertion order; a read moves its entry to the end). */
  private readonly entries = new Map<string, { value: T; tools: number }>();
  private tools = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxTools: number,
  ) {}

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The index for `key`, now the most recently used; undefined when none is kept. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps an index of `tools` tools (unless one is kept for `key` already), then drops the oldest over the bounds. */
  set(key: string, value: T, tools: number): void {
    if (this.entries.has(key)) return;
    this.entries.set(key, { value, tools });
    this.tools += tools;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= 1) break;
      if (this.entries.size <= this.maxEntries && this.tools <= this.maxTools) break;
      this.entries.delete(oldest);
      this.tools -= entry.tools;
    }
  }

  /** How many indexes are kept and how many tools they index together. */
  size(): { entries: number; tools: number } {
    return { entries: this.entries.size, tools: this.tools };
  }
}
