/**
 * A stand-in for the server: a separate process that runs one bash tool call and waits for it.
 * `FAWN_COMMAND=… FAWN_MARKER=… node --import tsx test/support/sandbox-bash-runner.ts <bwrap|host> [exit-when-running]`
 * (in the environment, so this process's own command line never shows the marker). Prints "running"
 * and the host pids of the processes with FAWN_MARKER in their command line, once there are at least
 * FAWN_EXPECT of them (default 1).
 * With exit-when-running it then calls process.exit(0) mid-call, as a server shutting down would.
 */
import type { BashMode } from "@/lib/sandbox/settings";
import { inThread, bashSandbox } from "./sandbox-config";
import { eventually, processesWith } from "./sandbox-procs";

const [mode, exitWhenRunning] = process.argv.slice(2);
const command = process.env.FAWN_COMMAND ?? "";
const marker = process.env.FAWN_MARKER ?? "";

const sandbox = await bashSandbox({ bash: mode as BashMode, timeoutS: 60 });
const call = sandbox.tools.bash.invoke({ command }, inThread("runner-thread"));
const expected = Number(process.env.FAWN_EXPECT ?? 1);
await eventually(() => processesWith(marker).length >= expected, 20_000);
process.stdout.write(`running ${processesWith(marker).join(" ")}\n`);
if (exitWhenRunning === "exit-when-running") process.exit(0);
process.stdout.write(`${await call}\n`);
