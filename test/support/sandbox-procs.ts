import fs from "node:fs";

/** A marker no other process on the machine has in its command line: `sleep 100.<digits>`. */
export function uniqueSleep(): string {
  return `100.${process.pid}${Math.floor(Math.random() * 1e6)}`;
}

/** Live (not zombie) host processes whose command line contains `marker`, by host pid. */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.exec(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ");
      if (!cmdline.includes(marker)) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2)[0] === "Z") continue;
      found.push(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
  return found;
}

/** Polls until `check` holds or the time is up; returns whether it held. Killing and reaping take a moment. */
export async function eventually(check: () => boolean, withinMs = 5000): Promise<boolean> {
  const until = Date.now() + withinMs;
  for (;;) {
    if (check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}
