import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { http } from '@hsa-lli/common/http';

/** Storage keys of spec section 9. */
export const VERSION_KEY = 'jsversion';
export const VERSION_DATE_KEY = 'jsversion@date';
export const VERSION_STATUS_KEY = 'jsversion@status';

export type VersionStatus = 'pending' | 'up-to-date' | 'invalid';

/** While the version is invalid, it is checked again every 30 s (spec section 9). */
export const INVALID_CHECK_MS = 30_000;
/** Otherwise every five minutes, and at each change of page. */
const CHECK_MS = 5 * 60_000;
/** A page kept open for more than a day is offered a reload anyway. */
export const VERSION_MAX_AGE_MS = 24 * 60 * 60_000;

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not save ${key}`, error);
  }
}

async function serverVersion(): Promise<string> {
  return (await http.post<{ version: string }>('/get-js-version', undefined, { minDuration: 0 })).version;
}

/** Offers to reload when the front end was redeployed since this page loaded. */
export function VersionBanner() {
  const [status, setStatus] = useState<VersionStatus>('pending');
  const { pathname } = useLocation();

  /** The status the server's version gives, or null when the server did not answer. */
  const check = useCallback(async (): Promise<VersionStatus | null> => {
    try {
      const version = await serverVersion();
      const known = localStorage.getItem(VERSION_KEY);
      const checkedAt = Number(localStorage.getItem(VERSION_DATE_KEY) ?? 0);
      const next: VersionStatus = known !== version || Date.now() - checkedAt > VERSION_MAX_AGE_MS ? 'invalid' : 'up-to-date';
      store(VERSION_STATUS_KEY, next);
      return next;
    } catch {
      // No answer: try again at the next check.
      return null;
    }
  }, []);
  const recheck = useCallback(() => {
    void check().then((next) => next && setStatus(next));
  }, [check]);

  // The code this page just loaded is the deployed one: it becomes the known version.
  useEffect(() => {
    store(VERSION_STATUS_KEY, 'pending');
    serverVersion().then(
      (version) => {
        store(VERSION_KEY, version);
        store(VERSION_DATE_KEY, String(Date.now()));
        store(VERSION_STATUS_KEY, 'up-to-date');
        setStatus('up-to-date');
      },
      () => undefined,
    );
  }, []);

  // Checked again at each change of page.
  useEffect(() => {
    if (status !== 'pending') recheck();
  }, [recheck, pathname, status]);

  useEffect(() => {
    if (status === 'pending') return;
    const timer = setInterval(recheck, status === 'invalid' ? INVALID_CHECK_MS : CHECK_MS);
    return () => clearInterval(timer);
  }, [recheck, status]);

  if (status !== 'invalid') return null;
  return (
    <div className="shell-version-banner" role="alert">
      <span>Nouvelle version disponible</span>
      <button
        type="button"
        className="ui-button"
        onClick={() => {
          for (const key of [VERSION_KEY, VERSION_DATE_KEY, VERSION_STATUS_KEY]) localStorage.removeItem(key);
          window.location.reload();
        }}
      >
        Recharger
      </button>
    </div>
  );
}
