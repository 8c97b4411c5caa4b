import fs from "node:fs";
import path from "node:path";
import { VIRTUAL_ROOT } from "./paths";

/**
 * The bubblewrap command line for one bash call. The sandbox sees the system read-only, the
 * thread's folder read-write at /mnt/user-data (where the file tools say it is), a private /tmp
 * and /dev/shm of a fixed size (gone after the call), and nothing else of
 * the host: no other thread, no database, no server process (fresh PID namespace with its own
 * /proc), no network unless asked for, no inherited environment, no capabilities, no nested user
 * namespaces. The first bwrap process is killed with the server (--die-with-parent), and with it
 * the whole PID namespace, so nothing a command starts outlives its call.
 */

/** The user the command runs as inside the sandbox; it maps to the server's own user on the host. */
export const SANDBOX_UID = 1000;
export const SANDBOX_PATH = "/usr/local/bin:/usr/bin:/bin";

/** Top-level system folders: bound read-only when real, recreated when a symlink (merged /usr). */
const SYSTEM_DIRS = ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];
/** What common commands read from /etc: program alternatives, the linker cache, the time zone. */
const ETC_ALWAYS = ["/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime"];
/** Name resolution and certificates, only with network access. */
const ETC_NETWORK = [
  "/etc/resolv.conf",
  "/etc/hosts",
  "/etc/host.conf",
  "/etc/gai.conf",
  "/etc/nsswitch.conf",
  "/etc/ssl",
  "/etc/ca-certificates",
  "/etc/pki",
];

/** Options of bwrap that older releases lack (0.8 has both), found by the availability probe. */
export interface BwrapFeatures {
  disableUserns: boolean;
  tmpfsSize: boolean;
}

export interface BwrapOptions {
  threadDir: string;
  network: boolean;
  tmpBytes: number;
  features: BwrapFeatures;
}

function systemMounts(): string[] {
  const args = ["--ro-bind", "/usr", "/usr"];
  for (const dir of SYSTEM_DIRS) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(dir);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) args.push("--symlink", fs.readlinkSync(dir), dir);
    else if (st.isDirectory()) args.push("--ro-bind", dir, dir);
  }
  return args;
}

/** The bwrap arguments up to (not including) the command. */
export function bwrapArgs(opts: BwrapOptions): string[] {
  const etc = [...ETC_ALWAYS, ...(opts.network ? ETC_NETWORK : [])].flatMap((p) => ["--ro-bind-try", p, p]);
  const size = opts.features.tmpfsSize ? ["--size", String(opts.tmpBytes)] : [];
  return [
    ...systemMounts(),
    ...etc,
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    // Writable scratch space is sized; the rest of /dev and the root are memory-backed too, so read-only.
    ...size,
    "--tmpfs",
    "/dev/shm",
    "--remount-ro",
    "/dev",
    ...size,
    "--tmpfs",
    "/tmp",
    "--bind",
    opts.threadDir,
    VIRTUAL_ROOT,
    "--remount-ro",
    "/",
    "--chdir",
    VIRTUAL_ROOT,
    "--unshare-all",
    ...(opts.network ? ["--share-net"] : []),
    "--unshare-user",
    ...(opts.features.disableUserns ? ["--disable-userns"] : []),
    "--uid",
    String(SANDBOX_UID),
    "--gid",
    String(SANDBOX_UID),
    "--cap-drop",
    "ALL",
    "--die-with-parent",
    "--new-session",
    "--clearenv",
    "--setenv",
    "PATH",
    SANDBOX_PATH,
    "--setenv",
    "HOME",
    VIRTUAL_ROOT,
    "--setenv",
    "LANG",
    "C.UTF-8",
  ];
}

/** Where bwrap is installed, or null. */
export function findBwrap(searchPath: string = process.env.PATH ?? ""): string | null {
  const dirs = [...searchPath.split(path.delimiter).filter(Boolean), "/usr/bin", "/usr/local/bin", "/bin"];
  for (const dir of dirs) {
    const candidate = path.join(dir, "bwrap");
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}
