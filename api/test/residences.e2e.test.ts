import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONFLICT_MESSAGE } from '@hsa-lli/common/back-office';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsByRole, expectOnlyFor, type Agent } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';

const CATALOGUE = ['admin', 'hsa'] as const;

/** A complete residence form, as the back office sends it. */
function residenceForm(overrides: Record<string, unknown> = {}) {
  return {
    status: 'draft',
    closed_label: null,
    reference: `RES-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    name: 'Résidence Les Tamaris',
    city: '64102',
    neighborhood: 'Saint-Esprit',
    delivery_date: '2027-09-01',
    limit_date: null,
    facilities: [],
    advantages: ['no_agency_fees'],
    certifications: ['RE2020'],
    description: 'Une résidence neuve de 24 logements, à deux pas de la gare.',
    district_desc: null,
    address_line_1: '12 rue Sainte-Catherine',
    address_line_2: null,
    ...overrides,
  };
}

describe.each(BACKENDS)('residences managed by staff on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let hsa: Agent;

  beforeAll(async () => {
    api = await backend.start();
    agents = await agentsByRole(api);
    hsa = agents.hsa;
  });

  afterAll(async () => {
    await api?.stop();
  });

  it('opens every call to admin and hsa only', async () => {
    const { body } = await hsa.post('/api/residences/create').send(residenceForm()).expect(201);
    const { id, version } = body.residence;
    for (const [path, payload] of [
      ['/api/residences/list', {}],
      ['/api/residences/get-one', { id }],
      ['/api/residences/update', { ...residenceForm({ reference: body.residence.reference }), id, version }],
      ['/api/residences/create', residenceForm()],
    ] as const) {
      await expectOnlyFor(api, agents, path, payload, CATALOGUE);
    }
    await expectOnlyFor(api, agents, '/api/residences/delete', { id: 999_999 }, CATALOGUE);
  });

  it('lists with filters on status, commune and zone, a search, a sort and pages', async () => {
    const all = (await hsa.post('/api/residences/list').send({ per_page: 100 }).expect(200)).body;
    expect(all.total).toBeGreaterThan(3);
    expect(all.data[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), reference: expect.any(String), status: expect.any(String), goods_count: expect.any(Number), version: expect.any(Number) }),
    );
    const published = (await hsa.post('/api/residences/list').send({ filters: { status: 'published' }, per_page: 100 }).expect(200)).body;
    expect(published.data.length).toBeGreaterThan(0);
    expect(published.data.every((residence: { status: string }) => residence.status === 'published')).toBe(true);
    const anglet = (await hsa.post('/api/residences/list').send({ filters: { city: '64024' } }).expect(200)).body;
    expect(anglet.data.every((residence: { city: { value: string } }) => residence.city.value === '64024')).toBe(true);
    const zoneA = (await hsa.post('/api/residences/list').send({ filters: { zone: 'A' } }).expect(200)).body;
    expect(zoneA.data.every((residence: { area: string }) => residence.area === 'A')).toBe(true);
    const byCity = (await hsa.post('/api/residences/list').send({ sort: { column: 'city', direction: 'desc' }, per_page: 100 }).expect(200)).body;
    const cities = byCity.data.map((residence: { city: { label: string } }) => residence.city.label);
    expect(cities).toEqual([...cities].sort((a, b) => b.localeCompare(a, 'fr')));
    const first = all.data[0];
    const found = (await hsa.post('/api/residences/list').send({ search: first.reference.toLowerCase() }).expect(200)).body;
    expect(found.data.map((residence: { id: number }) => residence.id)).toContain(first.id);
    const paged = (await hsa.post('/api/residences/list').send({ per_page: 10, page: 2 }).expect(200)).body;
    expect(paged.total).toBe(all.total);
    expect(paged.data.length).toBe(Math.max(0, Math.min(10, all.total - 10)));
  });

  it('validates each field in French and loses nothing on a refused save', async () => {
    const { body } = await hsa
      .post('/api/residences/create')
      .send({ ...residenceForm(), status: 'archived', reference: '', name: ' ', city: '75056', description: '', address_line_1: '', delivery_date: '2027-02-30', facilities: [99_999, 99_999] })
      .expect(400);
    expect(body.fields).toEqual({
      status: 'Choisissez le statut : brouillon, publiée ou fermée.',
      reference: 'Indiquez la référence de la résidence.',
      name: 'Indiquez le nom de la résidence.',
      city: 'Choisissez la commune dans la liste.',
      description: 'Décrivez la résidence.',
      address_line_1: "Indiquez l'adresse de la résidence.",
      delivery_date: 'Indiquez une date qui existe, ou laissez vide.',
      facilities: 'Un équipement est choisi deux fois.',
    });
    const closed = await hsa.post('/api/residences/create').send(residenceForm({ status: 'closed' })).expect(400);
    expect(closed.body.fields.closed_label).toMatch(/une fois fermée/);
    const wrongZone = await hsa.post('/api/residences/create').send(residenceForm({ area: 'A' })).expect(400);
    expect(wrongZone.body.fields.area).toBe('La zone de Bayonne est B1.');
    const unknownEquipment = await hsa.post('/api/residences/create').send(residenceForm({ facilities: [99_999] })).expect(400);
    expect(unknownEquipment.body.fields.facilities).toMatch(/équipements/);

    const created = (await hsa.post('/api/residences/create').send(residenceForm()).expect(201)).body.residence;
    const taken = await hsa.post('/api/residences/create').send(residenceForm({ reference: created.reference })).expect(400);
    expect(taken.body.fields.reference).toMatch(/déjà/);
    const refused = await hsa.post('/api/residences/update').send({ ...residenceForm({ name: '' }), id: created.id, version: created.version }).expect(400);
    expect(refused.body.fields.name).toBeDefined();
    expect((await hsa.post('/api/residences/get-one').send({ id: created.id }).expect(200)).body.residence.name).toBe(created.name);
    for (const path of ['/api/residences/get-one', '/api/residences/delete']) expect((await hsa.post(path).send({ id: 999_999 }).expect(404)).text).toBe('');
  });

  it('derives the zone from the commune, keeps a history, and refuses a save made on an older version', async () => {
    const facility = (await hsa.post('/api/equipments/list').send({ filters: { type: 'residence' } }).expect(200)).body.data[0];
    const created = (await hsa.post('/api/residences/create').send(residenceForm({ name: 'Résidence Les Acacias', facilities: [facility._id] })).expect(201)).body;
    expect(created.residence).toMatchObject({ area: 'B1', city: '64102', _city: { label: 'Bayonne' }, facilities: [facility._id], status: 'draft', photos: [], goods: [] });
    expect(created.residence.slug).toBe('residence-les-acacias-bayonne');
    expect(created.history[0]).toMatchObject({ action: 'Création' });
    const { id, version, reference } = created.residence;

    const saved = (await hsa.post('/api/residences/update').send({ ...residenceForm({ reference, city: '64024', name: 'Les Tamaris' }), id, version }).expect(200)).body;
    expect(saved.residence).toMatchObject({ city: '64024', area: 'A', name: 'Les Tamaris', slug: 'residence-les-acacias-bayonne' });
    expect(saved.history[0].changes.map((change: { field: string }) => change.field)).toEqual(['name', 'city', 'facilities']);
    const late = await agents.admin.post('/api/residences/update').send({ ...residenceForm({ reference }), id, version }).expect(409);
    expect(late.body).toMatchObject({ error: CONFLICT_MESSAGE, code: 'stale_version' });
    expect((await hsa.post('/api/residences/get-one').send({ id }).expect(200)).body.residence.name).toBe('Les Tamaris');
  });

  it('shows a residence on the public site once published, and takes it off when closed or back to draft', async () => {
    const created = (await hsa.post('/api/residences/create').send(residenceForm({ name: 'Villa Publication' })).expect(201)).body.residence;
    const visitor = () => request(api.server).post('/api/front/residences/details').send({ slug: created.slug });
    await visitor().expect(404);
    const published = (
      await hsa.post('/api/residences/update').send({ ...residenceForm({ name: 'Villa Publication', reference: created.reference, status: 'published' }), id: created.id, version: created.version }).expect(200)
    ).body;
    expect(published.history[0].action).toBe('Publication');
    expect((await visitor().expect(200)).body.residence.name).toBe('Villa Publication');
    const sitemap = await request(api.server).get('/sitemap.xml').expect(200);
    expect(sitemap.text).toContain(`/residences/${created.slug}`);
    const closed = (
      await hsa
        .post('/api/residences/update')
        .send({ ...residenceForm({ name: 'Villa Publication', reference: created.reference, status: 'closed', closed_label: 'Complet' }), id: created.id, version: published.residence.version })
        .expect(200)
    ).body;
    // A closed residence takes no more applications: it leaves the public site, as a draft does.
    await visitor().expect(404);
    expect(closed.history[0].action).toBe('Fermeture');
    await hsa
      .post('/api/residences/update')
      .send({ ...residenceForm({ name: 'Villa Publication', reference: created.reference, status: 'draft' }), id: created.id, version: closed.residence.version })
      .expect(200);
    await visitor().expect(404);
  });

  it('stops serving the prerendered pages of a residence and its goods as soon as it changes, before any new rendering', async () => {
    const published = (await hsa.post('/api/residences/list').send({ filters: { status: 'published' }, per_page: 100 }).expect(200)).body.data.find(
      (residence: { goods_count: number }) => residence.goods_count > 0,
    );
    const { residence } = (await hsa.post('/api/residences/get-one').send({ id: published.id }).expect(200)).body;
    // Pages as an earlier rendering left them (this test API renders nothing itself).
    const folder = join(api.config.dataDir, 'prerender', 'residences');
    const page = join(folder, `${residence.slug}.html`);
    const goodPage = join(folder, residence.slug, 'appartement', `${residence.goods[0].id}.html`);
    mkdirSync(dirname(goodPage), { recursive: true });
    writeFileSync(page, '<html>ancienne version</html>');
    writeFileSync(goodPage, '<html>ancienne version</html>');
    const { id, version, _city, slug: _slug, photos: _photos, goods: _goods, updated_at: _updated, ...form } = residence;
    await hsa.post('/api/residences/update').send({ ...form, status: 'draft', id, version }).expect(200);
    expect(existsSync(page)).toBe(false);
    expect(existsSync(goodPage)).toBe(false);
  });

  it('deletes an empty residence, and keeps one that has goods', async () => {
    const withGoods = (await hsa.post('/api/residences/list').send({ per_page: 100 }).expect(200)).body.data.find((residence: { goods_count: number }) => residence.goods_count > 0);
    const refused = await hsa.post('/api/residences/delete').send({ id: withGoods.id }).expect(409);
    expect(refused.body.error).toMatch(/ne peut pas être supprimée : elle compte encore \d+ biens?\. Pour la retirer du site, passez-la en « Brouillon » ou « Fermée »\./);
    await hsa.post('/api/residences/get-one').send({ id: withGoods.id }).expect(200);
    const empty = (await hsa.post('/api/residences/create').send(residenceForm()).expect(201)).body.residence;
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0b4a6f' } }).jpeg().toBuffer();
    const originals = () => readdirSync(join(api.config.dataDir, 'public', 'images')).filter((name) => name !== 'renditions').length;
    const before = originals();
    const [photo] = (
      await hsa
        .post('/api/images/upload')
        .set('Origin', api.config.publicUrl)
        .field('owner', 'residence')
        .field('owner_id', String(empty.id))
        .field('kind', 'photo')
        .attach('files', picture, { filename: 'facade.jpg', contentType: 'image/jpeg' })
        .expect(201)
    ).body.data;
    expect(originals()).toBe(before + 1);
    expect((await hsa.post('/api/residences/delete').send({ id: empty.id }).expect(200)).body).toEqual({ id: empty.id });
    await hsa.post('/api/residences/get-one').send({ id: empty.id }).expect(404);
    // Its photos go with it, files included.
    await hsa.get(`/api/images/${photo.id}`).expect(404);
    expect(originals()).toBe(before);
  });
});
