import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppModule } from '../src/app.module.js';
import { defaultRemotes } from '../src/front/front-apps.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { REPO_ROOT } from '../src/paths.js';
import { Residence } from '../src/residences/entities/residence.entity.js';
import { loaderSource } from '../src/front/security-headers.js';
import { PrerenderService } from '../src/seo/prerender.service.js';
import { prerenderedFile } from '../src/seo/prerendered-pages.js';
import { EMBEDDED_BACKEND, forgetPublicReads, loggedIn, SERVER_BACKEND, type TestApi } from './backends.js';
import { CHROMIUM } from './printed-pdfs.js';

/** The fields of a good's form, as goods/get-one answers them and goods/update takes them back. */
const GOOD_FIELDS = ['enabled', 'residence', 'reference', 'flat_size', 'surface', 'rent_price', 'monthly_costs', 'available_from', 'description', 'facilities', 'dpe_kwh', 'dpe_kgco2'];

/** Waits until the test passes; a page not there (yet, or again) counts as not passing. */
async function eventually(test: () => boolean, timeoutMs = 90_000): Promise<void> {
  const started = Date.now();
  const passes = () => {
    try {
      return test();
    } catch {
      return false;
    }
  };
  while (!passes()) {
    if (Date.now() - started > timeoutMs) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// Prerendering is the same on every database: it runs on the embedded one, against the built front apps.
describe.runIf(EMBEDDED_BACKEND)('prerendered public pages', () => {
  let api: TestApi;
  const read = (path: string) => readFileSync(prerenderedFile(api.config.dataDir, path)!, 'utf8');
  const exists = (path: string) => existsSync(prerenderedFile(api.config.dataDir, path)!);

  // The deployment map of the front apps: rewriting it is how a redeployment is simulated.
  const remotesFolder = mkdtempSync(join(tmpdir(), 'hsa-lli-remotes-'));
  const remotesFile = join(remotesFolder, 'remotes.json');
  writeFileSync(remotesFile, JSON.stringify(defaultRemotes()));
  const renderedAt = (path: string) => (exists(path) ? statSync(prerenderedFile(api.config.dataDir, path)!).mtimeMs : 0);

  beforeAll(async () => {
    api = await EMBEDDED_BACKEND!.start({ serveApps: true, prerender: true, chromiumPath: CHROMIUM, publicUrl: 'https://www.hsa-lli.test', remotesFile });
    const { port } = api.server.address() as AddressInfo;
    await api.app.get(PrerenderService).start(`http://127.0.0.1:${port}`);
    await eventually(() => exists('/residences/residence-arrosa-bayonne'));
  }, 120_000);

  afterAll(async () => {
    await api?.stop();
    rmSync(remotesFolder, { recursive: true, force: true });
  });

  it('renders the pages again when a front app is redeployed, not before', async () => {
    // The first rendering has written the page.
    await eventually(() => renderedAt('/mentions-legales') > 0);
    const last = renderedAt('/mentions-legales');
    const prerender = api.app.get(PrerenderService);
    await prerender.renderIfRedeployed();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(renderedAt('/mentions-legales')).toBe(last);

    // The same remotes, written again as a deployment does: the front's version changes.
    writeFileSync(remotesFile, JSON.stringify(defaultRemotes(), null, 2));
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // the version is cached two seconds
    await prerender.renderIfRedeployed();
    await eventually(() => renderedAt('/mentions-legales') > last);
  }, 120_000);

  it('does not render the pages again when the front cannot be read for a moment, nor when it can again', async () => {
    await eventually(() => renderedAt('/mentions-legales') > 0);
    const prerender = api.app.get(PrerenderService);
    await prerender.renderIfRedeployed();
    const asked = vi.spyOn(prerender, 'request');
    const away = `${remotesFile}.away`;
    renameSync(remotesFile, away);
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_100)); // the version is cached two seconds
      await prerender.renderIfRedeployed();
      renameSync(away, remotesFile);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await prerender.renderIfRedeployed();
      expect(asked).not.toHaveBeenCalled();
    } finally {
      if (existsSync(away)) renameSync(away, remotesFile);
      asked.mockRestore();
    }
  }, 60_000);

  it('serves the content, title, description, canonical address and Open Graph tags in the HTML itself', async () => {
    const home = await request(api.server).get('/').set('Accept', 'text/html').expect(200);
    expect(home.text).toContain('data-prerendered="true"');
    expect(home.text).toContain('Se loger entre océan et montagne, à un loyer maîtrisé');
    expect(home.text).toContain('<link rel="canonical" href="https://www.hsa-lli.test/">');
    const residence = await request(api.server).get('/residences/residence-arrosa-bayonne').set('Accept', 'text/html').expect(200);
    expect(residence.text).toContain('<title>Résidence Arrosa, Bayonne | HSA Logement intermédiaire</title>');
    expect(residence.text).toMatch(/<meta name="description" content="Résidence Arrosa à Bayonne \(64100\)/);
    expect(residence.text).toContain('<meta property="og:url" content="https://www.hsa-lli.test/residences/residence-arrosa-bayonne">');
    expect(residence.text).toMatch(/<meta property="og:image" content="https:\/\/www\.hsa-lli\.test\/api\/images\/\d+\?w=1000">/);
    expect(residence.text).not.toMatch(/data-rendered=/);
    // Only the page's own loader remains, with the list of scripts it loads again; the policy allows it.
    expect([...residence.text.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)).toEqual(['<script type="application/json" id="shell-scripts">', '<script id="shell-loader">']);
    expect(residence.headers['content-security-policy']).toContain(loaderSource(residence.text));
  });

  it('never serves a page rendered before the shell was last built, whose scripts no longer exist', async () => {
    const file = prerenderedFile(api.config.dataDir, '/mentions-legales')!;
    const shellBuilt = statSync(join(REPO_ROOT, 'shell', 'dist', 'index.html')).mtime;
    const rendered = statSync(file).mtime;
    try {
      utimesSync(file, shellBuilt, new Date(shellBuilt.getTime() - 60_000));
      const stale = await request(api.server).get('/mentions-legales').set('Accept', 'text/html').expect(200);
      expect(stale.text).not.toContain('data-prerendered');
      expect(stale.text).toContain('<div id="root">');
    } finally {
      utimesSync(file, rendered, rendered);
    }
    const fresh = await request(api.server).get('/mentions-legales').set('Accept', 'text/html').expect(200);
    expect(fresh.text).toContain('data-prerendered="true"');
  });

  it('answers an unknown path with the not-found status', async () => {
    const response = await request(api.server).get('/cette-page-n-existe-pas').set('Accept', 'text/html').expect(404);
    expect(response.text).toContain('<div id="root">');
  });

  it('renders again when a residence or a good changes, and forgets pages that are no longer public', { timeout: 240_000 }, async () => {
    // Changed as staff change them: the catalogue's services say so (docs/api-convention.md, « When something changed »).
    const hsa = await loggedIn(api, 'hsa@demo.hsa-lli.fr');
    const manager = api.dataSource.manager;
    const { id: residenceId } = await manager.findOneByOrFail(Residence, { slug: 'residence-arrosa-bayonne' });
    const { residence } = (await hsa.post('/api/residences/get-one').send({ id: residenceId }).expect(200)).body;
    const { id, version, _city, slug: _slug, photos: _photos, goods: _goods, updated_at: _updated, ...form } = residence;
    await hsa.post('/api/residences/update').send({ ...form, description: 'Résidence rénovée en 2026, au pied de la passerelle de la gare.', id, version }).expect(200);
    // Its page is taken down at once (residences.e2e.test.ts checks that), then rendered again.
    await eventually(() => read('/residences/residence-arrosa-bayonne').includes('Résidence rénovée en 2026'));

    const good = await manager.findOneOrFail(Good, { where: { residence: { slug: 'les-jardins-de-l-adour-boucau' }, enabled: true }, relations: { residence: true } });
    const path = `/residences/les-jardins-de-l-adour-boucau/${good.slug}/${good.id}`;
    expect(exists(path)).toBe(true);
    const opened = (await hsa.post('/api/goods/get-one').send({ id: good.id }).expect(200)).body.good;
    const goodForm = Object.fromEntries(GOOD_FIELDS.map((field) => [field, opened[field]]));
    await hsa.post('/api/goods/update').send({ ...goodForm, id: good.id, version: opened.version, enabled: false }).expect(200);
    await eventually(() => !exists(path));
    // Drawn in the browser, the page says « Page introuvable »: its status says so too.
    await request(api.server).get(path).set('Accept', 'text/html').expect(404);
  });
});

