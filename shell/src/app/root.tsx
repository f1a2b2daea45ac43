import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { ConsentProvider } from '../features/consent/consent.js';

const SITE_NAME = 'HSA Logement intermédiaire';

function titleOf(handle: unknown): string | null {
  return typeof handle === 'object' && handle !== null && 'title' in handle ? String(handle.title) : null;
}

/** Everything all layouts share: the document title from the deepest route, and the navigation bar. */
export function Root() {
  const matches = useMatches();
  const navigation = useNavigation();
  const title = matches.map((match) => titleOf(match.handle)).filter(Boolean).at(-1);

  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);

  return (
    <ConsentProvider>
      {navigation.state === 'loading' && <div className="shell-progress" role="progressbar" aria-label="Chargement de la page" />}
      <Outlet />
      <ScrollRestoration />
    </ConsentProvider>
  );
}
