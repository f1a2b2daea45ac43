/** Copies of host state kept in local storage for 24 hours (spec sections 3 and 9). */

export const CACHE_LIFETIME_MS = 24 * 60 * 60_000;

interface Stamped<T> {
  value: T;
  date: number;
}

/** The stored copy, if there is one younger than 24 hours. */
export function readStored<T>(key: string, now = Date.now()): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stamped<T>;
    return typeof stored.date === 'number' && now - stored.date < CACHE_LIFETIME_MS ? stored.value : null;
  } catch {
    return null;
  }
}

/** Saves a copy; a storage that refuses (full, private mode) only costs a console message. */
export function writeStored<T>(key: string, value: T, now = Date.now()): void {
  try {
    globalThis.localStorage.setItem(key, JSON.stringify({ value, date: now } satisfies Stamped<T>));
  } catch (error) {
    console.warn(`Could not save ${key} in local storage`, error);
  }
}

export function removeStored(key: string): void {
  try {
    globalThis.localStorage.removeItem(key);
  } catch (error) {
    console.warn(`Could not remove ${key} from local storage`, error);
  }
}
