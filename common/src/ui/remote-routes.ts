import type { NonIndexRouteObject } from 'react-router';
import type { LayoutName, RemoteRouteHandle } from '../domain/areas.js';
import { cataloguePage, type PagePattern } from '../domain/page-catalogue.js';

export type PageRouteObject = NonIndexRouteObject & { handle: RemoteRouteHandle };

/** What a remote's `./routes` module exports by default: its routes, grouped by the shell layout they go in. */
export interface RemoteRouteGroup {
  layout: LayoutName;
  routes: PageRouteObject[];
}

export type RemoteRoutes = RemoteRouteGroup[];

function catalogued(pattern: string) {
  const page = cataloguePage(pattern);
  if (!page) throw new Error(`${pattern} is not a page of the catalogue (common/src/domain/page-catalogue.ts)`);
  return page;
}

/** `/residences/[slug]` as a route path: `/residences/:slug`. */
function routePath(pattern: string): string {
  return pattern.replace(/\[([^\]]+)\]/g, ':$1');
}

/**
 * The route of a page of the catalogue: its path, pattern, title and description come from there;
 * the route brings what draws the page (`lazy` or `Component`, loader) and, when the page's data
 * names it better, `meta`.
 */
export function pageRoute(
  pattern: PagePattern,
  route: Omit<NonIndexRouteObject, 'path' | 'handle' | 'index' | 'children'> & Pick<RemoteRouteHandle, 'meta'>,
): PageRouteObject {
  const page = catalogued(pattern);
  const { meta, ...drawing } = route;
  return { ...drawing, path: routePath(pattern), handle: { pattern, title: page.title, description: page.description, meta } };
}

/** An app's page routes, grouped by the layout the catalogue gives each page: what `./routes` exports. */
export function routesByLayout(routes: PageRouteObject[]): RemoteRoutes {
  const groups: RemoteRoutes = [];
  for (const route of routes) {
    const layout = catalogued(route.handle.pattern).layout;
    const group = groups.find((candidate) => candidate.layout === layout);
    if (group) group.routes.push(route);
    else groups.push({ layout, routes: [route] });
  }
  return groups;
}

/** Reads the handle of a remote route (title and page pattern), when the route has one. */
export function routeHandle(handle: unknown): RemoteRouteHandle | null {
  return typeof handle === 'object' && handle !== null && 'pattern' in handle && 'title' in handle
    ? (handle as RemoteRouteHandle)
    : null;
}
