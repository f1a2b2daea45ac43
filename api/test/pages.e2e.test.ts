import { ModulesContainer } from '@nestjs/core';
import { PAGE_CATALOGUE, ROLES, remoteForPath, type PageOwner } from '@hsa-lli/common/domain';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_KEY, type AccessRule } from '../src/auth/access.decorators.js';
import { FRONT_APPS } from '../src/front/front-apps.js';
import { REPO_ROOT } from '../src/paths.js';
import { BACKENDS, EMBEDDED_BACKEND, loggedIn, type TestApi } from './backends.js';

/** A react-router route object, as far as these tests read it. */
interface RouteNode {
  id?: string;
  path?: string;
  handle?: { pattern?: string; title?: string };
  children?: RouteNode[];
}

/** A route the shell or a remote exposes, with the app and the layout it sits in. */
interface FrontRoute {
  owner: PageOwner;
  layout: string;
  path: string | undefined;
  pattern: string | undefined;
  title: string | undefined;
}

/**
 * The front apps' routes, loaded from their sources. They are loaded by path because they are front
 * code (TSX), type-checked by their own app and not by the API's type check.
 */
async function frontSource(file: string): Promise<Record<string, unknown>> {
  return (await import(join(REPO_ROOT, file))) as Record<string, unknown>;
}

async function frontRoutes(): Promise<FrontRoute[]> {
  const toRoute = (owner: PageOwner, layout: string, route: RouteNode): FrontRoute => ({
    owner,
    layout,
    path: route.path,
    pattern: route.handle?.pattern,
    title: route.handle?.title,
  });
  // The shell's tree: root, then each layout (`layout-<name>`), its guarded content route, then the pages.
  const [root] = (await frontSource('shell/src/app/router.tsx')).SHELL_ROUTES as RouteNode[];
  const routes = root!.children!.flatMap((layoutRoute) =>
    layoutRoute.children!.flatMap((content) => (content.children ?? []).map((route) => toRoute('shell', layoutRoute.id!.replace('layout-', ''), route))),
  );
  for (const { name, dir } of FRONT_APPS) {
    if (name === 'shell') continue;
    const groups = (await frontSource(`${dir}/src/routes.tsx`)).default as { layout: string; routes: RouteNode[] }[];
    routes.push(...groups.flatMap((group) => group.routes.map((route) => toRoute(name, group.layout, route))));
  }
  return routes;
}

/** The route path of a page pattern: `/residences/[slug]` is answered by `/residences/:slug`. */
const routePathOf = (pattern: string) => pattern.replace(/\[([^\]]+)\]/g, ':$1');

describe.runIf(EMBEDDED_BACKEND)('the page catalogue and the front routes', () => {
  let routes: FrontRoute[];

  beforeAll(async () => {
    routes = await frontRoutes();
  });

  it('has every route of the shell and the remotes as a page of the catalogue, owned by its app, in its layout', () => {
    const pages = routes.filter((route) => route.pattern !== undefined);
    expect(pages.length).toBeGreaterThan(0);
    for (const route of pages) {
      const page = PAGE_CATALOGUE.find((candidate) => candidate.pattern === route.pattern);
      expect({ route: route.path, owner: route.owner, layout: route.layout, title: route.title }).toEqual({
        route: routePathOf(route.pattern!),
        owner: page?.owner,
        layout: page?.layout,
        title: page?.title,
      });
    }
    // Routes that name no page are the shell's unknown paths: « Cette page n'existe pas. » in a layout.
    for (const route of routes.filter((candidate) => candidate.pattern === undefined)) {
      expect({ owner: route.owner, path: route.path }).toEqual({ owner: 'shell', path: expect.stringMatching(/\*$/) });
    }
  });

  it('has a route for every page of the catalogue, in the app that owns it', () => {
    for (const page of PAGE_CATALOGUE) {
      const answering = routes.filter((route) => route.pattern === page.pattern).map((route) => route.owner);
      expect({ pattern: page.pattern, answering }).toEqual({ pattern: page.pattern, answering: [page.owner] });
    }
  });

  it('names, in every API route that serves a page, a page of the catalogue or a page to come', async () => {
    const api = await EMBEDDED_BACKEND!.start();
    try {
      const named = new Set<string>();
      for (const module of api.app.get(ModulesContainer).values()) {
        for (const controller of module.controllers.values()) {
          const prototype = (controller.metatype as { prototype: Record<string, unknown> }).prototype;
          const handlers = Object.getOwnPropertyNames(prototype).map((name) => prototype[name]);
          for (const target of [controller.metatype, ...handlers]) {
            const rule = typeof target === 'function' ? (Reflect.getMetadata(ACCESS_KEY, target) as AccessRule | undefined) : undefined;
            if (rule?.kind === 'page') for (const pattern of rule.patterns) named.add(pattern);
          }
        }
      }
      const known: string[] = PAGE_CATALOGUE.map((page) => page.pattern);
      expect(named.size).toBeGreaterThan(0);
      expect([...named].filter((pattern) => !known.includes(pattern))).toEqual([]);
    } finally {
      await api.stop();
    }
  });
});

describe.each(BACKENDS)('the pages the server lists, on $name', (backend) => {
  let api: TestApi;
  let routes: FrontRoute[];

  beforeAll(async () => {
    [api, routes] = await Promise.all([backend.start(), frontRoutes()]);
  });

  afterAll(async () => {
    await api?.stop();
  });

  it('have, for every role, a route in the shell or in the remote the shell loads for their paths', async () => {
    for (const role of ['anonymous', ...ROLES]) {
      const agent = role === 'anonymous' ? request.agent(api.server) : await loggedIn(api, `${role}@demo.hsa-lli.fr`);
      const { body } = await agent.post('/api/auth/get-pages').expect(200);
      const pages = body.pages as string[];
      expect(pages.length).toBeGreaterThan(0);
      for (const pattern of pages) {
        const answering = routes.filter((route) => route.pattern === pattern && (route.owner === 'shell' || route.owner === remoteForPath(pattern)));
        expect({ role, pattern, answered: answering.length }).toEqual({ role, pattern, answered: 1 });
      }
    }
  });
});
