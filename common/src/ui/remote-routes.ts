import type { RouteObject } from 'react-router';
import type { LayoutName, RemoteRouteHandle } from '../domain/areas.js';

/** What a remote's `./routes` module exports by default: its routes, grouped by the shell layout they go in. */
export interface RemoteRouteGroup {
  layout: LayoutName;
  routes: (RouteObject & { handle: RemoteRouteHandle })[];
}

export type RemoteRoutes = RemoteRouteGroup[];

/** Reads the handle of a remote route (title and page pattern), when the route has one. */
export function routeHandle(handle: unknown): RemoteRouteHandle | null {
  return typeof handle === 'object' && handle !== null && 'pattern' in handle && 'title' in handle
    ? (handle as RemoteRouteHandle)
    : null;
}
