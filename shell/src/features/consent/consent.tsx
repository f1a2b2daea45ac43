import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { holdsLinkSecret } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { isPrerendering } from '@hsa-lli/common/ui';

/** Storage keys of spec section 9. */
export const CONSENT_KEY = 'cookies_consent';
export const ANALYTICS_KEY = 'enabled_google_analytics';

export type ConsentChoice = 'true' | 'false' | 'custom';

interface Consent {
  choice: ConsentChoice | null;
  analytics: boolean;
}

function read(): Consent {
  try {
    const choice = localStorage.getItem(CONSENT_KEY);
    return {
      choice: choice === 'true' || choice === 'false' || choice === 'custom' ? choice : null,
      analytics: localStorage.getItem(ANALYTICS_KEY) === 'true',
    };
  } catch {
    return { choice: null, analytics: false };
  }
}

function write(consent: Consent): void {
  try {
    localStorage.setItem(CONSENT_KEY, consent.choice ?? 'false');
    localStorage.setItem(ANALYTICS_KEY, String(consent.analytics));
  } catch (error) {
    console.warn('Could not save the cookie choice', error);
  }
}


/** Audience measurement never runs on a developer's machine. */
function isLocalhost(): boolean {
  const host = window.location.hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
}

/** False while the page is being hydrated (the server's HTML has no banner), true afterwards. */
function useMounted(): boolean {
  return useSyncExternalStore(
    () => () => undefined,
    () => true,
    () => false,
  );
}

export interface ConsentApi extends Consent {
  /** The choice is known in this browser: false during hydration, so that the first render matches the prerendered page. */
  known: boolean;
  accept(): void;
  refuse(): void;
  customize(analytics: boolean): void;
  dialogOpen: boolean;
  openDialog(): void;
  closeDialog(): void;
}

const ConsentContext = createContext<ConsentApi | null>(null);

export function useConsent(): ConsentApi {
  const api = useContext(ConsentContext);
  if (!api) throw new Error('useConsent outside ConsentProvider');
  return api;
}

export function ConsentProvider({ children }: { children: ReactNode }) {
  // A page being prerendered refuses on its own: its HTML must carry no banner and no analytics.
  const [consent, setConsent] = useState<Consent>(() => (isPrerendering() ? { choice: 'false', analytics: false } : read()));
  const [dialogOpen, setDialogOpen] = useState(false);
  const choose = (next: Consent) => {
    write(next);
    setConsent(next);
    setDialogOpen(false);
  };
  const { pathname } = useLocation();
  // The script reads the page's address: a link's secret in it would leave for a third party.
  useAnalytics(consent.analytics && !holdsLinkSecret(pathname));
  const mounted = useMounted();
  const api: ConsentApi = {
    ...consent,
    known: mounted,
    accept: () => choose({ choice: 'true', analytics: true }),
    refuse: () => choose({ choice: 'false', analytics: false }),
    customize: (analytics) => choose({ choice: 'custom', analytics }),
    dialogOpen,
    openDialog: () => setDialogOpen(true),
    closeDialog: () => setDialogOpen(false),
  };
  return <ConsentContext value={api}>{children}</ConsentContext>;
}

const SCRIPT_ID = 'audience-analytics';

/** Loads the audience script once consent is given, never on localhost nor while prerendering. */
function useAnalytics(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || isLocalhost() || isPrerendering() || document.getElementById(SCRIPT_ID)) return;
    let cancelled = false;
    http.get<{ analytics_url: string | null }>('/front-config', undefined, { minDuration: 0 }).then(
      ({ analytics_url }) => {
        if (cancelled || !analytics_url || document.getElementById(SCRIPT_ID)) return;
        const script = document.createElement('script');
        script.id = SCRIPT_ID;
        script.src = analytics_url;
        script.async = true;
        document.head.append(script);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [enabled]);
}
