"use client";

import { useEffect, useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { fetchJson } from "@/components/lib/fetch-json";
import { type StorageTone, storageView } from "@/components/lib/storage";
import { type PersistenceStatus, PersistenceStatusSchema } from "@/lib/contracts/persistence";

/** How often the store's reachability is asked again while the page is open. */
const REFRESH_MS = 30_000;

const DOT: Record<StorageTone, string> = { ok: "bg-emerald-500", pending: "bg-amber-400", down: "bg-red-500" };

/** Where this instance keeps threads (SQLite file or shared PostgreSQL) and whether it can reach it now. */
export function StorageStatus() {
  const t = useT();
  const [status, setStatus] = useState<PersistenceStatus | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let controller = new AbortController();
    const load = () => {
      controller.abort();
      controller = new AbortController();
      fetchJson("/api/persistence", PersistenceStatusSchema, controller.signal)
        .then((s) => {
          setStatus(s);
          setError(null);
        })
        .catch((e: Error) => {
          if (e.name === "AbortError") return;
          setStatus(null);
          setError(e.message);
        });
    };
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, []);

  const view = storageView(status, error);
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
