import { CONFLICT_MESSAGE } from '@hsa-lli/common/back-office';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsByRole, expectOnlyFor, type Agent } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';

const CATALOGUE = ['admin', 'hsa'] as const;

describe.each(BACKENDS)('equipments managed by staff on $name', (backend) => {
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
    const { body } = await hsa.post('/api/equipments/create').send({ name: 'Borne de recharge', type: 'residence' }).expect(201);
    const id = body.equipment._id;
    for (const [path, payload] of [
      ['/api/equipments/list', {}],
      ['/api/equipments/get-one', { id }],
      ['/api/equipments/update', { id, version: body.equipment.version, name: 'Borne de recharge', type: 'residence' }],
      ['/api/equipments/create', { name: 'Local vélos', type: 'residence' }],
    ] as const) {
      await expectOnlyFor(api, agents, path, payload, CATALOGUE);
    }
    await expectOnlyFor(api, agents, '/api/equipments/delete', { id: 999_999 }, CATALOGUE);
  });

  it('lists with the spec filters, a search, a sort and pages, and tells the total', async () => {
    const residence = (await hsa.post('/api/equipments/list').send({ filters: { type: 'residence' }, per_page: 100 }).expect(200)).body;
    expect(residence.total).toBe(residence.data.length);
    expect(residence.data.every((equipment: { type: string }) => equipment.type === 'residence')).toBe(true);
    const all = (await hsa.post('/api/equipments/list').send({ sort: { column: 'name', direction: 'desc' }, per_page: 10 }).expect(200)).body;
    expect(all.data).toHaveLength(Math.min(10, all.total));
    const names = all.data.map((equipment: { name: string }) => equipment.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'fr')));
    const second = (await hsa.post('/api/equipments/list').send({ sort: { column: 'name', direction: 'desc' }, per_page: 10, page: 2 }).expect(200)).body;
    expect(second.data.map((equipment: { _id: number }) => equipment._id)).not.toContain(all.data[0]._id);
    const one = (await hsa.post('/api/equipments/list').send({ id: all.data[0]._id }).expect(200)).body;
    expect(one).toEqual({ data: [all.data[0]], total: 1 });
    const found = (await hsa.post('/api/equipments/list').send({ search: all.data[0].name.slice(1, 6).toUpperCase() }).expect(200)).body;
    expect(found.data.map((equipment: { _id: number }) => equipment._id)).toContain(all.data[0]._id);
    const wildcard = (await hsa.post('/api/equipments/list').send({ search: '%' }).expect(200)).body;
    expect(wildcard.total).toBe(0);
  });

  it('refuses bad list requests with French messages', async () => {
    const { body } = await hsa
      .post('/api/equipments/list')
      .send({ filters: { type: 'garage' }, sort: { column: 'password', direction: 'up' }, page: 0, per_page: 1000, extra: 1 })
      .expect(400);
    expect(Object.keys(body.fields).sort()).toEqual(['extra', 'filters.type', 'page', 'per_page', 'sort.column', 'sort.direction']);
    expect(body.fields.per_page).toMatch(/lignes par page/);
  });

  it('creates, reads, updates with history, and refuses a save made on an older version', async () => {
    const created = (await hsa.post('/api/equipments/create').send({ name: '  Ascenseur panoramique ', type: 'residence' }).expect(201)).body;
    expect(created.equipment).toMatchObject({ name: 'Ascenseur panoramique', type: 'residence', used_by: { residences: 0, goods: 0 } });
    const id = created.equipment._id;
    const read = (await hsa.post('/api/equipments/get-one').send({ id }).expect(200)).body;
    expect(read.equipment).toEqual(created.equipment);
    expect(read.history).toEqual([expect.objectContaining({ action: 'Création', actor: expect.any(String) })]);

    const updated = (await agents.admin.post('/api/equipments/update').send({ id, version: read.equipment.version, name: 'Ascenseur', type: 'residence' }).expect(200)).body;
    expect(updated.equipment.name).toBe('Ascenseur');
    expect(updated.equipment.version).toBeGreaterThan(read.equipment.version);
    expect(updated.history[0]).toMatchObject({ action: 'Modification', changes: [{ field: 'name', before: 'Ascenseur panoramique', after: 'Ascenseur' }] });

    // hsa saves on the version it opened before the admin's save: refused, the admin's change kept.
    const late = await hsa.post('/api/equipments/update').send({ id, version: read.equipment.version, name: 'Monte-charge', type: 'residence' }).expect(409);
    expect(late.body).toEqual({ error: CONFLICT_MESSAGE, code: 'stale_version' });
    expect((await hsa.post('/api/equipments/get-one').send({ id }).expect(200)).body.equipment.name).toBe('Ascenseur');
    // Two saves on the same version at once: exactly one passes.
    const current = updated.equipment.version;
    const statuses = await Promise.all(
      ['Ascenseur A', 'Ascenseur B'].map(async (name) => (await hsa.post('/api/equipments/update').send({ id, version: current, name, type: 'residence' })).status),
    );
    expect(statuses.sort()).toEqual([200, 409]);
  });

  it('validates each field in French, and answers 404 with no body for an unknown id', async () => {
    const { body } = await hsa.post('/api/equipments/create').send({ name: ' ', type: 'garage' }).expect(400);
    expect(body.fields).toEqual({ name: "Indiquez le nom de l'équipement.", type: 'Choisissez le type : résidence ou logement.' });
    const short = await hsa.post('/api/equipments/create').send({ name: 'x', type: 'good' }).expect(400);
    expect(short.body.fields.name).toBe('Le nom doit compter au moins 2 caractères.');
    const long = await hsa.post('/api/equipments/create').send({ name: 'x'.repeat(121), type: 'good' }).expect(400);
    expect(long.body.fields.name).toMatch(/120 caractères/);
    for (const path of ['/api/equipments/get-one', '/api/equipments/delete']) {
      const missing = await hsa.post(path).send({ id: 999_999 }).expect(404);
      expect(missing.text).toBe('');
    }
    const update = await hsa.post('/api/equipments/update').send({ id: 999_999, version: 1, name: 'Cave', type: 'good' }).expect(404);
    expect(update.text).toBe('');
  });

  it('deletes an unused equipment, and keeps one a residence or a good lists', async () => {
    const used = (await hsa.post('/api/equipments/list').send({ per_page: 100 }).expect(200)).body.data.find(
      (equipment: { used_by: { residences: number; goods: number } }) => equipment.used_by.residences + equipment.used_by.goods > 0,
    );
    const refused = await hsa.post('/api/equipments/delete').send({ id: used._id }).expect(409);
    expect(refused.body.error).toContain(`« ${used.name} » est encore indiqué pour`);
    // Its type cannot change under the residences and goods that list it either.
    const otherType = used.type === 'good' ? 'residence' : 'good';
    const retyped = await hsa.post('/api/equipments/update').send({ id: used._id, version: used.version, name: used.name, type: otherType }).expect(409);
    expect(retyped.body.error).toContain('son type ne peut changer qu’une fois retiré de leurs fiches');
    expect((await hsa.post('/api/equipments/get-one').send({ id: used._id }).expect(200)).body.equipment.type).toBe(used.type);
    await hsa.post('/api/equipments/get-one').send({ id: used._id }).expect(200);

    const created = (await hsa.post('/api/equipments/create').send({ name: 'Cave', type: 'good' }).expect(201)).body;
    expect((await hsa.post('/api/equipments/delete').send({ id: created.equipment._id }).expect(200)).body).toEqual({ id: created.equipment._id });
    await hsa.post('/api/equipments/get-one').send({ id: created.equipment._id }).expect(404);
  });
});
