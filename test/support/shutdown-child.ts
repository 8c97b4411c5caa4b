/**
 * A process with Fawn's signal handling over an earlier SIGTERM listener standing in for Next's:
 * `node --import tsx test/support/shutdown-child.ts`. Prints "ready", then on SIGTERM the lines its steps and
 * the earlier listener write, in the order they run.
 */
import { installSignalHandlers, onShutdown } from "@/lib/lifecycle/shutdown";

const say = (line: string) => process.stdout.write(`${line}\n`);
process.on("SIGTERM", () => {
  say("earlier listener");
  process.exit(143);
});
installSignalHandlers();
onShutdown("second", 20, async () => say("step second"));
onShutdown("first", 10, async () => {
  await new Promise((r) => setTimeout(r, 300));
  say("step first");
});
onShutdown("failing", 15, async () => {
  throw new Error("this step fails");
});
say("ready");
setInterval(() => undefined, 60_000);
