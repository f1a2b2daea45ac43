import { ModulesContainer } from '@nestjs/core';
import { RECORD_STAGES, stageMoveProblem } from '@hsa-lli/common/domain';
import { setTimeout } from 'node:timers/promises';
import sharp from 'sharp';
import request from 'supertest';
import { In } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultationOf, FILE_PAGES } from '../src/audit/consultations.js';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { ACCESS_KEY, type AccessRule } from '../src/auth/access.decorators.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { RecordDocument } from '../src/documents/entities/record-document.entity.js';
import { RecordEvent } from '../src/follow-up/entities/record-event.entity.js';
import { RecordNote } from '../src/follow-up/entities/record-note.entity.js';
import { Record } from '../src/records/entities/record.entity.js';
import { User } from '../src/users/entities/user.entity.js';
import { agentsByRole, type Agent } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';

const AT_LIMIT = 'Vous avez consulté 2 dossiers ces dernières 24 heures, le maximum permis. Pour en consulter d’autres, demandez à un administrateur de relever votre limite.';

/** A staff call on one file: its method, path and body. */
type Call = [method: 'get' | 'post', path: string, body?: object];

const send = (agent: Pick<Agent, 'get' | 'post'>, [method, path, body]: Call) => (method === 'get' ? agent.get(path) : agent.post(path).send(body ?? {}));

