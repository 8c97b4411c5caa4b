import type { SandboxLimits } from "@/lib/config/app-config";

/**
 * The shell that runs a command under resource limits: it sets them with bash's own `ulimit` (hard
 * and soft, so the command cannot raise them again; CPU time has one second of slack), then
 * replaces itself by `bash -c <command>`.
 * The command travels as an argument, never spliced into the script.
 */
export function limitedShell(command: string, limits: SandboxLimits, opts: { processes: boolean }): string[] {
  const flags = [
    `-v ${limits.memory_mb * 1024}`,
    `-f ${limits.file_mb * 1024}`,
    // RLIMIT_NPROC counts every process of the user; only in the sandbox's own user namespace does it count the sandbox's.
    ...(opts.processes ? [`-u ${limits.processes}`] : []),
  ];
  // At the soft CPU limit the kernel sends SIGXCPU (a status the note can explain); one second later, SIGKILL.
  const cpu = `ulimit -S -t ${limits.cpu_s} && ulimit -H -t ${limits.cpu_s + 1}`;
  const script = `ulimit ${flags.join(" ")} && ${cpu} || exit 126; exec /bin/bash -c "$1"`;
  return ["/bin/bash", "-c", script, "bash", command];
}

/** A note for an exit status that usually means a limit was reached (bash reports 128 + signal). */
export function limitNote(exitCode: number | null, limits: SandboxLimits): string | null {
  if (exitCode === 128 + 24) return `[killed by SIGXCPU: probably the CPU time limit of ${limits.cpu_s} s]`;
  if (exitCode === 128 + 25) return `[killed by SIGXFSZ: probably the file size limit of ${limits.file_mb} MB]`;
  return null;
}
