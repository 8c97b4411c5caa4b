import fs from "node:fs";
import path from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";

const savers = new Map<string, SqliteSaver>();

/** One SqliteSaver per file per process (each holds a connection; WAL lets the CLI and the server share a file). */
export function sqliteCheckpointer(file: string): SqliteSaver {
  const abs = path.resolve(file);
  let saver = savers.get(abs);
  if (!saver) {
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    saver = SqliteSaver.fromConnString(abs);
    savers.set(abs, saver);
  }
  return saver;
}
