"use client";

import { useEffect } from "react";
import { useT } from "@/components/i18n/i18n";
import { type StorageTone, storageView } from "@/components/lib/storage";
import { useRefetchingJson } from "@/components/use-refetching-json";
import { PersistenceStatusSchema } from "@/lib/contracts/persistence";

/** How often the store's reachability is asked again while the page is open. */
const REFRESH_MS = 30_000;

const DOT: Record<StorageTone, string> = { ok: "bg-emerald-500", pending: "bg-amber-400", down: "bg-red-500" };

const STATUS = PersistenceStatusSchema.nullable();

/** Where this instance keeps threads (SQLite file or shared PostgreSQL) and whether it can reach it now. */
export function StorageStatus() {
  const t = useT();
  const { data, error, refresh } = useRefetchingJson({
    url: "/api/persistence",
    threadId: null,
    schema: STATUS,
    initial: null,
    keepWhileSwitching: true,
    triggers: [],
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh is a new function each render; one timer
  useEffect(() => {
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  // A failed read says so, rather than showing the last state it had.
  const view = storageView(error ? null : data, error);
  if (!view) return null;
  const label = t("storage.label", { store: t(view.store), state: t(view.state) });
  return (
    <span
      data-testid="storage-status"
      data-state={view.tone}
      title={[label, ...view.detail].join("\n")}
      className="inline-flex min-w-0 items-center gap-1.5 truncate"
    >
      <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${DOT[view.tone]}`} />
      <span className="truncate">{label}</span>
    </span>
  );
}
