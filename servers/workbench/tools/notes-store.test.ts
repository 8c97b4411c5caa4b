import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NotesStore } from "./notes-store";

let dir: string;
let clock = 0;
const now = () => new Date(Date.UTC(2026, 0, 1) + clock++ * 1000);

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "workbench-notes-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("NotesStore", () => {
  it("adds, lists newest first, filters by tag and persists to notes.json", async () => {
    const store = new NotesStore(dir, now);
    const a = await store.add("Budget 2026", "Travel budget is 4000 EUR", ["Finance", "#todo"]);
    await store.add("Groceries", "milk, eggs", ["todo"]);
    expect(a.tags).toEqual(["finance", "todo"]);
    const all = await new NotesStore(dir).list();
    expect(all.total).toBe(2);
    expect(all.notes.map((n) => n.title)).toEqual(["Groceries", "Budget 2026"]);
    expect((await store.list("finance")).notes.map((n) => n.id)).toEqual([a.id]);
    const file = JSON.parse(await readFile(path.join(dir, "notes.json"), "utf8"));
    expect(file.version).toBe(1);
  });

  it("ranks search by terms matched, then weighted hits", async () => {
    const store = new NotesStore(dir, now);
    await store.add("Budget", "numbers");
    await store.add("Trip plan", "budget for the trip to Lisbon");
    await store.add("Unrelated", "nothing here");
    const r = await store.search("trip budget");
    expect(r.total).toBe(2);
    expect(r.results.map((n) => n.title)).toEqual(["Trip plan", "Budget"]);
    await expect(store.search("!!!")).rejects.toThrow("Invalid argument 'query'");
  });

  it("deletes by id and names a missing id", async () => {
    const store = new NotesStore(dir, now);
    const n = await store.add("x");
    expect((await store.delete(n.id)).id).toBe(n.id);
    await expect(store.delete(n.id)).rejects.toThrow(`Invalid argument 'id': no note with id '${n.id}'`);
  });

  it("serialises concurrent writes within a process", async () => {
    const store = new NotesStore(dir, now);
    await Promise.all(Array.from({ length: 25 }, (_, i) => store.add(`note ${i}`)));
    expect((await store.list(undefined, 200)).total).toBe(25);
  });

  it("validates arguments and names a corrupt file", async () => {
    const store = new NotesStore(dir, now);
    expect(() => store.add("  ")).toThrow("Invalid argument 'title'");
    expect(() => store.add("t", "", ["x".repeat(41)])).toThrow("Invalid argument 'tags'");
    await writeFile(path.join(dir, "notes.json"), '{"version":1,"notes":[{"id":1}]}');
    await expect(store.list()).rejects.toThrow(/notes file .*notes\.json is malformed at 'notes\.0\.id'/);
    await writeFile(path.join(dir, "notes.json"), "{");
    await expect(store.list()).rejects.toThrow(/is not valid JSON/);
  });
});
