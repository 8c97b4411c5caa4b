/**
 * Fawn serves one assistant: the lead agent. Its UUID is derived from the graph id exactly as LangGraph
 * derives system assistants (uuid5 in the graph namespace), so clients may address it by either.
 */
import { createHash } from "node:crypto";
import type { Assistant, AssistantInfo } from "./types";

/** LangGraph's NAMESPACE_GRAPH (uuid5 namespace for assistant ids created from a graph id). */
const NAMESPACE_GRAPH = "6ba7b821-9dad-11d1-80b4-00c04fd430c8";

export function uuid5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ""), "hex");
  const hash = createHash("sha1").update(ns).update(name, "utf8").digest();
  const b = hash.subarray(0, 16);
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = b.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function assistantIdFor(graphId: string): string {
  return uuid5(graphId, NAMESPACE_GRAPH);
}

export function buildAssistant(info: AssistantInfo, createdAt: string): Assistant {
  return {
    assistant_id: assistantIdFor(info.graph_id),
    graph_id: info.graph_id,
    name: info.name,
    description: info.description,
    config: {},
    context: {},
    metadata: { created_by: "system" },
    version: 1,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

/** True when `id` names this assistant (graph id or its UUID). */
export function isAssistantId(id: string, assistant: Assistant): boolean {
  return id === assistant.graph_id || id.toLowerCase() === assistant.assistant_id;
}
