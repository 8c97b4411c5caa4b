"use client";

import { filesUrl } from "@/components/lib/artifacts";
import { EMPTY_LISTING, type FilesListing, FilesListingSchema } from "@/lib/contracts/files";
import { type FetchedState, useRefetchingJson } from "@/components/use-refetching-json";

export type ThreadFilesState = FetchedState<FilesListing>;

/**
 * GET /api/files/{threadId}, again whenever any of `triggers` changes (the presented paths, a
 * finished run, an upload) or `refresh` is called. A new thread has no files and is not asked about;
 * a listing is never shown for another thread. Its `error` is the bare detail: the panel says what failed.
 */
export function useThreadFiles(threadId: string | null, triggers: readonly unknown[]) {
  return useRefetchingJson({
    url: threadId ? filesUrl(threadId) : null,
    threadId,
    schema: FilesListingSchema,
    initial: EMPTY_LISTING,
    keepWhileSwitching: false,
    triggers,
  });
}
