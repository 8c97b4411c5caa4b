/**
 * A separate process that takes a thread lock and keeps it, as a `fawn chat` in another terminal
 * would: `node --import tsx test/support/sandbox-lock-holder.ts <db> <thread> <owner>`. Prints
 * "held" once it holds the lock, then waits until it is killed.
 */
import { ThreadLocks } from "@/lib/persistence/thread-lock";

const [db, thread, owner] = process.argv.slice(2);
const result = new ThreadLocks(db).acquire(thread, owner);
process.stdout.write(result.ok ? "held\n" : "refused\n");
setInterval(() => undefined, 60_000);