describe.each(BACKENDS)('staff calls on one application file, on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  // The demo customer's file (with a document, an upload link and an event), and three others.
  let mine: number;
  let others: [number, number, number];
  let documentId: number;
  let linkId: number;
  let eventId: number;

  beforeAll(async () => {
    // Two files a day per staff member here: hsa works on two, the coordinator reaches the limit, admin uses two.
    api = await backend.start({ recordViewsPerDay: 2, publicUrl: 'http://hsa.test' });
    agents = await agentsByRole(api);
    mine = (await agents.customer.post('/api/records/get-mine').expect(200)).body.my_record.id;
    const ids = (await api.dataSource.getRepository(Record).find({ order: { id: 'ASC' } })).map((record) => record.id).filter((id) => id !== mine);
    others = ids.slice(0, 3) as [number, number, number];
    const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#88aacc' } }).png().toBuffer();
    const uploaded = await agents.customer
      .post('/api/records/documents/upload')
      .set('Origin', api.config.publicUrl)
      .field('type', 'p1_rent_receipts')
      .attach('file', picture, 'quittance.png')
      .expect(201);
    documentId = uploaded.body.document.id;
    linkId = (await agents.customer.post('/api/records/upload-links/create').send({}).expect(201)).body.link.id;
    const event = await agents.admin.post('/api/records/events/create').send({ record_id: mine, type: 'call', reason: 'incoming', at: '2026-11-18T09:00' }).expect(201);
    eventId = event.body.event.id;
  });

  afterAll(async () => {
    await api?.stop();
  });

  /** Every staff route on one file, with the demo customer's file and its document, link and event. */
  const callsOnMine = (): Call[] => [
    ['post', '/api/records/get-one', { id: mine }],
    ['post', '/api/records/follow-up', { id: mine }],
    ['post', '/api/records/stage', { id: mine, stage: 'abandoned' }],
    ['post', '/api/records/events/create', { record_id: mine, type: 'call', reason: 'outgoing', at: '2026-11-20T10:00' }],
    ['post', '/api/records/events/outcome', { id: eventId, outcome: 'done' }],
    ['post', '/api/records/events/delete', { id: eventId }],
    ['post', '/api/records/notes/create', { record_id: mine, body: 'Relance des pièces.' }],
    ['post', '/api/records/set-follower', { id: mine, user_id: null }],
    ['post', '/api/records/resend-invitation', { id: mine }],
    ['post', '/api/records/documents/review', { record_id: mine, reviews: [{ id: documentId, status: 'validated' }] }],
    ['get', `/api/records/documents/${documentId}/file`],
    ['post', '/api/records/upload-links/list-for-record', { record_id: mine }],
    ['post', '/api/records/upload-links/create-for-record', { record_id: mine }],
    ['post', '/api/records/upload-links/withdraw-for-record', { record_id: mine, id: linkId }],
    ['post', `/api/records/${mine}/PDF/summary`],
    ['get', `/api/records/${mine}/PDF/summary.pdf`],
  ];

  const entries = () => api.dataSource.getRepository(AuditEntry);
  const userId = async (role: 'admin' | 'hsa' | 'coordinator') => (await agents[role].post('/api/auth/get-roles').expect(200)).body.user_id as number;

  it('says, on every route of a file’s pages, what file it consults, or that it shows none', () => {
    const undecided: string[] = [];
    let consulting = 0;
    for (const module of api.app.get(ModulesContainer).values()) {
      for (const controller of module.controllers.values()) {
        const prototype = (controller.metatype as { prototype: { [name: string]: unknown } }).prototype;
        for (const name of Object.getOwnPropertyNames(prototype)) {
          const handler = prototype[name];
          if (typeof handler !== 'function') continue;
          const rule = Reflect.getMetadata(ACCESS_KEY, handler) as AccessRule | undefined;
          if (rule?.kind !== 'page' || !rule.patterns.some((page) => FILE_PAGES.includes(page))) continue;
          const consultation = consultationOf(handler);
          if (consultation === undefined) undecided.push(`${controller.name}.${name}`);
          if (consultation) consulting += 1;
        }
      }
    }
    expect(undecided).toEqual([]);
    expect(consulting).toBe(callsOnMine().length);
  });

  it('refuses every call on another file to a staff member at their daily limit, changing nothing and writing nothing', async () => {
    const coordinator = await userId('coordinator');
    for (const id of others.slice(0, 2)) await agents.coordinator.post('/api/records/get-one').send({ id }).expect(200);
    const events = await api.dataSource.getRepository(RecordEvent).countBy({ record: { id: mine } });
    const notes = await api.dataSource.getRepository(RecordNote).countBy({ record: { id: mine } });
    const { stage } = await api.dataSource.getRepository(Record).findOneByOrFail({ id: mine });
    for (const call of callsOnMine()) {
      const answer = await send(agents.coordinator, call).expect(429);
      expect({ path: call[1], error: JSON.parse(answer.text).error }).toEqual({ path: call[1], error: AT_LIMIT });
    }
    expect(await entries().countBy({ actorId: coordinator, recordId: mine })).toBe(0);
    expect(await api.dataSource.getRepository(RecordEvent).countBy({ record: { id: mine } })).toBe(events);
    expect(await api.dataSource.getRepository(RecordNote).countBy({ record: { id: mine } })).toBe(notes);
    expect((await api.dataSource.getRepository(Record).findOneByOrFail({ id: mine })).stage).toBe(stage);
    expect((await api.dataSource.getRepository(RecordDocument).findOneByOrFail({ id: documentId })).status).toBe('to_process');
    const links = (await agents.customer.post('/api/records/upload-links/list').send({}).expect(200)).body.data;
    expect(links.map((link: { id: number }) => link.id)).toEqual([linkId]);
  });

  it('writes each call of a staff member on a file in the audit trail: who, what, which file', async () => {
    const hsa = await userId('hsa');
    // A file whose account still waits for its invitation, to send it again.
    await agents.admin.post('/api/users/create').send({ email: 'invitee@example.org', first_name: 'Ane', last_name: 'Etxeberri', role: 'customer' }).expect(201);
    const invited = await api.dataSource.getRepository(User).findOneByOrFail({ email: 'invitee@example.org' });
    await api.dataSource.getRepository(Record).update({ id: others[2] }, { user: { id: invited.id } });
    const { stage } = await api.dataSource.getRepository(Record).findOneByOrFail({ id: mine });
    const next = RECORD_STAGES.find((candidate) => stageMoveProblem(stage, candidate) === null)!;
    const written = async () => entries().find({ where: { actorId: hsa }, order: { id: 'ASC' } });
    const expectWritten = async (before: number, what: Partial<AuditEntry>) => {
      const trail = await written();
      expect(trail.length - before, JSON.stringify(what)).toBe(1);
      expect(trail.at(-1)).toMatchObject({ actorName: 'Peio L.', actorRoles: 'Gestionnaire', documentId: null, ...what });
    };
    const steps: [Call, number[], Partial<AuditEntry>][] = [
      [['post', '/api/records/get-one', { id: mine }], [200], { action: 'record_view', recordId: mine }],
      [['post', '/api/records/follow-up', { id: mine }], [200], { action: 'record_view', recordId: mine }],
      [['post', '/api/records/upload-links/list-for-record', { record_id: mine }], [200], { action: 'record_view', recordId: mine }],
      [['get', `/api/records/documents/${documentId}/file`], [200], { action: 'document_read', recordId: mine, documentId }],
      [['post', '/api/records/documents/review', { record_id: mine, reviews: [{ id: documentId, status: 'declined', reason: 'Quittance illisible.' }] }], [200], { action: 'documents_review', recordId: mine }],
      [['post', '/api/records/upload-links/create-for-record', { record_id: mine }], [201], { action: 'upload_link_create', recordId: mine }],
      // Forced, in case the next stage is « Complet » (its documents are not all validated).
      [['post', '/api/records/stage', { id: mine, stage: next, force_reason: 'Pièces vues à l’agence.' }], [200], { action: 'follow_up_change', recordId: mine }],
      [['post', '/api/records/events/create', { record_id: mine, type: 'call', reason: 'outgoing', at: '2026-11-20T10:00' }], [201], { action: 'follow_up_change', recordId: mine }],
      [['post', '/api/records/notes/create', { record_id: mine, body: 'Quittance demandée à nouveau.' }], [201], { action: 'follow_up_change', recordId: mine }],
      [['post', '/api/records/set-follower', { id: mine, user_id: hsa }], [200], { action: 'follow_up_change', recordId: mine }],
      [['post', `/api/records/${mine}/PDF/summary`], [200], { action: 'record_view', recordId: mine }],
      [['get', `/api/records/${mine}/PDF/summary.pdf`], [200, 202], { action: 'record_view', recordId: mine }],
      [['post', '/api/records/resend-invitation', { id: others[2] }], [200], { action: 'invitation_resend', recordId: others[2] }],
    ];
    let created: { link?: number; event?: number } = {};
    for (const [call, status, what] of steps) {
      const before = (await written()).length;
      const answer = await send(agents.hsa, call);
      expect(status, `${call[1]} answered ${answer.status}`).toContain(answer.status);
      await expectWritten(before, what);
      if (call[1].endsWith('create-for-record')) created = { ...created, link: answer.body.link.id };
      if (call[1].endsWith('events/create')) created = { ...created, event: answer.body.event.id };
    }
    for (const [call, what] of [
      [['post', '/api/records/upload-links/withdraw-for-record', { record_id: mine, id: created.link }], { action: 'upload_link_withdraw', recordId: mine }],
      [['post', '/api/records/events/delete', { id: created.event }], { action: 'follow_up_change', recordId: mine }],
    ] as [Call, Partial<AuditEntry>][]) {
      const before = (await written()).length;
      await send(agents.hsa, call).expect(200);
      await expectWritten(before, what);
    }

    // A change refused did nothing, and is neither written nor counted.
    const before = (await written()).length;
    await agents.hsa.post('/api/records/notes/create').send({ record_id: mine, body: '  ' }).expect(400);
    await agents.hsa.post('/api/records/stage').send({ id: mine, stage: next }).expect(409);
    await agents.hsa.post('/api/records/upload-links/withdraw-for-record').send({ record_id: mine, id: 999_999 }).expect(404);
    expect((await written()).length).toBe(before);

    // Its owner sees what was done, a page's calls of one kind within a minute once, without a word of the notes.
    const seen = (await agents.customer.post('/api/records/get-mine').expect(200)).body.my_record.consultations;
    const byHsa = seen.filter((consultation: { by: string }) => consultation.by === 'Peio L. (Gestionnaire)').map((consultation: { what: string }) => consultation.what);
    expect(byHsa).toEqual([
      'A mis à jour le suivi du dossier',
      'A retiré un lien de dépôt de pièces',
      'A consulté le dossier',
      'A mis à jour le suivi du dossier',
      'A créé un lien de dépôt de pièces',
      'A vérifié des pièces justificatives',
      'A ouvert une pièce justificative',
      'A consulté le dossier',
    ]);
    expect(JSON.stringify(seen)).not.toContain('Quittance demandée');
  });

  it('refuses from another site the reads that write a consultation or start a job, and takes them from this one', async () => {
    const admin = await userId('admin');
    const good = await api.dataSource.getRepository(Good).findOneOrFail({ where: {}, order: { id: 'ASC' } });
    const reads = () => entries().countBy({ actorId: admin, recordId: mine });
    const before = await reads();
    for (const path of [`/api/records/documents/${documentId}/file`, `/api/records/${mine}/PDF/summary.pdf`, `/api/goods/${good.id}/PDF/executive.pdf`]) {
      for (const site of ['cross-site', 'same-site']) {
        expect((await agents.admin.get(path).set('Sec-Fetch-Site', site).expect(403)).body, `${site} ${path}`).toEqual({ error: 'Forbidden' });
      }
      expect((await agents.admin.get(path).set('Origin', 'https://ailleurs.example').expect(403)).body).toEqual({ error: 'Forbidden' });
      // The product's pages (same-origin) and an address typed in (none) are taken.
      for (const site of ['same-origin', 'none']) expect([200, 202], `${site} ${path}`).toContain((await agents.admin.get(path).set('Sec-Fetch-Site', site)).status);
    }
    // Two reads of the document and two of the summary, none of the refused ones.
    expect((await reads()) - before).toBe(4);
    await agents.admin.post('/api/records/get-one').set('Sec-Fetch-Site', 'cross-site').send({ id: mine }).expect(403);
    await agents.admin.post('/api/records/export').set('Sec-Fetch-Site', 'cross-site').send({ format: 'csv' }).expect(403);
    expect((await reads()) - before).toBe(4);
  });

  it('gives nothing of a file to anybody but staff (the comitee role its candidates’ summaries), and answers 404 for another file’s or an unknown id, writing nothing', async () => {
    const count = () => entries().count();
    const before = await count();
    for (const call of callsOnMine()) {
      expect((await send(request(api.server), call)).status, `visitor on ${call[1]}`).toBe(401);
      // The comitee role opens the summary of the candidates of its sessions only: this file is none, so as unknown.
      for (const role of ['comitee', 'member'] as const) {
        const expected = role === 'comitee' && /\/PDF\/summary(\.pdf)?$/.test(call[1]) ? 404 : 403;
        expect((await send(agents[role], call)).status, `${role} on ${call[1]}`).toBe(expected);
      }
      // The owner reads their own document, as its original; every other call is staff's.
      const owner = await send(agents.customer, call);
      expect(owner.status, `customer on ${call[1]}`).toBe(call[1].endsWith('/file') ? 200 : 403);
    }
    expect(await count()).toBe(before);

    const unknown: Call[] = [
      ['post', '/api/records/get-one', { id: 999_999 }],
      ['post', '/api/records/follow-up', { id: 999_999 }],
      ['post', '/api/records/events/outcome', { id: 999_999, outcome: 'done' }],
      ['post', '/api/records/events/delete', { id: 999_999 }],
      ['post', '/api/records/notes/create', { record_id: 999_999, body: 'Note' }],
      ['post', '/api/records/documents/review', { record_id: 999_999, reviews: [{ id: documentId, status: 'validated' }] }],
      ['get', '/api/records/documents/999999/file'],
      ['post', '/api/records/upload-links/list-for-record', { record_id: 999_999 }],
      ['post', '/api/records/upload-links/create-for-record', { record_id: 999_999 }],
      ['post', '/api/records/upload-links/withdraw-for-record', { record_id: 999_999, id: linkId }],
      ['post', '/api/records/resend-invitation', { id: 999_999 }],
      ['post', '/api/records/999999/PDF/summary'],
      ['get', '/api/records/999999/PDF/summary.pdf'],
    ];
    for (const call of unknown) expect((await send(agents.admin, call).expect(404)).text, call[1]).toBe('');
    // Another file's link, or its document in a review: 404, and the call changed nothing, so it is not written.
    await agents.admin.post('/api/records/upload-links/withdraw-for-record').send({ record_id: others[0], id: linkId }).expect(404);
    await agents.admin.post('/api/records/documents/review').send({ record_id: others[0], reviews: [{ id: documentId, status: 'validated' }] }).expect(404);
    expect(await count()).toBe(before);
    const links = (await agents.customer.post('/api/records/upload-links/list').send({}).expect(200)).body.data;
    expect(links.map((link: { id: number }) => link.id)).toEqual([linkId]);
  });
});