// An API that only queues jobs (RUN_WORKERS=false) beside a dedicated worker, as docker-compose runs them.
describe.runIf(SERVER_BACKEND)('prerendering by a separate worker', () => {
  let api: TestApi;
  let worker: INestApplicationContext;
  const file = (path: string) => prerenderedFile(api.config.dataDir, path)!;

  beforeAll(async () => {
    api = await SERVER_BACKEND!.start({ serveApps: true, prerender: true, runWorkers: false, chromiumPath: CHROMIUM, publicUrl: 'https://www.hsa-lli.test' });
    const { port } = api.server.address() as AddressInfo;
    worker = await NestFactory.createApplicationContext(
      AppModule.forRoot({ ...api.config, runWorkers: true, serveApps: false, frontOrigin: `http://127.0.0.1:${port}` }),
      { logger: ['error'] },
    );
    await api.app.get(PrerenderService).start(`http://127.0.0.1:${port}`);
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await api?.stop();
  });

  it('renders again after every change the API hears of, not only the first time', { timeout: 300_000 }, async () => {
    const path = '/residences/residence-arrosa-bayonne';
    await eventually(() => existsSync(file(path)), 150_000);
    const manager = api.dataSource.manager;
    for (const description of ['Première rénovation, achevée en 2026.', 'Seconde rénovation, achevée en 2027.']) {
      await manager.update(Residence, { slug: 'residence-arrosa-bayonne' }, { description });
      await forgetPublicReads(api);
      await api.app.get(PrerenderService).request();
      await eventually(() => readFileSync(file(path), 'utf8').includes(description), 150_000);
    }
  });
});
