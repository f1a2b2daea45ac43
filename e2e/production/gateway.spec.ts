import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import { PUBLIC_HOST } from '../support/e2e-env.ts';
import { ONE_ORIGIN, PRODUCTION } from './shape.ts';

/** What must be the same at the gateway as at the one-origin server: the status and these headers. */
const COMPARED = ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'strict-transport-security', 'content-security-policy', 'cache-control'];

interface Asked {
  path: string;
  method?: 'GET' | 'POST';
  body?: object;
  accept?: string;
  /** The page it is asked from. */
  referer?: string;
}

/** An answer's status and compared headers, asked under the site's name (not a local one, for which HSTS is left out). */
function answer(origin: string, { path, method = 'GET', body, accept = 'text/html,application/xhtml+xml,*/*;q=0.8', referer }: Asked): Promise<{ status: number; headers: Record<string, unknown> }> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const asking = request({ host: '127.0.0.1', port, path, method, headers: { Host: PUBLIC_HOST, Accept: accept, ...(body ? { 'Content-Type': 'application/json' } : {}), ...(referer ? { Referer: referer } : {}) } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, headers: Object.fromEntries(COMPARED.map((name) => [name, response.headers[name] ?? null])) }));
    });
    asking.on('error', reject);
    asking.end(body ? JSON.stringify(body) : undefined);
  });
}

test('the gateway answers every kind of address with the one-origin server’s status, security headers and caching', async () => {
  const oneOrigin = `http://127.0.0.1:${ONE_ORIGIN.port}`;
  const residences = (await (await fetch(`${PRODUCTION.origin}/api/front/residences/list`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json()) as {
    data: { slug: string }[];
  };
  const manifest = (await (await fetch(`${PRODUCTION.origin}/remotes/admin/mf-manifest.json`)).json()) as { metaData: { remoteEntry: { name: string } }; exposes: { assets: { js: { sync: string[] } } }[] };
  const chunk = manifest.exposes[0]!.assets.js.sync[0]!;
  const link = randomBytes(32).toString('base64url');
  const addresses: Asked[] = [
    { path: '/' },
    { path: '/residences' },
    { path: `/residences/${residences.data[0]!.slug}` },
    { path: '/residences/nulle-part' },
    { path: '/residences/nulle-part/t2-45-m2/999999' },
    { path: '/nulle-part' },
    { path: '/login' },
    { path: '/admin/comites' },
    // A link's secret as the real ones are made (no longer valid), and the page's script asked from it: neither the
    // request nor its Referer may put the secret in an access log (production/no-personal-data.ts reads them).
    { path: `/creation-de-compte/${link}` },
    { path: `/remotes/admin/${chunk}`, accept: '*/*', referer: `http://${PUBLIC_HOST}/creation-de-compte/${link}` },
    { path: '/remotes.json', accept: '*/*' },
    { path: '/remotes/admin/mf-manifest.json', accept: '*/*' },
    { path: `/remotes/admin/${manifest.metaData.remoteEntry.name}`, accept: '*/*' },
    { path: `/remotes/admin/${chunk}`, accept: '*/*' },
    { path: '/sitemap.xml', accept: '*/*' },
    { path: '/robots.txt', accept: '*/*' },
    { path: '/api/health', accept: 'application/json' },
    { path: '/api/front/residences/list', method: 'POST', body: {}, accept: 'application/json' },
    { path: '/api/records/get-mine', method: 'POST', body: {}, accept: 'application/json' },
    { path: '/api/nulle-part', accept: 'application/json' },
  ];
  for (const asked of addresses) {
    const [atGateway, atOneOrigin] = [await answer(PRODUCTION.origin, asked), await answer(oneOrigin, asked)];
    expect(atGateway, `${asked.method ?? 'GET'} ${asked.path}`).toEqual(atOneOrigin);
  }
});