describe.each(BACKENDS)('the daily number of files under concurrent calls, on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  /** Files of their own for each staff member, none consulted yet (bare files: their follow-up is read, the view of a file wants its applicant). */
  let files: { [role in 'admin' | 'hsa' | 'coordinator']: number[] };

  beforeAll(async () => {
    // Three files a day: each staff member starts every test at two, one short of the limit.
    api = await backend.start({ recordViewsPerDay: 3, publicUrl: 'http://hsa.test' });
    agents = await agentsByRole(api);
    const made = await api.dataSource.getRepository(Record).save(
      Array.from({ length: 42 }, (_, index) => api.dataSource.getRepository(Record).create({ reference: `DOS-2026-9${String(index).padStart(3, '0')}`, situation: 'alone' })),
    );
    const ids = made.map((record) => record.id);
    files = { admin: ids.slice(0, 14), hsa: ids.slice(14, 28), coordinator: ids.slice(28, 42) };
  });

  afterAll(async () => {
    await api?.stop();
  });

  const userId = async (role: 'admin' | 'hsa' | 'coordinator') => (await agents[role].post('/api/auth/get-roles').expect(200)).body.user_id as number;
  /** The distinct files in a staff member's audit trail. */
  const reached = async (actorId: number) => new Set((await api.dataSource.getRepository(AuditEntry).findBy({ actorId })).map((entry) => entry.recordId));
  const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();
  /**
   * Sends the calls at once while another request's transaction holds the database for a moment (a file being written,
   * say): on SQLite, whose work takes turns on its one connection, every statement of the calls waits behind it, then
   * theirs run interleaved, as they do on MariaDB.
   */
  const atOnce = async (calls: PromiseLike<{ status: number }>[]) => {
    const busy = api.dataSource.transaction(() => setTimeout(300));
    const answers = await Promise.all(calls);
    await busy;
    return answers;
  };
  const reservations = async () => Number(((await api.dataSource.query('SELECT COUNT(*) AS count FROM record_view_reservations')) as { count: number | string }[])[0]!.count);

  it('lets through one read of a new file out of ten sent at once to a staff member one file short of the limit', async () => {
    const [first, second, ...fresh] = files.hsa;
    for (const id of [first, second]) await agents.hsa.post('/api/records/follow-up').send({ id }).expect(200);
    const answers = await atOnce(fresh.slice(0, 10).map((id) => agents.hsa.post('/api/records/follow-up').send({ id })));
    expect(statuses(answers)).toEqual([200, ...Array<number>(9).fill(429)]);
    const hsa = await userId('hsa');
    expect((await reached(hsa)).size).toBe(3);
    // The files counted open again, all at once; another one does not.
    const counted = [...(await reached(hsa))];
    expect(statuses(await atOnce(counted.map((id) => agents.hsa.post('/api/records/follow-up').send({ id }))))).toEqual([200, 200, 200]);
    await agents.hsa.post('/api/records/follow-up').send({ id: fresh[10] }).expect(429);
    expect((await reached(hsa)).size).toBe(3);
  });

  it('lets through one change of a new file out of ten sent at once, and keeps no reservation after', async () => {
    const [first, second, ...fresh] = files.coordinator;
    for (const id of [first, second]) await agents.coordinator.post('/api/records/follow-up').send({ id }).expect(200);
    const notes = () => api.dataSource.getRepository(RecordNote).countBy({ record: { id: In(fresh) } });
    const answers = await atOnce(fresh.slice(0, 10).map((id) => agents.coordinator.post('/api/records/notes/create').send({ record_id: id, body: 'Appel de suivi.' })));
    expect(statuses(answers)).toEqual([201, ...Array<number>(9).fill(429)]);
    expect(await notes()).toBe(1);
    expect((await reached(await userId('coordinator'))).size).toBe(3);
    expect(await reservations()).toBe(0);
    await agents.coordinator.post('/api/records/follow-up').send({ id: fresh[10] }).expect(429);
  });

  it.runIf(backend.server)('reads again a file already counted without waiting for the staff member’s count, which a new file waits for', async () => {
    const hsa = await userId('hsa');
    // At the limit (as the first test leaves them, or reached here when this one runs alone).
    for (const id of files.hsa) {
      if ((await reached(hsa)).size === 3) break;
      await agents.hsa.post('/api/records/follow-up').send({ id }).expect(200);
    }
    const counting = await reached(hsa);
    const counted = [...counting][0]!;
    const fresh = files.hsa.find((id) => !counting.has(id))!;
    // Another call of theirs counts their files, holding their lock, for a while.
    const runner = api.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const finished: string[] = [];
    try {
      await runner.query('SELECT id FROM users WHERE id = ? FOR UPDATE', [hsa]);
      const again = agents.hsa.post('/api/records/follow-up').send({ id: counted }).then((answer) => (finished.push('again'), answer));
      const other = agents.hsa.post('/api/records/follow-up').send({ id: fresh }).then((answer) => (finished.push('new'), answer));
      expect((await again).status).toBe(200);
      await setTimeout(300);
      expect(finished).toEqual(['again']);
      await runner.commitTransaction();
      expect((await other).status).toBe(429);
      expect(finished).toEqual(['again', 'new']);
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    expect((await reached(hsa)).size).toBe(3);
  });

  it('counts no change refused (400, 404, 409) toward the number of files', async () => {
    const [first, second, refused, other, last] = files.admin as [number, number, number, number, number];
    for (const id of [first, second]) await agents.admin.post('/api/records/follow-up').send({ id }).expect(200);
    const { stage } = await api.dataSource.getRepository(Record).findOneByOrFail({ id: refused });
    await agents.admin.post('/api/records/notes/create').send({ record_id: refused, body: '  ' }).expect(400);
    await agents.admin.post('/api/records/stage').send({ id: refused, stage }).expect(409);
    await agents.admin.post('/api/records/upload-links/withdraw-for-record').send({ record_id: refused, id: 999_999 }).expect(404);
    // Refused at once, many of them: none counted either.
    expect(statuses(await atOnce(Array.from({ length: 5 }, () => agents.admin.post('/api/records/notes/create').send({ record_id: other, body: '  ' }))))).toEqual(Array<number>(5).fill(400));
    expect(await reservations()).toBe(0);
    const admin = await userId('admin');
    expect((await reached(admin)).size).toBe(2);
    await agents.admin.post('/api/records/follow-up').send({ id: last }).expect(200);
    await agents.admin.post('/api/records/follow-up').send({ id: refused }).expect(429);
  });
});
