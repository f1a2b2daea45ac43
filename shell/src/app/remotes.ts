import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteForPath, type RemoteName } from '@hsa-lli/common/areas';
import type { RemoteLocation } from '@hsa-lli/common/domain';
import type { RemoteRoutes } from '@hsa-lli/common/ui';

let registration: Promise<void> | null = null;

/** Remote locations are deployment data: read from /remotes.json at run time, never built in. */
function registerOnce(): Promise<void> {
  registration ??= fetch('/remotes.json', { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
      return response.json() as Promise<RemoteLocation[]>;
    })
    .then((remotes) => registerRemotes(remotes.map(({ name, entry }) => ({ name, entry }))));
  return registration;
}

/**
 * Fetches the files of the remote that answers a path (its manifest, its entry, its routes' file) while the shell's
 * own scripts start, instead of after them: the first page of a visit is on screen one round of requests sooner. Its
 * shared libraries are left to the shell, which provides them. Only its entry runs (it names the remote's modules);
 * should anything fail, the page's loading reports it (loadRemoteRoutes).
 */
export function preloadRemoteFor(pathname: string): void {
  const remote = remoteForPath(pathname);
  // A public page is on screen already (prerendered): its remote waits its turn, not to slow what the visitor sees.
  if (remote === 'mf_public') return;
  registerOnce()
    .then(() => preloadRemote([{ nameOrAlias: remote, exposes: ['routes'], resourceCategory: 'sync', share: false }]))
    .catch(() => undefined);
}

const routes = new Map<RemoteName, Promise<RemoteRoutes>>();

/** The routes a remote exposes as `./routes`; loaded once, on the first visit to one of its paths. */
export function loadRemoteRoutes(remote: RemoteName): Promise<RemoteRoutes> {
  let loading = routes.get(remote);
  if (!loading) {
    loading = registerOnce()
      .then(() => loadRemote<{ default: RemoteRoutes }>(`${remote}/routes`))
      .then((module) => {
        if (!module?.default) throw new Error(`${remote}/routes could not be loaded`);
        return module.default;
      });
    routes.set(remote, loading);
  }
  return loading;
}
