import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-telemetry-"));
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

/**
 * Whether Next.js's own telemetry store (the one `next build` and `next dev` send from) is enabled in a fresh Node
 * process, after that process has read next.config.mjs as Next does (or not). Run apart from the test's process, so
 * neither its environment nor Next's notice leaks.
 */
function telemetryEnabled(readConfig: boolean): boolean {
  const script = `
    ${readConfig ? `await import(${JSON.stringify(path.join(root, "next.config.mjs"))});` : ""}
    const { Telemetry } = await import("next/dist/telemetry/storage.js");
    const enabled = new Telemetry({ distDir: ${JSON.stringify(distDir)} }).isEnabled;
    process.stdout.write("\\nenabled: " + JSON.stringify(enabled) + "\\n");
  `;
  // Next keeps its telemetry settings (and that it has shown its notice) in the user's config folder: a temp one here.
  const env: NodeJS.ProcessEnv = { ...process.env, CI: "", XDG_CONFIG_HOME: distDir };
  delete env.NEXT_TELEMETRY_DISABLED;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: root,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  // Next prints its notice on stdout when telemetry is on; the answer is the line after it.
  const line = out.split("\n").find((l) => l.startsWith("enabled: "));
  if (line === undefined) throw new Error(`no answer from the child process: ${out}`);
  return JSON.parse(line.slice("enabled: ".length)) as boolean;
}

describe("Next.js telemetry", () => {
  it("is on by default in Next.js itself (so the next check means something)", () => {
    expect(telemetryEnabled(false)).toBe(true);
  });

  it("is off once next.config.mjs is read, as every build and dev server reads it", () => {
    expect(telemetryEnabled(true)).toBe(false);
  });
});
