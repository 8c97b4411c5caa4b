/**
 * The browser's localStorage, read and written defensively: storage can be blocked (privacy settings, some
 * embedded views) or full, and neither may break the page. What is not read falls back to the caller's default;
 * what is not written lives as long as the page.
 */

/** The value stored under `key`, or null when there is none or storage cannot be read. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Store `value` under `key`; blocked or full storage is ignored. */
export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Blocked or full: kept for this page only.
  }
}
