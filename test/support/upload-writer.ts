/**
 * A separate process caught in the middle of an upload, to be killed there:
 * `node --import tsx test/support/upload-writer.ts <sandbox root> <thread> <name>`. It stages a file from a stream
 * that sends 1 MB and then never ends, prints "writing" once those bytes are on disk, and waits to be killed.
 */
import { UploadBatch } from "@/lib/sandbox/uploads";

const [root, thread, name] = process.argv.slice(2);

async function* stalled(): AsyncGenerator<Uint8Array> {
  yield new Uint8Array(1024 * 1024).fill(0x61);
  process.stdout.write("writing\n");
  await new Promise(() => setInterval(() => undefined, 60_000));
}

const batch = await UploadBatch.open(root, thread);
await batch.stage(name, stalled());
