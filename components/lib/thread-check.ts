/**
 * Whether the thread in the address may be read yet. useStream reads a thread's history as soon as it is given the
 * thread, and a thread that no longer exists makes that read fail with a 404 nobody catches (an uncaught rejection in
 * the console, under the "no longer exists" screen). So a thread the page does not know (a link, a reload, the back
 * button) is looked up first, by a search for its id (found or not, never a 404), and its history is read only once
 * it is known to exist.
 */
export type ThreadCheck = "open" | "checking" | "missing";

/** How a look-up for a thread ended: found, not found, or failed (`null`: a real error, left for the read to report). */
export interface ThreadLookup {
  id: string;
  exists: boolean | null;
}

/** Whether a search by `id` found that thread. */
export function foundThread(found: unknown, id: string): boolean {
  return (
    Array.isArray(found) &&
    found.some((t: unknown) => !!t && typeof t === "object" && "thread_id" in t && t.thread_id === id)
  );
}

/**
 * The check of the open thread: "open" for no thread, one `known` to exist (created here, picked from the list), one
 * found, or one whose look-up failed (the history read then reports the error as before, never hidden); "missing"
 * for one the look-up did not find; "checking" until the look-up for this very thread has ended.
 */
export function threadCheck(threadId: string | null, known: boolean, lookup: ThreadLookup | null): ThreadCheck {
  if (threadId === null || known) return "open";
  if (!lookup || lookup.id !== threadId) return "checking";
  return lookup.exists === false ? "missing" : "open";
}
