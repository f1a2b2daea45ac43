import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import type { RequestError } from '@hsa-lli/common/http';
import { selectIsAuthenticated, useAppSelector } from '@hsa-lli/common/store';
import { AccessDeniedPage, ErrorPage, NotFoundPage } from './status-pages.js';

function isRequestError(error: unknown): error is RequestError {
  return typeof error === 'object' && error !== null && 'ERROR_CODE' in error && '__default' in error;
}

/**
 * What a page shows when loading or showing it failed: DENIED and FORBIDDEN become the 401 page,
 * NOT_FOUND the 404 page, anything else the generic error page.
 */
export function RouteError() {
  const error = useRouteError();
  const authenticated = useAppSelector(selectIsAuthenticated);
  const code = isRequestError(error) ? error.ERROR_CODE : undefined;
  useEffect(() => {
    if (!code) console.error(error);
  }, [code, error]);

  if (isRequestError(error) && (code === 'DENIED' || code === 'FORBIDDEN')) {
    return <AccessDeniedPage message={error.error} loginLink={!authenticated || code === 'DENIED'} />;
  }
  if (code === 'NOT_FOUND' || (isRouteErrorResponse(error) && error.status === 404)) return <NotFoundPage />;
  return <ErrorPage />;
}
