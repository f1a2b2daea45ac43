import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteLocation, RemoteName } from '@hsa-lli/common/domain';
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
