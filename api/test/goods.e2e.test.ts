import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CONFLICT_MESSAGE } from '@hsa-lli/common/back-office';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Equipment } from '../src/equipments/entities/equipment.entity.js';
import { Record as ApplicationFile } from '../src/records/entities/record.entity.js';
import { agentsByRole, expectOnlyFor, type Agent } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';

const CATALOGUE = ['admin', 'hsa'] as const;

interface Row {
  id: number;
  reference: string;
  residence: { id: number; name: string; city: string };
  flat_size: string;
  surface: number;
  rent_price: number;
  monthly_costs: number;
  energy_class: string | null;
  enabled: boolean;
  available_from: string | null;
  occupied: boolean;
  version: number;
}

/** A good as the form sends it: a T2 of 45,5 m² in zone A, 720 € a month charges included. */
const newGood = (residence: number, reference: string) => ({
  enabled: false,
  residence,
  reference,
  flat_size: 'T2',
  surface: 45.5,
  rent_price: 720.5,
  monthly_costs: 60,
  available_from: '2027-03-01',
  description: 'T2 traversant au 2e étage, séjour sur balcon.',
  facilities: [] as number[],
  dpe_kwh: 120,
  dpe_kgco2: 12,
});

/** The form's fields of a good as get-one answers it: what the page sends back, changed or not. */
const formOf = (good: Record<string, unknown>) => Object.fromEntries(Object.keys(newGood(0, '')).map((field) => [field, good[field]]));

