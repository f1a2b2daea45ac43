import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import type { PageMeta, RemoteRouteHandle } from '@hsa-lli/common/domain';
import { selectPages, useAppSelector } from '@hsa-lli/common/store';
import { ConsentProvider } from '../features/consent/consent.js';
import { applyHead } from './head.js';

function pageMeta(matches: ReturnType<typeof useMatches>): PageMeta {
  for (const match of [...matches].reverse()) {
    const handle = match.handle as Partial<RemoteRouteHandle> | undefined;
    if (handle?.title) return { title: handle.title, description: handle.description, ...handle.meta?.(match.loaderData) };
  }
  return {};
}

/** Everything all layouts share: the page's head tags, the navigation bar, the consent context. */
export function Root() {
  const matches = useMatches();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const pages = useAppSelector(selectPages);
  const meta = pageMeta(matches);

  useEffect(() => {
    applyHead(meta, pathname);
  }, [meta.title, meta.description, meta.image, pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  // Tells the prerenderer (and tests) that the page shown is complete.
  useEffect(() => {
    document.documentElement.dataset.rendered = String(navigation.state === 'idle' && pages.status !== 'pending');
  }, [navigation.state, pages.status, pathname]);

  return (
    <ConsentProvider>
      {navigation.state === 'loading' && <div className="shell-progress" role="progressbar" aria-label="Chargement de la page" />}
      <Outlet />
      <ScrollRestoration />
    </ConsentProvider>
  );
}
