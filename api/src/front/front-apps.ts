import express, { type Express, type Request, type Response } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { RemoteLocation, RemoteName } from '@hsa-lli/common/domain';
import { isFilePath } from '../seo/page-status.js';
import type { AppConfig } from '../config/config.js';
import { PRERENDER_HEADER, prerenderedFile } from '../seo/prerendered-pages.js';
import { contentSecurityPolicy, originOf, shellLoaderSource } from './security-headers.js';

/** Where each front app's production build is, relative to the repository root, and its URL prefix. */
export const FRONT_APPS: { name: RemoteName | 'shell'; dir: string; prefix: string }[] = [
  { name: 'mf_public', dir: 'mf-public', prefix: '/remotes/public' },
  { name: 'mf_account', dir: 'mf-account', prefix: '/remotes/account' },
  { name: 'mf_admin', dir: 'mf-admin', prefix: '/remotes/admin' },
  { name: 'mf_pdf', dir: 'mf-pdf', prefix: '/remotes/pdf' },
  { name: 'shell', dir: 'shell', prefix: '' },
];

/** Files that name the current deployment: always revalidated, so a redeployed app is seen at once. */
const ENTRY_FILES = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);
/** webpack's [contenthash] in a file name: such a file never changes. */
const HASHED = /\.[0-9a-f]{16,}\./;

export function cacheControlFor(path: string): string {
  const name = basename(path);
  if (ENTRY_FILES.has(name)) return 'no-cache';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export function defaultRemotes(): RemoteLocation[] {
  return FRONT_APPS.flatMap(({ name, prefix }) =>
    name === 'shell' ? [] : [{ name, entry: `${prefix}/mf-manifest.json` }],
  );
}

function staticApp(root: string): express.Handler {
  return express.static(root, {
    index: false,
    fallthrough: true,
    setHeaders: (response: Response, path: string) => {
      response.setHeader('Cache-Control', cacheControlFor(path));
      // Remotes answer CORS so that a shell on another origin can fetch their manifest.
      response.setHeader('Access-Control-Allow-Origin', '*');
    },
  });
}

/** The deploy-time map of where each remote lives: the file named by REMOTES_FILE, else this origin's builds. */
export function remotesJson(remotesFile: string | null): string {
  return remotesFile ? readFileSync(remotesFile, 'utf8') : JSON.stringify(defaultRemotes());
}

/**
 * One-origin mode of `npm start`: every front app's dist/ under its prefix, `/remotes.json`, and
 * the shell's index.html for any other page path. The API stays under /api. Everything it serves
 * carries the pages' Content-Security-Policy.
 */
export function serveFrontApps(
  app: Express,
  repoRoot: string,
  config: Pick<AppConfig, 'remotesFile' | 'dataDir' | 'analyticsUrl'>,
  /** The status of a page path (seo/page-status.ts): 404 for a path no page answers, or naming what is not there. */
  pageStatus: (request: Request) => Promise<number>,
): void {
  const missing = FRONT_APPS.filter(({ dir }) => !existsSync(join(repoRoot, dir, 'dist')));
  if (missing.length > 0) {
    throw new Error(`Front apps not built: ${missing.map(({ dir }) => dir).join(', ')} (run npm run build)`);
  }
  const shellIndex = join(repoRoot, 'shell', 'dist', 'index.html');
  const loader = shellLoaderSource(shellIndex);
  const analytics = config.analyticsUrl ? originOf(config.analyticsUrl) : null;
  app.use((request, response, next) => {
    if (request.path.startsWith('/api/')) return next();
    const remotes = (JSON.parse(remotesJson(config.remotesFile)) as RemoteLocation[]).flatMap(({ entry }) => originOf(entry) ?? []);
    response.setHeader('Content-Security-Policy', contentSecurityPolicy(loader(), { remotes, analytics }));
    next();
  });
  app.get('/remotes.json', (_request, response) => {
    response.setHeader('Cache-Control', 'no-cache');
    response.type('application/json').send(remotesJson(config.remotesFile));
  });
  for (const { dir, prefix } of FRONT_APPS) {
    app.use(prefix || '/', staticApp(join(repoRoot, dir, 'dist')));
  }
  app.use((request, response, next) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.path.startsWith('/api/') && !request.path.startsWith('/remotes/');
    // A file (an asset, sitemap.xml) is never answered with a page.
    if (!isPage || isFilePath(request.path) || !request.accepts('html')) return next();
    response.setHeader('Cache-Control', 'no-cache');
    const send = (status: number) => {
      response.status(status);
      const prerendered = request.get(PRERENDER_HEADER) ? null : prerenderedFile(config.dataDir, request.path);
      response.sendFile(prerendered && isCurrent(prerendered, shellIndex) ? prerendered : shellIndex);
    };
    // A path no page answers still gets the shell (it shows the not-found page), with the right status; so does a
    // residence, a good or an e-mailed link that is not there, whose page says « Page introuvable ».
    pageStatus(request).then(send, next);
  });
}

/**
 * A prerendered page names the shell's scripts of the build it was rendered with: one rendered before
 * the shell was last built would load scripts that no longer exist, so it waits for its new rendering.
 */
function isCurrent(prerendered: string, shellIndex: string): boolean {
  return existsSync(prerendered) && statSync(prerendered).mtimeMs >= statSync(shellIndex).mtimeMs;
}
