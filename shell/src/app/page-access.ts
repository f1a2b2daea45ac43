import type { DataStrategyFunction, DataStrategyResult } from 'react-router';
import { isAllowed } from '@hsa-lli/common/domain';
import { selectPages, type AppStore, type PagesState } from '@hsa-lli/common/store';
import { routeHandle } from '@hsa-lli/common/ui';

export type PageAccess = 'open' | 'pending' | 'unavailable' | 'refused';

/**
 * Whether the session may open the page the routes matched: a page without a pattern (the not-found
 * page) needs none; any other needs the page list the server sent during this visit to allow its path.
 */
export function pageAccess(pages: PagesState, handles: readonly unknown[], pathname: string): PageAccess {
  if (!handles.some((handle) => routeHandle(handle)?.pattern)) return 'open';
  if (pages.status === 'failed') return 'unavailable';
  if (pages.status === 'pending') return 'pending';
  return isAllowed(pages.pages, pathname) ? 'open' : 'refused';
}

/** The page list once the server answered (or could not), however long that takes at start. */
function settledPages(store: AppStore): Promise<PagesState> {
  return new Promise((resolve) => {
    const settle = () => {
      const pages = selectPages(store.getState());
      if (pages.status === 'pending') return false;
      resolve(pages);
      return true;
    };
    if (settle()) return;
    const unsubscribe = store.subscribe(() => {
      if (settle()) unsubscribe();
    });
  });
}

/**
 * The router's data strategy: the loaders and actions of a page run only once the page list allows
 * the session to open it. A page it may not open makes no API call: the guard shows its
 * « Accès refusé » or « Page inaccessible » with the spec's texts, for every remote's pages alike.
 */
export function loadAllowedPagesOnly(store: AppStore): DataStrategyFunction {
  return async ({ matches, request, runClientMiddleware }) => {
    const handles = matches.map((match) => match.route.handle as unknown);
    const { pathname } = new URL(request.url);
    let access = pageAccess(selectPages(store.getState()), handles, pathname);
    if (access === 'pending') access = pageAccess(await settledPages(store), handles, pathname);
    if (access !== 'open') {
      const skipped: DataStrategyResult = { type: 'data', result: undefined };
      return Object.fromEntries(matches.filter((match) => match.shouldCallHandler()).map((match) => [match.route.id, skipped]));
    }
    return runClientMiddleware(async (args) => {
      const toLoad = args.matches.filter((match) => match.shouldCallHandler());
      const results = await Promise.all(toLoad.map((match) => match.resolve()));
      return Object.fromEntries(toLoad.map((match, index) => [match.route.id, results[index]!]));
    });
  };
}
