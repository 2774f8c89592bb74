/**
 * localStorage that never throws: a locked-down browser (storage refused, or full) reads nothing
 * and keeps nothing, and the page goes on with what it shows.
 */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function keepStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not kept; the page still shows it
  }
}
