import type { MessageKey } from "@/components/i18n/en";
import type { PersistenceStatus } from "@/lib/contracts/persistence";

export type StorageTone = "ok" | "pending" | "down";

/** What the settings bar says about where threads are kept: a short label, a tone, and the details for a tooltip. */
export interface StorageView {
  store: MessageKey;
  state: MessageKey;
  tone: StorageTone;
  /** Target, schema, instance and error, one per line (never a password: the server never sends one). */
  detail: string[];
}

const STATE: Record<PersistenceStatus["state"], { key: MessageKey; tone: StorageTone }> = {
  ready: { key: "storage.ready", tone: "ok" },
  connecting: { key: "storage.connecting", tone: "pending" },
  unavailable: { key: "storage.unavailable", tone: "down" },
};

/** The view of `/api/persistence`; `null` status with a fetch error means this browser cannot ask the server at all. */
export function storageView(status: PersistenceStatus | null, fetchError: string | null): StorageView | null {
  if (!status) {
    if (!fetchError) return null;
    return { store: "storage.unknown", state: "storage.unreachable", tone: "down", detail: [fetchError] };
  }
  const state = STATE[status.state];
  const detail = [status.target];
  if (status.schema) detail.push(`schema ${status.schema}`);
  if (status.instance_id) detail.push(`instance ${status.instance_id}`);
  if (status.error) detail.push(status.error);
  return {
    store: status.type === "postgres" ? "storage.postgres" : "storage.sqlite",
    state: state.key,
    tone: state.tone,
    detail,
  };
}
