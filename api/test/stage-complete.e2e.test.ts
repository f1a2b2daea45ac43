/**
 * A file goes « Complet » when every required document is validated; staff may force the move with a reason, kept
 * with it (issue 22, point 8).
 */
import { Not } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Record } from '../src/records/entities/record.entity.js';
import { agentsByRole, type Agent } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';
import { pdfOf } from './fixture-files.js';

const NOT_VALIDATED =
  'Toutes les pièces justificatives requises ne sont pas encore validées : le dossier ne peut passer au stade « Complet » qu’en forçant le passage, avec sa raison.';

describe.each(BACKENDS)('the move of a file to « Complet », on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;

  beforeAll(async () => {
    api = await backend.start({ publicUrl: 'http://hsa.test' });
    agents = await agentsByRole(api);
  });

  afterAll(async () => {
    await api?.stop();
  });

  const mine = async () => (await agents.customer.post('/api/records/get-mine').expect(200)).body.my_record;
  const followUp = async (agent: Agent, id: number) => (await agent.post('/api/records/follow-up').send({ id }).expect(200)).body;
  const upload = async (type: string) =>
    (await agents.customer.post('/api/records/documents/upload').set('Origin', api.config.publicUrl).field('type', type).attach('file', await pdfOf(type), `${type}.pdf`).expect(201)).body
      .document.id as number;

  it('is refused while a required document is not validated, with a code the page acts upon, and nothing moves', async () => {
    const own = await mine();
    const move = (body: object) => agents.hsa.post('/api/records/stage').send({ id: own.id, stage: 'complete', ...body });
    expect((await move({}).expect(409)).body).toEqual({ error: NOT_VALIDATED, code: 'documents_not_validated' });
    // A reason that says nothing forces nothing.
    expect((await move({ force_reason: ' \u200B ' }).expect(409)).body.code).toBe('documents_not_validated');
    expect((await move({ force_reason: 'x'.repeat(2001) }).expect(400)).body.fields).toEqual({ force_reason: 'La raison ne peut pas dépasser 2000 caractères.' });

    // Every document provided, one still waiting for staff: still refused.
    const required: string[] = own.required_documents;
    const ids = await Promise.all(required.map(upload));
    await agents.hsa.post('/api/records/documents/review').send({ record_id: own.id, reviews: ids.slice(1).map((id) => ({ id, status: 'validated' })) }).expect(200);
    expect((await move({ comment: 'Presque.' }).expect(409)).body.code).toBe('documents_not_validated');
    expect(await followUp(agents.hsa, own.id)).toMatchObject({ stage: 'in_progress', stage_changes: [] });

    // The last one validated: the move is made, nothing forced (a reason given anyway is not kept).
    await agents.hsa.post('/api/records/documents/review').send({ record_id: own.id, reviews: [{ id: ids[0], status: 'validated' }] }).expect(200);
    const moved = (await move({ comment: 'Dossier vérifié.', force_reason: 'Inutile.' }).expect(200)).body;
    expect(moved.stage).toBe('complete');
    expect(moved.stage_changes[0]).toMatchObject({ from: 'in_progress', to: 'complete', comment: 'Dossier vérifié.', by: 'Peio Larralde' });
  });

  it('is made when staff force it with a reason, kept with the move', async () => {
    const own = await mine();
    // Another household's file, examined already, goes back to be completed.
    const other = await api.dataSource.getRepository(Record).findOneOrFail({ where: { stage: 'under_review', id: Not(own.id) }, order: { id: 'ASC' } });
    await agents.coordinator.post('/api/records/stage').send({ id: other.id, stage: 'in_progress' }).expect(200);
    // A customer may not move a file, theirs or another's.
    for (const id of [own.id, other.id]) await agents.customer.post('/api/records/stage').send({ id, stage: 'complete', force_reason: 'Pressé.' }).expect(403);
    await agents.coordinator.post('/api/records/stage').send({ id: other.id, stage: 'complete' }).expect(409);
    const forced = await agents.coordinator.post('/api/records/stage').send({ id: other.id, stage: 'complete', force_reason: 'Pièces originales vues à l’agence le 12 novembre.' }).expect(200);
    expect(forced.body.stage).toBe('complete');
    expect(forced.body.stage_changes[0]).toEqual(
      { from: 'in_progress', to: 'complete', comment: 'Passage forcé, pièces non toutes validées : Pièces originales vues à l’agence le 12 novembre.', by: 'Sophie Dufau', at: expect.any(String) },
    );
    // Back to « En constitution », the guard holds again.
    await agents.coordinator.post('/api/records/stage').send({ id: other.id, stage: 'in_progress' }).expect(200);
    expect((await agents.coordinator.post('/api/records/stage').send({ id: other.id, stage: 'complete' }).expect(409)).body.code).toBe('documents_not_validated');
  });
});
