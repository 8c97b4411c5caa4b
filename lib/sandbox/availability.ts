import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type BwrapFeatures, bwrapArgs, findBwrap } from "./bwrap";
import { runProcess } from "./run-process";

/**
 * Whether bash can run in bubblewrap on this machine: bwrap is installed and can create its
 * namespaces (a container or a kernel setting may forbid unprivileged user namespaces). Found by
 * running the real sandbox once with `/bin/true`. Never a reason to fall back to the host.
 */
export type BwrapProbe = { ok: true; path: string; features: BwrapFeatures } | { ok: false; reason: string };

const INSTALL_HINT =
  "install bubblewrap (`apt-get install bubblewrap` on Debian and Ubuntu, `dnf install bubblewrap` on Fedora)";
/** A failed probe is repeated at most this often; a success holds for the life of the process. */
const RETRY_MS = 30_000;

const probes = new Map<string, { at: number; ok: boolean; result: Promise<BwrapProbe> }>();

/** The bwrap to use: FAWN_BWRAP when set (an install outside PATH), else the first on PATH. */
function bwrapPath(): string | null {
  return process.env.FAWN_BWRAP || findBwrap();
}

function helpText(bin: string): Promise<string> {
  return new Promise((resolve) => {
    const env = {} as NodeJS.ProcessEnv;
    execFile(bin, ["--help"], { env, timeout: 5000 }, (_err, stdout, stderr) => resolve(`${stdout}${stderr}`));
  });
}

async function probe(bin: string): Promise<BwrapProbe> {
  try {
    await fs.access(bin, fs.constants.X_OK);
  } catch {
    return { ok: false, reason: `bubblewrap is not installed (no executable ${bin}); ${INSTALL_HINT}` };
  }
  const help = await helpText(bin);
  const features = { disableUserns: help.includes("--disable-userns"), tmpfsSize: help.includes("--size") };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "fawn-bwrap-probe-"));
  try {
    const args = [...bwrapArgs({ threadDir: dir, network: false, tmpBytes: 1 << 20, features }), "--", "/bin/true"];
    const run = await runProcess(bin, args, { env: {}, timeoutMs: 10_000, capBytes: 4096 });
    if (run.exitCode === 0) return { ok: true, path: bin, features };
    const said = run.output.text().trim().split("\n")[0] || `exit ${run.exitCode ?? run.signal}`;
    return {
      ok: false,
      reason:
        `bubblewrap (${bin}) cannot create its sandbox here: ${said}. Unprivileged user namespaces may be ` +
        `disabled (sysctl kernel.unprivileged_userns_clone, or kernel.apparmor_restrict_unprivileged_userns on ` +
        `Ubuntu) or forbidden by the container; or ${INSTALL_HINT} in a newer version`,
    };
  } catch (e) {
    return { ok: false, reason: `bubblewrap (${bin}) could not be started: ${(e as Error).message}; ${INSTALL_HINT}` };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export function probeBwrap(now: number = Date.now()): Promise<BwrapProbe> {
  const bin = bwrapPath();
  if (bin === null)
    return Promise.resolve({ ok: false, reason: `bubblewrap (bwrap) is not installed; ${INSTALL_HINT}` });
  const known = probes.get(bin);
  // A success holds; a failure is retried after a while (the administrator may have fixed it meanwhile).
  if (known && (known.ok || now - known.at < RETRY_MS)) return known.result;
  const entry = { at: now, ok: false, result: probe(bin) };
  entry.result.then((r) => {
    entry.ok = r.ok;
  });
  probes.set(bin, entry);
  return entry.result;
}
