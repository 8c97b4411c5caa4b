import fs from "node:fs/promises";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { threadIdOf, type ToolFactory } from "@/lib/tools/context";
import { HeldFolder } from "./held-folder";
import { LIMITS, formatBytes } from "./limits";
import { PATHS_HELP, SandboxPathError, VIRTUAL_ROOT, resolveInThread, spellFormatChars } from "./paths";

const MAX_DEPTH = 2;

/** One ls call's listing: the path as the model gave it, the lines so far and the entries it may still list. */
interface Listing {
  userPath: string;
  out: string[];
  budget: { left: number };
}

/**
 * The entries of a held folder, two levels deep. Every entry is reached through the handle of the folder it is
 * in (held-folder.ts), so a folder swapped for a symlink while the tree is listed is not followed.
 */
async function listTree(folder: HeldFolder, depth: number, indent: string, listing: Listing): Promise<void> {
  const { out, budget } = listing;
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(folder.via, { withFileTypes: true });
  } catch (e) {
    out.push(`${indent}(cannot list: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (budget.left <= 0) return;
    budget.left--;
    // Bidi controls and zero-width characters would make a name display as another (they are spelled out).
    const name = spellFormatChars(entry.name);
    if (entry.isSymbolicLink()) {
      // Not followed: its target may lie outside, and the file tools will check it when used.
      out.push(`${indent}${name} -> (symlink)`);
    } else if (entry.isDirectory()) {
      out.push(`${indent}${name}/`);
      if (depth < MAX_DEPTH) await listSubfolder(folder, entry.name, depth, indent, listing);
    } else {
      const size = await fs.lstat(folder.entry(entry.name)).then(
        (s) => s.size,
        () => 0,
      );
      out.push(`${indent}${name}  (${formatBytes(size)})`);
    }
  }
}

/** A subfolder, opened through its parent's handle; one swapped for a symlink meanwhile is said, not followed. */
async function listSubfolder(
  parent: HeldFolder,
  name: string,
  depth: number,
  indent: string,
  listing: Listing,
): Promise<void> {
  let sub: HeldFolder;
  try {
    sub = await parent.child(name, listing.userPath);
  } catch {
    listing.out.push(`${indent}  (cannot list: it changed while it was being listed)`);
    return;
  }
  try {
    await listTree(sub, depth + 1, `${indent}  `, listing);
  } finally {
    await sub.close();
  }
}

export const ls_tool: ToolFactory = (_settings, ctx) =>
  tool(
    async ({ path: userPath }, config) => {
      const threadId = threadIdOf(config);
      const target = await resolveInThread(ctx.sandbox.root, threadId, userPath ?? VIRTUAL_ROOT, { allowRoot: true });
      if (!target.exists) throw new SandboxPathError(userPath ?? VIRTUAL_ROOT, "no such file or folder");
      const st = await fs.lstat(target.host);
      if (!st.isDirectory()) return `${target.virtual}  (${formatBytes(st.size)})`;
      const lines: string[] = [];
      const budget = { left: LIMITS.lsEntries };
      const shown = userPath ?? VIRTUAL_ROOT;
      const folder = await HeldFolder.open(target.host, shown);
      try {
        await listTree(folder, 1, "  ", { userPath: shown, out: lines, budget });
      } finally {
        await folder.close();
      }
      const head = `${target.virtual}/`;
      if (lines.length === 0) return `${head}\n  (empty)`;
      const note =
        budget.left <= 0 ? `\n[listing stopped at ${LIMITS.lsEntries} entries; list a subfolder to see more]` : "";
      return `${head}\n${lines.join("\n")}${note}`;
    },
    {
      name: "ls",
      description:
        `List a folder of this conversation's files as a tree, two levels deep, with file sizes. ` +
        `Without a path it lists ${VIRTUAL_ROOT}. ${PATHS_HELP}`,
      schema: z.object({
        path: z
          .string()
          .optional()
          .describe(`Folder to list, e.g. ${VIRTUAL_ROOT}/workspace or outputs; default ${VIRTUAL_ROOT}`),
      }),
    },
  );
