import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { addTool } from "./define";
import { MAX_BODY, MAX_TITLE, type NotesStore } from "./notes-store";

const LOCAL_READ = { readOnlyHint: true, openWorldHint: false };

export function registerNotesTools(server: McpServer, store: NotesStore): void {
  addTool(
    server,
    "notes_add",
    {
      title: "Add a note",
      description:
        "Save a note (title, optional body and tags) to the user's persistent notebook on this machine; returns the note with its id. " +
        "Use to remember facts, decisions, to-dos, snippets or anything the user asks you to write down or keep for later.",
      inputSchema: {
        title: z.string().min(1).max(MAX_TITLE).describe("Short title of the note"),
        body: z.string().max(MAX_BODY).optional().describe("Note content (plain text or Markdown)"),
        tags: z
          .array(z.string())
          .max(20)
          .optional()
          .describe("Tags for grouping, e.g. ['todo', 'project-x']; stored lowercase"),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ title, body, tags }) => store.add(title, body, tags),
  );
  addTool(
    server,
    "notes_list",
    {
      title: "List notes",
      description:
        "List saved notes, most recently changed first, optionally only those with a given tag (e.g. all 'todo' notes). Returns full notes with ids.",
      inputSchema: {
        tag: z.string().optional().describe("Only notes carrying this tag"),
        limit: z
          .number()
          .int()
          .min(1)
          .max(200)
          .optional()
          .describe("Maximum number of notes to return (1-200, default 20)"),
      },
      annotations: LOCAL_READ,
    },
    ({ tag, limit }) => store.list(tag, limit),
  );
  addTool(
    server,
    "notes_search",
    {
      title: "Search notes",
      description:
        "Full-text search over saved notes (titles, bodies and tags), best matches first. " +
        "Use to recall something the user noted earlier, e.g. 'what did I write about the budget?'.",
      inputSchema: {
        query: z.string().min(1).describe("Words to look for; notes containing more of them rank higher"),
        limit: z.number().int().min(1).max(100).optional().describe("Maximum number of results (1-100, default 10)"),
      },
      annotations: LOCAL_READ,
    },
    ({ query, limit }) => store.search(query, limit),
  );
  addTool(
    server,
    "notes_delete",
    {
      title: "Delete a note",
      description:
        "Permanently delete one saved note by its id (from notes_list or notes_search). Returns the deleted note.",
      inputSchema: {
        id: z.string().min(1).describe("Id of the note to delete, e.g. '3f9a1c2b'"),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    ({ id }) => store.delete(id),
  );
}
