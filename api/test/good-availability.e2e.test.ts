/**
 * A good follows the facts (issue 22, point 8): its availability on the public site follows the follow-up events of
 * the files naming it (a lease signed or a move-in lets it, a leaving frees it from its day), and a good whose rent
 * is over the LLI ceiling of its zone for its surface cannot be offered on the site.
 */
import { goodRentCeiling } from '@hsa-lli/common/back-office';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Good } from '../src/goods/entities/good.entity.js';
import { Record as ApplicationFile } from '../src/records/entities/record.entity.js';
import { agentsByRole } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';

describe.each(BACKENDS)('a good’s availability and rent, as the facts say, on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let good: Good;
  let other: Good;
  let files: [number, number];

  beforeAll(async () => {
    api = await backend.start();
    agents = await agentsByRole(api);
    // Two homes on the site, available now, in two residences.
    const homes = await api.dataSource.getRepository(Good).find({ where: { enabled: true, residence: { status: 'published' } }, relations: { residence: true }, order: { id: 'ASC' } });
    const free = homes.filter((home) => home.flatSize !== 'garage' && home.availableFrom === null);
    good = free[0]!;
    other = free.find((home) => home.residence.id !== good.residence.id)!;
    const records = await api.dataSource.getRepository(ApplicationFile).find({ order: { id: 'ASC' } });
    files = [records[1]!.id, records[2]!.id];
  });

  afterAll(async () => {
    await api?.stop();
  });

  const visitor = () => request(api.server);
  const publicGood = async (id = good.id) => (await visitor().post('/api/front/goods/details').send({ id }).expect(200)).body.good as { available_from: string | null; occupied: boolean };
  /** The homes of the good's residence a visitor finds « Disponible immédiatement ». */
  const availableNow = async () => {
    const residences = (await visitor().post('/api/front/residences/list').send({ available_now: true }).expect(200)).body.data as { slug: string; goods_count: number }[];
    return residences.find((residence) => residence.slug === good.residence.slug)?.goods_count ?? 0;
  };
  const addEvent = (type: string, at: string, id = good.id, record = files[0], agent = agents.hsa) =>
    agent.post('/api/records/events/create').send({ record_id: record, type, good_id: id, at, ...(type === 'leaving' ? { reason: 'notice_by_tenant' } : {}) });

  it('takes a good off « Disponible » once a lease is signed for it, and puts it back from the day its household leaves', async () => {
    expect(await publicGood()).toMatchObject({ available_from: null, occupied: false });
    const before = await availableNow();

    await addEvent('lease_signed', '2026-03-02T10:00').expect(201);
    expect(await publicGood()).toMatchObject({ occupied: true });
    expect(await availableNow()).toBe(before - 1);
    // Staff read it let in their list, and in its history who decided it.
    const row = (await agents.hsa.post('/api/goods/list').send({ search: good.reference }).expect(200)).body.data[0];
    expect(row).toMatchObject({ id: good.id, occupied: true });
    const { history } = (await agents.hsa.post('/api/goods/get-one').send({ id: good.id }).expect(200)).body;
    expect(history[0]).toMatchObject({ actor: 'La plateforme', action: 'Disponibilité d’après le suivi des dossiers', changes: [{ field: 'occupied', before: false, after: true }] });
    // So does the executive note on it.
    expect((await agents.hsa.post(`/api/goods/${good.id}/PDF/executive`).send({ id: good.id }).expect(200)).body.good).toMatchObject({ occupied: true });
    // The other good is untouched.
    expect(await publicGood(other.id)).toMatchObject({ occupied: false });

    await addEvent('move_in', '2026-03-20T10:00').expect(201);
    expect(await publicGood()).toMatchObject({ occupied: true });

    // Notice given: the household leaves on 15 January; the home is offered again from that day (France's).
    const leaving = (await addEvent('leaving', '2099-01-15T00:30').expect(201)).body.event;
    expect(await publicGood()).toEqual(expect.objectContaining({ occupied: false, available_from: '2099-01-15' }));
    expect(await availableNow()).toBe(before - 1);

    // A leaving recorded by mistake, taken back: the household lives there again.
    await agents.hsa.post('/api/records/events/delete').send({ id: leaving.id }).expect(200);
    expect(await publicGood()).toMatchObject({ occupied: true });
    // Left now: available again at once.
    await addEvent('leaving', '2026-11-02T10:00').expect(201);
    expect(await publicGood()).toMatchObject({ occupied: false, available_from: '2026-11-02' });
    expect(await availableNow()).toBe(before);
  });

  it('follows the latest fact, whichever file records it, and changes nothing when an event is refused', async () => {
    // Another household signs its lease for the other good.
    await addEvent('lease_signed', '2026-10-01T10:00', other.id, files[1], agents.coordinator).expect(201);
    expect(await publicGood(other.id)).toMatchObject({ occupied: true });
    const event = (await agents.coordinator.post('/api/records/follow-up').send({ id: files[1] }).expect(200)).body.events[0];
    // Another staff member may not take back someone else's event; a customer may not record one; an unknown good is refused.
    await agents.hsa.post('/api/records/events/delete').send({ id: event.id }).expect(409);
    await addEvent('leaving', '2026-11-01T10:00', other.id, files[1], agents.customer).expect(403);
    expect((await addEvent('leaving', '2026-11-01T10:00', 999_999, files[1], agents.coordinator).expect(400)).body.fields).toEqual({ good_id: 'Choisissez un logement de la liste.' });
    expect(await publicGood(other.id)).toMatchObject({ occupied: true });
    // Its author takes it back: nothing says the good is let any more.
    await agents.coordinator.post('/api/records/events/delete').send({ id: event.id }).expect(200);
    expect(await publicGood(other.id)).toMatchObject({ occupied: false, available_from: null });
  });

  it('refuses to offer on the site a home whose rent, charges aside, is over its zone’s LLI ceiling for its surface', async () => {
    const { good: saved } = (await agents.hsa.post('/api/goods/get-one').send({ id: other.id }).expect(200)).body;
    const { id, version, rent_ceiling, ...form } = saved as Record<string, unknown> & { id: number; version: number; rent_ceiling: number };
    const fields = Object.fromEntries(['enabled', 'residence', 'reference', 'flat_size', 'surface', 'rent_price', 'monthly_costs', 'available_from', 'description', 'facilities', 'dpe_kwh', 'dpe_kgco2'].map((field) => [field, form[field]]));
    expect(rent_ceiling).toBe(goodRentCeiling(other.residence.area, other.surface));
    const over = Math.round((rent_ceiling + Number(fields.monthly_costs) + 1) * 100) / 100;

    const refused = await agents.hsa.post('/api/goods/update').send({ id, version, ...fields, rent_price: over }).expect(400);
    expect(refused.body.fields).toEqual({ rent_price: expect.stringMatching(/^Le loyer hors charges \([\d\s,]+\s€\) dépasse le plafond LLI \d{4} de la zone \S+ pour [\d,]+\sm² \([\d\s,]+\s€\) : baissez le loyer, ou décochez « Proposer ce bien sur le site »\.$/) });
    // Nothing saved.
    expect((await agents.hsa.post('/api/goods/get-one').send({ id }).expect(200)).body.good).toMatchObject({ version, rent_price: fields.rent_price, enabled: true });
    // Taken off the site, it may be saved at that rent; offered again, it is refused.
    const off = (await agents.hsa.post('/api/goods/update').send({ id, version, ...fields, enabled: false, rent_price: over }).expect(200)).body.good;
    await agents.hsa.post('/api/goods/update').send({ id, version: off.version, ...fields, enabled: true, rent_price: over }).expect(400);
    await visitor().post('/api/front/goods/details').send({ id }).expect(404);
    // At the ceiling exactly, it goes back on the site.
    await agents.hsa.post('/api/goods/update').send({ id, version: off.version, ...fields, enabled: true, rent_price: rent_ceiling + Number(fields.monthly_costs) }).expect(200);
    await visitor().post('/api/front/goods/details').send({ id }).expect(200);

    // A new good offered over the ceiling is not created; a garage has no ceiling.
    const created = { ...fields, reference: 'PLAFOND-01', rent_price: over };
    await agents.hsa.post('/api/goods/create').send(created).expect(400);
    expect(await api.dataSource.getRepository(Good).countBy({ reference: 'PLAFOND-01' })).toBe(0);
    await agents.hsa.post('/api/goods/create').send({ ...created, flat_size: 'garage', dpe_kwh: null, dpe_kgco2: null }).expect(201);
  });
});
