import path from "node:path";

/** The repository root: every test, e2e spec and benchmark resolves files from here. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/** A path inside the repository. */
export function repoPath(...parts: string[]): string {
  return path.join(REPO_ROOT, ...parts);
}
