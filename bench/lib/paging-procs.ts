import fs from "node:fs";

function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** RSS (MB) of a process and of every process under it (its MCP servers), and how many those are. */
export function treeRss(pid: number): { self: number; children: number; count: number } {
  let children = 0;
  let count = 0;
  const stack = childrenOf(pid);
  while (stack.length) {
    const p = stack.pop() as number;
    children += rssMb(p);
    count++;
    stack.push(...childrenOf(p));
  }
  return { self: rssMb(pid), children, count };
}