describe.each(BACKENDS)('goods managed by staff on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let hsa: Agent;
  let residences: Record<string, { id: number; slug: string }>;
  let equipments: { good: number[]; residence: number[] };
  const visitor = () => request(api.server);
  const list = async (body: object) => (await hsa.post('/api/goods/list').send(body).expect(200)).body as { data: Row[]; total: number };

  beforeAll(async () => {
    api = await backend.start({ publicUrl: 'https://www.hsa-lli.test' });
    agents = await agentsByRole(api);
    hsa = agents.hsa;
    const rows = await api.dataSource.query('SELECT id, name, slug FROM residences');
    residences = Object.fromEntries(rows.map((row: { id: number; name: string; slug: string }) => [row.name, { id: Number(row.id), slug: row.slug }]));
    const all = await api.dataSource.manager.find(Equipment, { order: { id: 'ASC' } });
    equipments = {
      good: all.filter((equipment) => equipment.type === 'good').map((equipment) => equipment.id),
      residence: all.filter((equipment) => equipment.type === 'residence').map((equipment) => equipment.id),
    };
  });

  afterAll(async () => {
    await api?.stop();
  });

  it('opens every call to admin and hsa only', async () => {
    const { body } = await hsa.post('/api/goods/create').send(newGood(residences['Résidence Les Hortensias']!.id, 'ACCES-01')).expect(201);
    const { id, version } = body.good;
    for (const [path, payload] of [
      ['/api/goods/list', {}],
      ['/api/goods/get-one', { id }],
      ['/api/goods/update', { ...newGood(residences['Résidence Les Hortensias']!.id, 'ACCES-01'), id, version }],
      ['/api/goods/create', newGood(residences['Résidence Les Hortensias']!.id, 'ACCES-02')],
    ] as const) {
      await expectOnlyFor(api, agents, path, payload, CATALOGUE);
    }
    await expectOnlyFor(api, agents, '/api/goods/delete', { id: 999_999 }, CATALOGUE);
  });

  it('offers every residence, its status named, to staff who manage goods or follow files, and the published ones to anybody else', async () => {
    const labels = (options: { label: string }[]) => options.map((option) => option.label);
    const hortensias = { label: 'Résidence Les Hortensias — Anglet (publiée)', value: residences['Résidence Les Hortensias']!.id, area: 'A' };
    for (const role of [...CATALOGUE, 'coordinator'] as const) {
      const { residences_options } = (await agents[role].post('/api/residences/get-options').send({}).expect(200)).body;
      expect(residences_options).toHaveLength(10);
      expect(residences_options).toContainEqual(hortensias);
      expect(labels(residences_options)).toContain('Résidence Les Barthes — Saint-Martin-de-Seignanx (brouillon)');
      expect(labels(residences_options)).toContain('Résidence du Lac — Soorts-Hossegor (fermée)');
    }
    for (const caller of [visitor(), agents.customer, agents.member, agents.comitee]) {
      const { residences_options } = (await caller.post('/api/residences/get-options').send({}).expect(200)).body;
      expect(residences_options).toHaveLength(8);
      expect(residences_options).toContainEqual({ ...hortensias, label: 'Résidence Les Hortensias — Anglet' });
      expect(labels(residences_options).join()).not.toMatch(/Barthes|du Lac|\(/);
    }
    const draft = residences['Résidence Les Barthes']!.id;
    expect((await hsa.post('/api/residences/get-options').send({ id: draft }).expect(200)).body.residences_options).toHaveLength(1);
    expect((await visitor().post('/api/residences/get-options').send({ id: draft }).expect(200)).body.residences_options).toEqual([]);
  });

  it('lists the goods with their residence, rent, energy class and availability, filtered, searched, sorted and paged', async () => {
    const hortensias = residences['Résidence Les Hortensias']!.id;
    const all = await list({ filters: { residence: hortensias }, sort: { column: 'reference', direction: 'asc' } });
    // The first flat of the demo's first residence, restated: a T2 of 46,5 m² in zone A (ceiling 2026: 14,64 €/m²
    // × 1,11 × 46,5 m² = 755,64 €), let at 90 % of it rounded down to the euro (680 €), plus 65 € of charges.
    expect(all.data.find((row) => row.reference === 'RES-001-01')).toEqual({
      id: expect.any(Number),
      reference: 'RES-001-01',
      residence: { id: hortensias, name: 'Résidence Les Hortensias', city: 'Anglet' },
      flat_size: 'T2',
      surface: 46.5,
      rent_price: 745,
      monthly_costs: 65,
      energy_class: 'A',
      enabled: true,
      available_from: null,
      occupied: false,
      version: expect.any(Number),
    });
    expect(all.data.map((row) => row.reference).filter((reference) => reference.startsWith('RES-'))).toEqual(['RES-001-01', 'RES-001-02', 'RES-001-03', 'RES-001-04']);
    expect(all.data.find((row) => row.reference === 'RES-001-03')!.available_from).toBe('2027-02-01');
    expect(all.data.find((row) => row.reference === 'RES-001-04')).toMatchObject({ flat_size: 'garage', energy_class: null });

    const disabled = await list({ filters: { enabled: false }, per_page: 100 });
    expect(disabled.data.length).toBe(disabled.total);
    expect(disabled.data.map((row) => row.reference)).toEqual(expect.arrayContaining(['RES-009-01', 'RES-009-02']));
    expect(disabled.data.every((row) => !row.enabled)).toBe(true);
    const t3 = await list({ filters: { flat_size: 'T3', enabled: true }, per_page: 100 });
    expect(t3.total).toBeGreaterThan(0);
    expect(t3.data.every((row) => row.flat_size === 'T3' && row.enabled)).toBe(true);

    // Searched in the reference and in the residence's name, whatever the case; wildcards are plain characters.
    expect((await list({ search: 'res-001-0' })).total).toBe(4 + all.data.filter((row) => row.reference.toLowerCase().includes('res-001-0') && !row.reference.startsWith('RES-')).length);
    const byName = await list({ search: 'HORTENSIAS', per_page: 100 });
    expect(byName.data.every((row) => row.residence.name === 'Résidence Les Hortensias')).toBe(true);
    expect(byName.total).toBe(all.total);
    expect((await list({ search: '_' })).total).toBe(0);

    const byRent = await list({ sort: { column: 'rent_price', direction: 'desc' }, per_page: 10 });
    const rents = byRent.data.map((row) => row.rent_price);
    expect(rents).toEqual([...rents].sort((a, b) => b - a));
    const next = await list({ sort: { column: 'rent_price', direction: 'desc' }, per_page: 10, page: 2 });
    expect(next.total).toBe(byRent.total);
    expect(next.data[0]!.rent_price).toBeLessThanOrEqual(rents.at(-1)!);
    expect(next.data.map((row) => row.id)).not.toEqual(expect.arrayContaining([byRent.data[0]!.id]));
    // Flat sizes from the garage to the largest flat, not in their codes' alphabetical order.
    const bySize = (await list({ sort: { column: 'flat_size', direction: 'asc' }, per_page: 100 })).data.map((row) => row.flat_size);
    expect(bySize[0]).toBe('garage');
    expect(bySize.indexOf('studio')).toBeLessThan(bySize.indexOf('T2'));
    expect(bySize.lastIndexOf('T2')).toBeLessThan(bySize.indexOf('T2bis'));
    const byResidence = (await list({ sort: { column: 'residence', direction: 'asc' }, per_page: 100 })).data.map((row) => row.residence.name);
    expect(byResidence).toEqual([...byResidence].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
    for (const column of ['surface', 'available_from', 'updated_at']) await list({ sort: { column, direction: 'desc' } });
  });

  it('refuses bad list requests with French messages', async () => {
    const { body } = await hsa
      .post('/api/goods/list')
      .send({ filters: { flat_size: 'T9', enabled: 'oui' }, sort: { column: 'rentPriceCents', direction: 'asc' }, page: 0 })
      .expect(400);
    expect(body.fields).toMatchObject({
      'filters.flat_size': 'Choisissez la typologie dans la liste.',
      'sort.column': 'Cette colonne ne peut pas servir au tri.',
      page: 'La page commence à 1.',
    });
    const residence = await hsa.post('/api/goods/list').send({ filters: { residence: 'Hortensias' } }).expect(400);
    expect(residence.body.fields).toEqual({ 'filters.residence': 'Choisissez une résidence de la liste.' });
  });

  it('reads one good with its form fields, classes, LLI rent ceiling, residence and pictures; 404 with no body for an unknown one', async () => {
    const [row] = (await list({ search: 'RES-001-01' })).data;
    const { body } = await hsa.post('/api/goods/get-one').send({ id: row!.id }).expect(200);
    const hortensias = residences['Résidence Les Hortensias']!;
    expect(body.good).toEqual({
      id: row!.id,
      version: row!.version,
      slug: 'appartement-t2-47-m2',
      enabled: true,
      residence: hortensias.id,
      reference: 'RES-001-01',
      flat_size: 'T2',
      surface: 46.5,
      rent_price: 745,
      monthly_costs: 65,
      available_from: null,
      description: 'T2 de 46,5 m² au 1er étage, Résidence Les Hortensias, à Anglet. Séjour lumineux, rangements intégrés.',
      // Balcon, Cellier and Volets roulants électriques: the demo's first, fourth and seventh equipments of a good.
      facilities: [equipments.good[0], equipments.good[3], equipments.good[6]],
      dpe_kwh: 58,
      dpe_kgco2: 3,
      kwh_class: 'A',
      kgco2_class: 'A',
      energy_class: 'A',
      rent_ceiling: 755.64,
      occupied: false,
      photos: [expect.objectContaining({ kind: 'photo', alt: 'Illustration de l’intérieur, T2 — Résidence Les Hortensias' })],
      plan: [expect.objectContaining({ kind: 'plan', alt: 'Plan indicatif, T2 — Résidence Les Hortensias' })],
      _residence: {
        id: hortensias.id,
        slug: hortensias.slug,
        name: 'Résidence Les Hortensias',
        status: 'published',
        city: { value: '64024', label: 'Anglet', zip_code: '64600', areas: 'A' },
        area: 'A',
      },
    });
    expect(body.history).toEqual([]);

    for (const path of ['/api/goods/get-one', '/api/goods/delete']) {
      const missing = await hsa.post(path).send({ id: 999_999 }).expect(404);
      expect(missing.text).toBe('');
    }
    const update = await hsa.post('/api/goods/update').send({ ...newGood(hortensias.id, 'INCONNU-01'), id: 999_999, version: 1 }).expect(404);
    expect(update.text).toBe('');
    const wrong = await hsa.post('/api/goods/get-one').send({ id: 'RES-001-01' }).expect(400);
    expect(wrong.body.fields).toEqual({ id: "L'identifiant doit être un nombre entier." });
  });

  it('creates a good under the rules of its form, and answers it as get-one does', async () => {
    const residence = residences['Résidence Uhabia']!.id;
    const { body } = await hsa
      .post('/api/goods/create')
      .send({ ...newGood(residence, ' UHA-NEW-01 '), flat_size: 'T2bis', surface: 52.25, facilities: [equipments.good[1], equipments.good[0]] })
      .expect(201);
    expect(body.good).toMatchObject({
      reference: 'UHA-NEW-01',
      slug: 'appartement-t2-bis-52-m2',
      flat_size: 'T2bis',
      surface: 52.25,
      rent_price: 720.5,
      monthly_costs: 60,
      available_from: '2027-03-01',
      facilities: [equipments.good[0], equipments.good[1]],
      // 120 kWh/m²/an is C (111 to 180), 12 kgCO₂/m²/an C too (12 to 30).
      kwh_class: 'C',
      kgco2_class: 'C',
      energy_class: 'C',
      _residence: { id: residence, status: 'published' },
    });
    expect(body.history).toEqual([
      {
        at: expect.any(String),
        actor: expect.any(String),
        action: 'Création',
        changes: expect.arrayContaining([
          { field: 'reference', before: null, after: 'UHA-NEW-01' },
          { field: 'rent_price', before: null, after: 720.5 },
        ]),
      },
    ]);
    expect((await hsa.post('/api/goods/get-one').send({ id: body.good.id }).expect(200)).body).toEqual(body);
    // A garage needs no DPE.
    const garage = await hsa.post('/api/goods/create').send({ ...newGood(residence, 'UHA-NEW-02'), flat_size: 'garage', surface: 12, rent_price: 80, monthly_costs: 0, dpe_kwh: null, dpe_kgco2: null }).expect(201);
    expect(garage.body.good).toMatchObject({ slug: 'garage', energy_class: null, kwh_class: null, kgco2_class: null, dpe_kwh: null });
  });

  it('checks each field of the form, in French', async () => {
    const residence = residences['Résidence Uhabia']!.id;
    const refused = async (change: object) => (await hsa.post('/api/goods/create').send({ ...newGood(residence, 'UHA-BAD-01'), ...change }).expect(400)).body.fields;
    const cases: [object, Record<string, string>][] = [
      [{ enabled: 'oui' }, { enabled: 'Indiquez si le bien est proposé sur le site.' }],
      [{ residence: null }, { residence: 'Choisissez la résidence du bien.' }],
      [{ residence: 999_999 }, { residence: 'Cette résidence n’existe pas : choisissez-en une de la liste.' }],
      [{ reference: '   ' }, { reference: 'Indiquez la référence du bien.' }],
      [{ reference: 'R'.repeat(41) }, { reference: 'La référence ne peut pas dépasser 40 caractères.' }],
      [{ reference: 'RES-001-01' }, { reference: 'Un autre bien porte déjà cette référence.' }],
      [{ flat_size: 'T9' }, { flat_size: 'Choisissez la typologie dans la liste.' }],
      [{ surface: 0 }, { surface: 'La surface doit être supérieure à 0 m².' }],
      [{ surface: 500.5 }, { surface: 'La surface ne peut pas dépasser 500 m².' }],
      [{ surface: '45,5' }, { surface: 'Indiquez la surface en m².' }],
      [{ rent_price: 0 }, { rent_price: 'Le loyer doit être supérieur à 0 €.' }],
      [{ rent_price: 700.555 }, { rent_price: 'Le loyer s’indique en euros, avec au plus deux décimales.' }],
      [{ monthly_costs: -1 }, { monthly_costs: 'Les charges ne peuvent pas être négatives.' }],
      [{ monthly_costs: 720.5 }, { monthly_costs: 'Les charges sont comprises dans le loyer : elles doivent être inférieures au loyer.' }],
      [{ available_from: '2027-02-30' }, { available_from: 'Indiquez une date qui existe, ou laissez vide si le bien est disponible tout de suite.' }],
      [{ description: '' }, { description: 'Décrivez le bien.' }],
      [{ facilities: [equipments.residence[0]] }, { facilities: 'Choisissez des équipements de logement de la liste.' }],
      [{ facilities: [999_999] }, { facilities: 'Choisissez des équipements de logement de la liste.' }],
      [{ facilities: [equipments.good[0], equipments.good[0]] }, { facilities: 'Un équipement est choisi deux fois.' }],
      [{ dpe_kwh: 12.5 }, { dpe_kwh: 'Indiquez la consommation d’énergie du DPE, en kWh/m²/an (un nombre entier).' }],
      [{ dpe_kgco2: -3 }, { dpe_kgco2: 'Une valeur du DPE ne peut pas être négative.' }],
      [{ dpe_kwh: null }, { dpe_kwh: 'Indiquez la consommation d’énergie du DPE, en kWh/m²/an (un nombre entier).' }],
      [{ dpe_kgco2: null }, { dpe_kgco2: 'Indiquez les émissions de gaz à effet de serre du DPE, en kgCO₂/m²/an (un nombre entier).' }],
      [{ dpe_kwh: null, dpe_kgco2: null }, { dpe_kwh: 'Un logement a un DPE : indiquez ses deux valeurs (seul un garage s’en passe).' }],
      [{ photos: [] }, { photos: "Ce champ n'est pas attendu." }],
    ];
    for (const [change, fields] of cases) expect(await refused(change), JSON.stringify(change)).toEqual(fields);
    expect((await list({ search: 'UHA-BAD' })).total).toBe(0);
    // Two creations of the same reference at once: one is made, the other told as if it came second.
    const answers = await Promise.all([hsa, agents.admin].map((agent) => agent.post('/api/goods/create').send(newGood(residence, 'UHA-TWICE-01'))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body.fields).toEqual({ reference: 'Un autre bien porte déjà cette référence.' });
  });

  it('records each change in the history, and refuses a save made on an older version', async () => {
    const residence = residences['Résidence Uhabia']!.id;
    const created = (await hsa.post('/api/goods/create').send(newGood(residence, 'UHA-EDIT-01')).expect(201)).body.good;
    const admin = agents.admin;
    const { body: updated } = await admin
      .post('/api/goods/update')
      .send({ ...newGood(residence, 'UHA-EDIT-01'), id: created.id, version: created.version, rent_price: 735, surface: 61, flat_size: 'T3', facilities: [equipments.good[2]] })
      .expect(200);
    expect(updated.good).toMatchObject({ rent_price: 735, surface: 61, slug: 'appartement-t3-61-m2', facilities: [equipments.good[2]] });
    expect(updated.good.version).toBeGreaterThan(created.version);
    expect(updated.history[0]).toEqual({
      at: expect.any(String),
      actor: expect.any(String),
      action: 'Modification',
      changes: [
        { field: 'flat_size', before: 'T2', after: 'T3' },
        { field: 'surface', before: 45.5, after: 61 },
        { field: 'rent_price', before: 720.5, after: 735 },
        { field: 'facilities', before: [], after: [equipments.good[2]] },
      ],
    });
    expect(updated.history[0].actor).not.toBe(updated.history[1].actor);

    // hsa saves on the version it opened before the admin's save: refused, the admin's change kept.
    const late = await hsa.post('/api/goods/update').send({ ...newGood(residence, 'UHA-EDIT-01'), id: created.id, version: created.version, rent_price: 700 }).expect(409);
    expect(late.body).toEqual({ error: CONFLICT_MESSAGE, code: 'stale_version' });
    expect((await hsa.post('/api/goods/get-one').send({ id: created.id }).expect(200)).body.good.rent_price).toBe(735);
    // Two saves on the same version at once: exactly one passes.
    const statuses = await Promise.all(
      [701, 702].map(async (rent_price) => (await hsa.post('/api/goods/update').send({ ...newGood(residence, 'UHA-EDIT-01'), id: created.id, version: updated.good.version, rent_price })).status),
    );
    expect(statuses.sort()).toEqual([200, 409]);
    // Taking another good's reference is refused like at creation.
    const taken = await hsa.post('/api/goods/update').send({ ...newGood(residence, 'RES-001-01'), id: created.id, version: updated.good.version + 10 }).expect(400);
    expect(taken.body.fields).toEqual({ reference: 'Un autre bien porte déjà cette référence.' });
  });

  it('keeps a good an application file names, offering to disable it; deletes any other one', async () => {
    const named = await api.dataSource.manager.findOneOrFail(ApplicationFile, { where: {}, relations: { good: true }, order: { id: 'ASC' } });
    const refused = await hsa.post('/api/goods/delete').send({ id: named.good!.id }).expect(409);
    expect(refused.body.error).toBe(
      `Le bien ${named.good!.reference} figure dans 1 dossier : le supprimer les priverait du logement demandé. Désactivez-le plutôt : il ne sera plus proposé sur le site.`,
    );
    await hsa.post('/api/goods/get-one').send({ id: named.good!.id }).expect(200);

    const created = (await hsa.post('/api/goods/create').send({ ...newGood(residences['Résidence Uhabia']!.id, 'UHA-DEL-01'), facilities: [equipments.good[0]] }).expect(201)).body.good;
    const plan = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } }).png().toBuffer();
    // The pictures' originals on disk (their renditions are in a folder beside them).
    const originals = () => readdirSync(join(api.config.dataDir, 'public', 'images')).filter((name) => name !== 'renditions').length;
    const before = originals();
    const uploaded = await hsa
      .post('/api/images/upload')
      .set('Origin', api.config.publicUrl)
      .field('owner', 'good')
      .field('owner_id', String(created.id))
      .field('kind', 'plan')
      .attach('files', plan, { filename: 'plan.png', contentType: 'image/png' })
      .expect(201);
    const [image] = uploaded.body.data as { id: number }[];
    expect(originals()).toBe(before + 1);
    expect((await hsa.post('/api/goods/delete').send({ id: created.id }).expect(200)).body).toEqual({ id: created.id });
    await hsa.post('/api/goods/get-one').send({ id: created.id }).expect(404);
    await hsa.get(`/api/images/${image!.id}`).expect(404);
    expect(originals()).toBe(before);
    expect((await list({ search: 'UHA-DEL-01' })).total).toBe(0);
  });

  it('shows an anonymous visitor at once a good disabled, enabled again or given a new rent', async () => {
    const arrosa = residences['Résidence Arrosa']!;
    const [row] = (await list({ filters: { residence: arrosa.id, enabled: true }, sort: { column: 'reference', direction: 'asc' } })).data;
    const opened = (await hsa.post('/api/goods/get-one').send({ id: row!.id }).expect(200)).body.good;
    const { id, version, slug } = opened;
    const form = formOf(opened);
    const path = `https://www.hsa-lli.test/residences/${arrosa.slug}/${slug}/${id}`;
    const publicGoods = async () => (await visitor().post('/api/front/residences/details').send({ slug: arrosa.slug }).expect(200)).body.residence.goods as { id: number; rent_price_cents: number }[];
    const sitemap = async () => (await visitor().get('/sitemap.xml').expect(200)).text;
    await visitor().post('/api/front/goods/details').send({ id }).expect(200);
    expect(await sitemap()).toContain(`<loc>${path}</loc>`);

    const disabled = (await hsa.post('/api/goods/update').send({ ...form, id, version, enabled: false }).expect(200)).body.good;
    await visitor().post('/api/front/goods/details').send({ id }).expect(404);
    expect((await publicGoods()).map((good) => good.id)).not.toContain(id);
    expect(await sitemap()).not.toContain(`<loc>${path}</loc>`);

    // 12,60 € less, within the rent ceiling.
    const rent = Math.round(opened.rent_price * 100) - 1260;
    await hsa.post('/api/goods/update').send({ ...form, id, version: disabled.version, enabled: true, rent_price: rent / 100 }).expect(200);
    expect((await visitor().post('/api/front/goods/details').send({ id }).expect(200)).body.good.rent_price_cents).toBe(rent);
    expect((await publicGoods()).find((good) => good.id === id)!.rent_price_cents).toBe(rent);
    expect(await sitemap()).toContain(`<loc>${path}</loc>`);
  });
});
