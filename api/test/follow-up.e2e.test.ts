import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Good } from '../src/goods/entities/good.entity.js';
import { Record } from '../src/records/entities/record.entity.js';
import { agentsByRole, expectOnlyFor } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';

const STAFF = ['admin', 'hsa', 'coordinator'] as const;

describe.each(BACKENDS)('the follow-up of a file by staff, on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let records: Record[];
  let good: Good;

  beforeAll(async () => {
    // Two files a day per staff member here, to see the limit at work.
    api = await backend.start({ recordViewsPerDay: 2 });
    agents = await agentsByRole(api);
    records = await api.dataSource.getRepository(Record).find({ order: { id: 'ASC' } });
    good = await api.dataSource.getRepository(Good).findOneOrFail({ where: { enabled: true }, relations: { residence: true }, order: { id: 'ASC' } });
  });

  afterAll(async () => {
    await api?.stop();
  });

  it('opens its calls to the back office only', async () => {
    const id = records[0]!.id;
    for (const [path, body] of [
      ['/api/records/follow-up', { id }],
      ['/api/records/stage', { id, stage: 'in_progress' }],
      ['/api/records/events/create', { record_id: 999_999, type: 'offer', good_id: good.id, at: '2026-11-20T10:00' }],
      ['/api/records/events/delete', { id: 999_999 }],
      ['/api/records/notes/create', { record_id: 999_999, body: 'Note' }],
      ['/api/records/set-follower', { id: 999_999, user_id: null }],
      ['/api/records/followers', {}],
      ['/api/records/good-options', { residence: 999_999 }],
      ['/api/records/resend-invitation', { id: 999_999 }],
    ] as const) {
      await expectOnlyFor(api, agents, path, body, STAFF);
    }
    await expectOnlyFor(api, agents, '/api/records/record-views', { id: 1 }, ['admin']);
    for (const [path, body] of [
      ['/api/records/follow-up', { id: 999_999 }],
      ['/api/records/set-follower', { id: 999_999, user_id: null }],
      ['/api/records/stage', { id: 999_999, stage: 'complete' }],
      ['/api/records/events/delete', { id: 999_999 }],
      ['/api/records/resend-invitation', { id: 999_999 }],
    ] as const) {
      expect((await agents.hsa.post(path).send(body).expect(404)).text).toBe('');
    }
  });

  it('moves a file only along the stages that make sense, each move dated and attributed', async () => {
    const id = records[0]!.id;
    const move = (stage: string, comment?: string) => agents.hsa.post('/api/records/stage').send({ id, stage, comment });
    // The demo file starts « En constitution ».
    const skipped = await move('committee').expect(409);
    expect(skipped.body.error).toBe(
      'Un dossier au stade « En constitution » ne peut pas passer au stade « Présenté en comité » : il peut passer à « Complet », « Refusé », « Abandonné ».',
    );
    // Its documents are not all validated: « Complet » only when forced, with a reason.
    await agents.hsa.post('/api/records/stage').send({ id, stage: 'complete', comment: 'Toutes les pièces sont là.', force_reason: 'Pièces vues à l’agence.' }).expect(200);
    await move('under_review').expect(200);
    const { body } = await move('committee').expect(200);
    expect(body.stage).toBe('committee');
    expect(body.stage_changes.map((change: { from: string; to: string }) => `${change.from}→${change.to}`)).toEqual([
      'under_review→committee',
      'complete→under_review',
      'in_progress→complete',
    ]);
    expect(body.stage_changes[2]).toMatchObject({
      comment: 'Passage forcé, pièces non toutes validées : Pièces vues à l’agence.\nToutes les pièces sont là.',
      by: 'Peio Larralde',
      at: expect.any(String),
    });
    expect((await move('committee').expect(409)).body.error).toBe('Le dossier est déjà au stade « Présenté en comité ».');
    const wrong = await move('signed').expect(400);
    expect(wrong.body.fields).toEqual({ stage: 'Choisissez un stade de la liste.' });
    for (const stage of ['allocated', 'lease_signed', 'moved_in']) await move(stage).expect(200);
    expect((await move('abandoned').expect(409)).body.error).toBe('Un dossier au stade « Entré dans les lieux » ne change plus de stade.');
  });

  it('records follow-up events with their type’s sub-reasons, the good when the type names one, and an outcome', async () => {
    const id = records[1]!.id;
    const add = (event: object) => agents.coordinator.post('/api/records/events/create').send({ record_id: id, ...event });
    const visit = await add({ type: 'visit', reason: 'on_site', good_id: good.id, at: '2026-11-18T14:30', outcome: 'interested', comment: 'Très intéressés par le balcon.' }).expect(201);
    expect(visit.body.event).toMatchObject({
      type: 'visit',
      reason: 'on_site',
      good: { id: good.id, label: expect.stringContaining(good.residence.name) },
      outcome: 'interested',
      comment: 'Très intéressés par le balcon.',
      by: 'Sophie Dufau',
      by_id: (await agents.coordinator.post('/api/auth/get-roles').expect(200)).body.user_id,
      // A time without its offset is France's: 14:30 in Bayonne in November.
      at: '2026-11-18T13:30:00.000Z',
    });
    const summer = await add({ type: 'interview', reason: 'video', at: '2026-07-10T09:00', outcome: 'done' }).expect(201);
    expect(summer.body.event.at).toBe('2026-07-10T07:00:00.000Z');
    const instant = await add({ type: 'call', reason: 'outgoing', at: '2026-11-19T16:45:00.000Z' }).expect(201);
    expect(instant.body.event.at).toBe('2026-11-19T16:45:00.000Z');
    await agents.coordinator.post('/api/records/events/delete').send({ id: instant.body.event.id }).expect(200);
    await add({ type: 'refusal_by_provider', reason: 'effort_rate', at: '2026-11-19T11:00' }).expect(201);

    const refused = await add({ type: 'visit', reason: 'by_phone', at: 'demain', outcome: 'peut-être', extra: 1 }).expect(400);
    expect(refused.body.fields).toEqual({
      at: 'Indiquez la date et l’heure de l’événement.',
      outcome: 'Choisissez une issue de la liste.',
      extra: "Ce champ n'est pas attendu.",
    });
    expect((await add({ type: 'visit', reason: 'by_phone', at: '2026-11-18T14:30', good_id: good.id }).expect(400)).body.fields).toEqual({ reason: 'Choisissez un motif de ce type d’événement.' });
    expect((await add({ type: 'interview', at: '2026-11-18T14:30' }).expect(400)).body.fields).toEqual({ reason: 'Choisissez le motif de l’événement.' });
    expect((await add({ type: 'visit', reason: 'virtual', at: '2026-11-18T14:30' }).expect(400)).body.fields).toEqual({ good_id: 'Choisissez le logement concerné.' });
    expect((await add({ type: 'call', reason: 'outgoing', good_id: good.id, at: '2026-11-18T14:30' }).expect(400)).body.fields).toEqual({ good_id: 'Ce type d’événement ne concerne pas un logement.' });
    expect((await add({ type: 'offer', good_id: 999_999, at: '2026-11-18T14:30' }).expect(400)).body.fields).toEqual({ good_id: 'Choisissez un logement de la liste.' });

    const { body } = await agents.hsa.post('/api/records/follow-up').send({ id }).expect(200);
    expect(body.events.map((event: { type: string }) => event.type)).toEqual(['refusal_by_provider', 'visit', 'interview']);
    // Only its author, or an administrator, removes an event.
    const foreign = await agents.hsa.post('/api/records/events/delete').send({ id: visit.body.event.id }).expect(409);
    expect(foreign.body.error).toBe('Cet événement a été saisi par Sophie Dufau : seul son auteur, ou un administrateur, peut le retirer.');
    await agents.coordinator.post('/api/records/events/delete').send({ id: visit.body.event.id }).expect(200);
  });

  it('keeps private notes and the staff member following the file, never shown to its owner', async () => {
    const own = (await agents.customer.post('/api/records/get-mine').expect(200)).body.my_record;
    await agents.admin.post('/api/records/notes/create').send({ record_id: own.id, body: 'NOTE-PRIVEE : vérifier l’adresse actuelle.' }).expect(201);
    expect((await agents.admin.post('/api/records/notes/create').send({ record_id: own.id, body: '   ' }).expect(400)).body.fields).toEqual({ body: 'Écrivez la note.' });
    const hsa = (await agents.hsa.post('/api/auth/get-roles').expect(200)).body.user_id;
    const customer = (await agents.customer.post('/api/auth/get-roles').expect(200)).body.user_id;
    const followed = await agents.admin.post('/api/records/set-follower').send({ id: own.id, user_id: hsa }).expect(200);
    expect(followed.body).toMatchObject({ follower: { id: hsa, name: 'Peio Larralde' }, notes: [{ body: 'NOTE-PRIVEE : vérifier l’adresse actuelle.', by: 'Maialen Etcheverry' }] });
    const notStaff = await agents.admin.post('/api/records/set-follower').send({ id: own.id, user_id: customer }).expect(400);
    expect(notStaff.body.fields).toEqual({ user_id: 'Choisissez un membre actif de l’équipe (support technique, gestionnaire ou coordinateur).' });
    expect((await agents.customer.post('/api/records/get-mine').expect(200)).text).not.toContain('NOTE-PRIVEE');
    await agents.admin.post('/api/records/set-follower').send({ id: own.id, user_id: null }).expect(200);
  });

  it('shows staff a file with its stage, follower and customer account, and offers the team members who may follow it', async () => {
    const own = (await agents.customer.post('/api/records/get-mine').expect(200)).body.my_record;
    const hsa = (await agents.hsa.post('/api/auth/get-roles').expect(200)).body.user_id;
    await agents.admin.post('/api/records/set-follower').send({ id: own.id, user_id: hsa }).expect(200);
    const { body } = await agents.hsa.post('/api/records/get-one').send({ id: own.id }).expect(200);
    expect(body.record).toMatchObject({
      id: own.id,
      reference: own.reference,
      // Moved along by the test of the stages.
      stage: 'moved_in',
      follower: { id: hsa, name: 'Peio Larralde' },
      account: { email: 'customer@demo.hsa-lli.fr', state: 'active' },
      created_at: expect.any(String),
      person_1: own.person_1,
      completeness: own.completeness,
    });
    // Staff and the file's owner read the same consultations, written for either.
    expect(body.record.consultations[0]).toMatchObject({ by: 'Peio L. (Gestionnaire)', what: 'A consulté le dossier' });
    await agents.admin.post('/api/records/set-follower').send({ id: own.id, user_id: null }).expect(200);

    const followers = (await agents.coordinator.post('/api/records/followers').send({}).expect(200)).body.data;
    const names = followers.map((follower: { name: string }) => follower.name);
    expect(names).toEqual(expect.arrayContaining(['Peio Larralde', 'Sophie Dufau', 'Maialen Etcheverry']));
    // Customers, committee members and the deactivated are not offered.
    expect(names).not.toContain('Lucas Bergeret');
    expect(names).not.toContain('Jean-Michel Lafitte');
    expect(names).not.toContain('Amaia Irigoyen');
    expect(followers.every((follower: { id: number; name: string }) => Number.isInteger(follower.id) && follower.name)).toBe(true);
  });

  it('offers the goods of any residence, of any status, to whoever records an event on a file', async () => {
    const unpublished = await api.dataSource.getRepository(Good).findOneOrFail({ where: { residence: { status: 'draft' } }, relations: { residence: true } });
    const residences = (await agents.coordinator.post('/api/residences/get-options').send({}).expect(200)).body.residences_options;
    expect(residences.map((option: { value: number }) => option.value)).toContain(unpublished.residence.id);
    const { body } = await agents.coordinator.post('/api/records/good-options').send({ residence: unpublished.residence.id }).expect(200);
    expect(body.data).toContainEqual({ id: unpublished.id, label: expect.stringMatching(new RegExp(`^${unpublished.reference} — .+ m² — ${unpublished.residence.name}$`)) });
    const references = body.data.map((option: { label: string }) => option.label.split(' — ')[0]);
    expect(references).toEqual([...references].sort());
    expect((await agents.hsa.post('/api/records/good-options').send({ residence: 999_999 }).expect(200)).body).toEqual({ data: [] });
    expect((await agents.hsa.post('/api/records/good-options').send({ residence: 'Villa' }).expect(400)).body.fields).toEqual({ residence: 'Choisissez une résidence de la liste.' });
    // Visitors still choose among the published ones only.
    const visitors = (await request(api.server).post('/api/residences/get-options').send({}).expect(200)).body.residences_options;
    expect(visitors.map((option: { value: number }) => option.value)).not.toContain(unpublished.residence.id);
  });

  it('stops a staff member at their daily number of files, until an administrator allows more', async () => {
    const [opened, evented, other] = records.map((record) => record.id) as [number, number, number];
    const view = (id: number) => agents.coordinator.post('/api/records/get-one').send({ id });
    const coordinator = (await agents.coordinator.post('/api/auth/get-roles').expect(200)).body.user_id;
    // Every call of theirs on a file counts: the coordinator read the first file's follow-up, and recorded events on the second.
    expect((await agents.admin.post('/api/records/record-views').send({ id: coordinator }).expect(200)).body).toEqual({ consulted: 2, allowed: 2 });
    await view(opened).expect(200);
    await view(evented).expect(200);
    const stopped = await view(other).expect(429);
    expect(stopped.body.error).toBe('Vous avez consulté 2 dossiers ces dernières 24 heures, le maximum permis. Pour en consulter d’autres, demandez à un administrateur de relever votre limite.');
    // Nor do its notes and events come by the follow-up's calls, nor may they be changed.
    for (const [path, body] of [
      ['/api/records/follow-up', { id: other }],
      ['/api/records/notes/create', { record_id: other, body: 'Lecture des notes' }],
      ['/api/records/events/create', { record_id: other, type: 'call', reason: 'outgoing', at: '2026-11-20T10:00' }],
      ['/api/records/set-follower', { id: other, user_id: null }],
      ['/api/records/stage', { id: other, stage: 'abandoned' }],
    ] as const) {
      expect((await agents.coordinator.post(path).send(body).expect(429)).body.error).toBe(stopped.body.error);
    }
    await agents.coordinator.post('/api/records/follow-up').send({ id: evented }).expect(200);
    // A file already consulted today opens again.
    await view(evented).expect(200);
    expect((await agents.admin.post('/api/records/record-views').send({ id: coordinator }).expect(200)).body).toEqual({ consulted: 2, allowed: 2 });
    const allowed = await agents.admin.post('/api/records/record-views/allow').send({ id: coordinator, extra: 1 }).expect(200);
    expect(allowed.body).toEqual({ consulted: 2, allowed: 3 });
    await view(other).expect(200);
    await agents.admin.post('/api/records/record-views/allow').send({ id: coordinator, extra: 0 }).expect(400);
    // Another staff member keeps their own count and their own limit.
    const hsa = (await agents.hsa.post('/api/auth/get-roles').expect(200)).body.user_id;
    expect((await agents.admin.post('/api/records/record-views').send({ id: hsa }).expect(200)).body).toEqual({ consulted: 2, allowed: 2 });
    expect((await request(api.server).post('/api/records/record-views').send({ id: coordinator })).status).toBe(401);
  });
});
