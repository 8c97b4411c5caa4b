/** A catalog's servers numbered in the order they first appear, and each tool's server by number. */
export interface ServerNumbers {
  /** Per tool, its server's number (-1: the tool names no server). */
  serverOf: Int32Array;
  /** Per number, the server's name. */
  names: string[];
}

/** `servers[i]`: tool i's server ("" for none). */
export function numberServers(servers: readonly string[]): ServerNumbers {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const serverOf = Int32Array.from(servers, (server) => {
    if (!server) return -1;
    let id = ids.get(server);
    if (id === undefined) {
      id = names.length;
      ids.set(server, id);
      names.push(server);
    }
    return id;
  });
  return { serverOf, names };
}
