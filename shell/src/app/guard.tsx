import { Outlet, useLocation, useMatches } from 'react-router';
import { selectPages, selectSession, useAppSelector } from '@hsa-lli/common/store';
import { Loader } from '@hsa-lli/common/ui';
import { AccessDeniedPage, UnavailablePage } from '../pages/status-pages.js';
import { pageAccess } from './page-access.js';

/**
 * Opens a page only if its path matches a pattern the server allowed during this visit. A page
 * without a pattern (the not-found page) needs none. The router runs no loader of a page refused
 * here (see page-access.ts).
 */
export function GuardedOutlet() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const pages = useAppSelector(selectPages);
  const session = useAppSelector(selectSession);
  const access = pageAccess(pages, matches.map((match) => match.handle), pathname);

  if (access === 'open') return <Outlet />;
  if (access === 'unavailable') return <UnavailablePage />;
  if (access === 'pending' || session.status === 'pending') return <Loader label="Chargement de la page" />;
  return session.status === 'authenticated' ? (
    <AccessDeniedPage message="Cette page ne vous est pas accessible." loginLink={false} />
  ) : (
    <AccessDeniedPage message="Connectez vous avant de tenter d'accéder à cette page." loginLink />
  );
}
