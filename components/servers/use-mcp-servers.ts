"use client";

import { type FetchedState, useRefetchingJson } from "@/components/use-refetching-json";
import { sendJson } from "@/components/lib/send-json";
import {
  type McpServerEntry,
  type McpServersResponse,
  McpServersResponseSchema,
  McpServerProbeResultSchema,
  McpServerWriteResponseSchema,
  OAuthSignOutResponseSchema,
  OAuthStartResponseSchema,
} from "@/lib/contracts/mcp-servers";

export type ServersState = FetchedState<McpServersResponse | null> & { refresh: () => void };

const schema = McpServersResponseSchema.nullable();
const NONE = null;
const path = (name: string) => `/api/mcp/servers/${encodeURIComponent(name)}`;

/** GET /api/mcp/servers, again on `refresh()` or when a trigger changes; the last good list stays on screen. */
export function useMcpServers(triggers: readonly unknown[] = []): ServersState {
  return useRefetchingJson({
    url: "/api/mcp/servers",
    threadId: null,
    schema,
    initial: NONE,
    keepWhileSwitching: true,
    triggers,
  });
}

/** Every change carries the ETag the list was read with: the server refuses it (409) if the file changed since. */
export const serversApi = {
  add: (etag: string, name: string, entry: McpServerEntry) =>
    sendJson("POST", "/api/mcp/servers", { name, ...entry }, McpServerWriteResponseSchema, { "if-match": etag }),
  replace: (etag: string, name: string, entry: McpServerEntry) =>
    sendJson("PUT", path(name), entry, McpServerWriteResponseSchema, { "if-match": etag }),
  setEnabled: (etag: string, name: string, enabled: boolean) =>
    sendJson("PATCH", path(name), { enabled }, McpServerWriteResponseSchema, { "if-match": etag }),
  remove: (etag: string, name: string) =>
    sendJson("DELETE", path(name), undefined, McpServerWriteResponseSchema, { "if-match": etag }),
  /** `entry` null: test the saved entry; otherwise the entry as typed (nothing is saved). */
  test: (name: string, entry: McpServerEntry | null) =>
    sendJson("POST", `${path(name)}/test`, entry ?? {}, McpServerProbeResultSchema),
  signIn: (name: string) =>
    sendJson("POST", `/api/mcp/oauth/${encodeURIComponent(name)}/start`, undefined, OAuthStartResponseSchema),
  signOut: (name: string) =>
    sendJson("POST", `/api/mcp/oauth/${encodeURIComponent(name)}/signout`, undefined, OAuthSignOutResponseSchema),
};
