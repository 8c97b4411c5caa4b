"use client";

import { readStorage, writeStorage } from "@/components/lib/browser-storage";
import { useCallback, useEffect, useState } from "react";
import { fetchJson } from "@/components/lib/fetch-json";
import { errorText } from "@/components/lib/message-content";
import { pickModel, readModels, type ModelList } from "@/components/lib/models";
import { ModelsResponseSchema } from "@/lib/contracts/models";

const STORAGE_KEY = "fawn:model";

/** The configured models (GET /api/models) and the one the person picked, remembered in this browser. */
export function useModels() {
  const [list, setList] = useState<ModelList>({ models: [], defaultName: null });
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ac = new AbortController();
    fetchJson("/api/models", ModelsResponseSchema, ac.signal).then(
      (body) => {
        const models = readModels(body);
        setList(models);
        setSelected(pickModel(models, readStorage(STORAGE_KEY)));
        setError(null);
      },
      (e: unknown) => {
        if (!ac.signal.aborted) setError(errorText(e));
      },
    );
    return () => ac.abort();
  }, []);

  const select = useCallback((name: string) => {
    setSelected(name);
    writeStorage(STORAGE_KEY, name);
  }, []);

  return { models: list.models, selected, select, error };
}
