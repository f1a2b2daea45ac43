import { verify } from '@node-rs/argon2';
import { COMMUNES, finalEnergyClass } from '@hsa-lli/common/domain';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactForm } from '../src/contact-forms/entities/contact-form.entity.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { Residence } from '../src/residences/entities/residence.entity.js';
import { User } from '../src/users/entities/user.entity.js';
import { isFresh, seedIfFresh } from '../src/seed/seed.js';
import { BACKENDS, DEMO_PASSWORD, forgetPublicReads, loggedIn, type TestApi } from './backends.js';

const DEMO_EMAILS = ['admin', 'hsa', 'coordinator', 'comitee', 'member', 'customer'].map((role) => `${role}@demo.hsa-lli.fr`);

type Agent = Awaited<ReturnType<typeof loggedIn>>;

async function waitForJob(agent: Agent, id: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await agent.get(`/api/stats/refresh/${id}`).expect(200);
    if (response.body.job.state === 'completed' || response.body.job.state === 'failed') return response.body.job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Job ${id} did not finish`);
}

describe.each(BACKENDS)('platform on $name', (backend) => {
  let api: TestApi;
  let admin: Agent;

  beforeAll(async () => {
    api = await backend.start();
    admin = await loggedIn(api, 'admin@demo.hsa-lli.fr');
  });

  afterAll(async () => {
    await api?.stop();
  });

  it('reports the database and the queue as healthy', async () => {
    const response = await request(api.server).get('/api/health').expect(200);
    expect(response.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' });
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.body).toEqual({
      status: 'ok',
      database: { dialect: api.config.databaseUrl ? 'mariadb' : 'sqlite', ok: true },
      queue: { mode: api.config.redisUrl ? 'redis' : 'in-process', workers: true, ok: true },
      // The machine's Chromium, else the one npm installed with the API: PDFs can always be printed.
      chromium: { source: expect.stringMatching(/^(system|npm)$/), ok: true },
      // No antivirus in these tests; HEIC photos decoded by libheif where Debian's libheif-examples is (.ci/run installs
      // it), and qpdf there to open owner-password PDFs.
      antivirus: { configured: false, ok: null },
      documents: { heic_decoder: expect.stringMatching(/^(native|wasm)$/), qpdf: true },
    });
  });

  it.runIf(backend.server)('dates what the database clocks in UTC on every connection, whatever the server’s own time zone', async () => {
    // Five queries at once, each holding its connection a moment: five connections of the pool.
    const zones = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.dataSource.query('SELECT @@session.time_zone AS zone, TIMESTAMPDIFF(SECOND, NOW(), UTC_TIMESTAMP()) AS gap, CONNECTION_ID() AS id, SLEEP(0.2) AS pause') as Promise<
          { zone: string; gap: number | string; id: number | string }[]
        >,
      ),
    );
    expect(new Set(zones.map(([row]) => String(row!.id))).size).toBe(5);
    for (const [row] of zones) expect({ zone: row!.zone, gap: Number(row!.gap) }).toEqual({ zone: '+00:00', gap: 0 });
  });

  it('applies the migrations, with the communes of the reference data', async () => {
    const response = await request(api.server).get('/api/reference').expect(200);
    expect(response.body.cities).toHaveLength(COMMUNES.length);
    expect(response.body.cities).toContainEqual({ value: '64024', label: 'Anglet', zip_code: '64600', areas: 'A' });
    expect(response.body.cities).toContainEqual({ value: '64102', label: 'Bayonne', zip_code: '64100', areas: 'B1' });
    expect(response.body.flat_sizes.map((option: { value: string }) => option.value)).toEqual([
      'garage', 'studio', 'T1', 'T1bis', 'T2', 'T2bis', 'T3', 'T3bis', 'T4', 'T4bis', 'T5', 'T5bis', 'T6', 'T6bis',
    ]);
    expect(response.body.energy_classes.at(-1)).toEqual({ letter: 'G', kwh: 10000, kgC02: 10000 });
  });

  it('holds the demo accounts, one per role, with argon2id hashes of the demo password', async () => {
    const users = await api.dataSource.manager.find(User, { order: { id: 'ASC' } });
    expect(users.map((user) => user.email)).toEqual(DEMO_EMAILS);
    expect(users.map((user) => user.roles)).toEqual([['admin'], ['hsa'], ['coordinator'], ['comitee'], ['member'], ['customer']]);
    for (const user of users) {
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(user.passwordHash!, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('lists only published residences, across communes of both zones, each with photos', async () => {
    const response = await request(api.server).post('/api/front/residences/list').send({}).expect(200);
    const residences = response.body.data as { slug: string; area: string; city: { label: string }; photos: { url: string }[] }[];
    expect(residences.length).toBeGreaterThanOrEqual(8);
    expect(new Set(residences.map((residence) => residence.area))).toEqual(new Set(['A', 'B1']));
    expect(new Set(residences.map((residence) => residence.city.label)).size).toBe(residences.length);
    const unpublished = await api.dataSource.manager.find(Residence, { where: [{ status: 'draft' }, { status: 'closed' }] });
    expect(unpublished.length).toBeGreaterThan(0);
    for (const residence of unpublished) expect(residences.map((item) => item.slug)).not.toContain(residence.slug);
    for (const residence of residences) expect(residence.photos.length).toBeGreaterThan(0);
  });

  it('serves each photo at the widths of the site, in WebP, cached for good', async () => {
    const { body } = await request(api.server).post('/api/front/residences/list').send({}).expect(200);
    const photo = body.data[0].photos[0];
    for (const width of [500, 1000, 1500, 2000, 3000]) {
      const response = await request(api.server).get(`${photo.url}?w=${width}`).buffer(true).expect(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(response.body as Buffer).metadata();
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * photo.height) / photo.width));
    }
    const plain = await request(api.server).get(photo.url).buffer(true).expect(200);
    expect((await sharp(plain.body as Buffer).metadata()).width).toBe(1000);
    await request(api.server).get(`${photo.url}?w=800`).expect(404);
    await request(api.server).get('/api/images/999999').expect(404);
  });

  it('answers the good behind an executive note, with its energy class, and 404 for an unknown one', async () => {
    const good = await api.dataSource.manager.findOneOrFail(Good, { where: { flatSize: 'T4', enabled: true }, relations: { residence: true } });
    const response = await admin.post(`/api/goods/${good.id}/PDF/executive`).send({ id: good.id }).expect(200);
    expect(response.body.good).toMatchObject({
      id: good.id,
      flat_size: 'T4',
      rent_price: good.rentPriceCents / 100,
      energy_class: finalEnergyClass(good.dpeKwh!, good.dpeKgco2!),
      residence: { id: good.residence.id, name: good.residence.name, area: good.residence.area },
      candidates: expect.any(Array),
    });
    await admin.post('/api/goods/999999/PDF/executive').send({ id: 999999 }).expect(404);
  });

  it('refreshes the statistics through the queue, and the new figures show through the API', async () => {
    const before = await admin.post('/api/stats/refresh').expect(202);
    await waitForJob(admin, before.body.job.id);
    const counted = (await admin.get('/api/stats/contact-forms/count').expect(200)).body.value as number;
    expect(counted).toBe(await api.dataSource.manager.count(ContactForm));

    await api.dataSource.manager.save(
      api.dataSource.manager.create(ContactForm, {
        subject: 'infos',
        name: 'Test Queue',
        email: 'test.queue@example.org',
        phone: null,
        message: 'Une question.',
        consent: true,
        eligibility: null,
      }),
    );
    const refresh = await admin.post('/api/stats/refresh').expect(202);
    expect(refresh.body.job).toMatchObject({ queue: 'statistics', name: 'refresh' });
    const job = await waitForJob(admin, refresh.body.job.id);
    expect(job.state).toBe('completed');
    const after = await admin.get('/api/stats/contact-forms/count').expect(200);
    expect(after.body.value).toBe(counted + 1);
    expect(Date.parse(after.body.computed_at)).toBeGreaterThan(Date.now() - 60_000);
    await admin.get('/api/stats/refresh/not-a-job').expect(404);
    await admin.get('/api/stats/nothing/here').expect(404);
  });

  it('counts as « Logements proposés » the homes a visitor can find, and follows a disabled good and an unpublished residence', async () => {
    const refreshedCount = async () => {
      const refresh = await admin.post('/api/stats/refresh').expect(202);
      expect((await waitForJob(admin, refresh.body.job.id)).state).toBe('completed');
      return (await admin.get('/api/stats/goods/count').expect(200)).body.value as number;
    };
    const listedHomes = async () => {
      const { body } = await request(api.server).post('/api/front/residences/list').send({}).expect(200);
      return (body.data as { goods_count: number }[]).reduce((count, residence) => count + residence.goods_count, 0);
    };
    // The demo data: 26 enabled flats in the 8 published residences. Not counted: the garage of Les
    // Hortensias, the disabled T5 of Uhabia, the disabled flats of the draft residence and the 2
    // enabled flats of the closed one.
    expect(await refreshedCount()).toBe(26);
    expect(await listedHomes()).toBe(26);

    const manager = api.dataSource.manager;
    const t5 = await manager.findOneOrFail(Good, { where: { flatSize: 'T5', enabled: true } });
    const capbreton = await manager.findOneOrFail(Residence, { where: { name: 'Océan Capbreton' } });
    try {
      await manager.update(Good, t5.id, { enabled: false });
      expect(await refreshedCount()).toBe(25);
      await manager.update(Residence, capbreton.id, { status: 'draft' });
      await forgetPublicReads(api);
      expect(await refreshedCount()).toBe(21);
      expect(await listedHomes()).toBe(21);
    } finally {
      await manager.update(Good, t5.id, { enabled: true });
      await manager.update(Residence, capbreton.id, { status: 'published' });
      await forgetPublicReads(api);
    }
    expect(await refreshedCount()).toBe(26);
    expect(await listedHomes()).toBe(26);
  });

  it('never loads the demo data into a database that already holds data', async () => {
    const residences = await api.dataSource.manager.count(Residence);
    expect(await isFresh(api.dataSource)).toBe(false);
    expect(await seedIfFresh(api.dataSource, api.config.dataDir)).toBe(false);
    expect(await api.dataSource.manager.count(Residence)).toBe(residences);
  });
});
