import { Outlet, useLocation, useMatches } from 'react-router';
import { isAllowed } from '@hsa-lli/common/domain';
import { selectPages, selectSession, useAppSelector } from '@hsa-lli/common/store';
import { Loader, routeHandle } from '@hsa-lli/common/ui';
import { AccessDeniedPage, UnavailablePage } from '../pages/status-pages.js';

/**
 * Opens a page only if its path matches a pattern the server allowed during this visit. A page
 * without a pattern (the not-found page) needs none.
 */
export function GuardedOutlet() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const pages = useAppSelector(selectPages);
  const session = useAppSelector(selectSession);
  const guarded = matches.some((match) => routeHandle(match.handle)?.pattern);

  if (!guarded) return <Outlet />;
  if (pages.status === 'failed') return <UnavailablePage />;
  if (pages.status === 'pending' || session.status === 'pending') return <Loader label="Chargement de la page" />;
  if (!isAllowed(pages.pages, pathname)) {
    return session.status === 'authenticated' ? (
      <AccessDeniedPage message="Cette page ne vous est pas accessible." loginLink={false} />
    ) : (
      <AccessDeniedPage message="Connectez vous avant de tenter d'accéder à cette page." loginLink />
    );
  }
  return <Outlet />;
}
