// Notes persisted as one JSON file in the data dir. Every operation re-reads the file,
// and writes go to a temp file and are renamed into place, so a crash never leaves half a file.
// Writes within one process are serialised per file; two processes writing at once can still lose an update.
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import * as z from "zod";
import { ToolArgumentError } from "./define";

export const NoteSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;
const NotesFileSchema = z.object({ version: z.literal(1), notes: z.array(NoteSchema) });

export const MAX_NOTES = 10_000;
export const MAX_TITLE = 200;
export const MAX_BODY = 20_000;

const queues = new Map<string, Promise<unknown>>();

export function normalizeTags(tags: string[] = []): string[] {
  const out = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase().replace(/^#/, "");
    if (!tag) continue;
    if (tag.length > 40) throw new ToolArgumentError("tags", `tag '${tag.slice(0, 20)}…' is longer than 40 characters`);
    out.add(tag);
  }
  if (out.size > 20) throw new ToolArgumentError("tags", `at most 20 tags, got ${out.size}`);
  return [...out];
}

function terms(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

function occurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

export class NotesStore {
  readonly file: string;

  constructor(
    dataDir: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.file = path.resolve(dataDir, "notes.json");
  }

  async read(): Promise<Note[]> {
    let text: string;
    try {
      text = await readFile(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(`notes file ${this.file} is not valid JSON: ${(error as Error).message}`);
    }
    const parsed = NotesFileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`notes file ${this.file} is malformed at '${issue.path.join(".")}': ${issue.message}`);
    }
    return parsed.data.notes;
  }

  private async write(notes: Note[]): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
    await writeFile(tmp, JSON.stringify({ version: 1, notes }, null, 2) + "\n", "utf8");
    await rename(tmp, this.file);
  }

  private mutate<T>(change: (notes: Note[]) => { notes: Note[]; result: T }): Promise<T> {
    const run = (queues.get(this.file) ?? Promise.resolve()).then(async () => {
      const { notes, result } = change(await this.read());
      await this.write(notes);
      return result;
    });
    // Keep the chain alive after a failure so the next write still runs.
    queues.set(
      this.file,
      run.catch(() => undefined),
    );
    return run;
  }

  add(title: string, body = "", tags: string[] = []): Promise<Note> {
    const cleanTitle = title.trim();
    if (!cleanTitle) throw new ToolArgumentError("title", "must not be empty");
    if (cleanTitle.length > MAX_TITLE) throw new ToolArgumentError("title", `is longer than ${MAX_TITLE} characters`);
    if (body.length > MAX_BODY) throw new ToolArgumentError("body", `is longer than ${MAX_BODY} characters`);
    const cleanTags = normalizeTags(tags);
    return this.mutate((notes) => {
      if (notes.length >= MAX_NOTES)
        throw new Error(`notes file ${this.file} already holds ${MAX_NOTES} notes; delete some first`);
      let id: string;
      do id = randomUUID().slice(0, 8);
      while (notes.some((n) => n.id === id));
      const at = this.now().toISOString();
      const note: Note = { id, title: cleanTitle, body, tags: cleanTags, created_at: at, updated_at: at };
      return { notes: [...notes, note], result: note };
    });
  }

  delete(id: string): Promise<Note> {
    return this.mutate((notes) => {
      const found = notes.find((n) => n.id === id.trim());
      if (!found)
        throw new ToolArgumentError("id", `no note with id '${id}' (use notes_list or notes_search to find ids)`);
      return { notes: notes.filter((n) => n !== found), result: found };
    });
  }

  async list(tag?: string, limit = 20): Promise<{ total: number; notes: Note[] }> {
    const wanted = tag === undefined ? undefined : normalizeTags([tag])[0];
    const notes = (await this.read())
      .filter((n) => wanted === undefined || n.tags.includes(wanted))
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.created_at.localeCompare(a.created_at));
    return { total: notes.length, notes: notes.slice(0, limit) };
  }

  /** Rank by how many query terms a note contains, then by weighted hits (title 3, tag 2, body 1). */
  async search(
    query: string,
    limit = 10,
  ): Promise<{ query: string; total: number; results: (Note & { score: number })[] }> {
    const wanted = terms(query);
    if (wanted.length === 0) throw new ToolArgumentError("query", "must contain at least one letter or digit");
    const ranked = (await this.read())
      .map((note) => {
        const title = note.title.toLowerCase();
        const body = note.body.toLowerCase();
        let matched = 0;
        let hits = 0;
        for (const t of wanted) {
          const h =
            3 * occurrences(title, t) + (note.tags.some((tag) => tag.includes(t)) ? 2 : 0) + occurrences(body, t);
          if (h > 0) matched++;
          hits += h;
        }
        return { note, matched, hits };
      })
      .filter((r) => r.matched > 0)
      .sort((a, b) => b.matched - a.matched || b.hits - a.hits || b.note.updated_at.localeCompare(a.note.updated_at));
    return {
      query,
      total: ranked.length,
      results: ranked.slice(0, limit).map((r) => ({ ...r.note, score: +(r.matched + r.hits / 100).toFixed(2) })),
    };
  }
}
