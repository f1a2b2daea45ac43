import type { RecordRow } from '@hsa-lli/common/back-office';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { RecordEvent } from '../src/follow-up/entities/record-event.entity.js';
import { RecordStageChange } from '../src/follow-up/entities/record-stage-change.entity.js';
import { RecordPerson } from '../src/records/entities/record-person.entity.js';
import { Record } from '../src/records/entities/record.entity.js';
import { User } from '../src/users/entities/user.entity.js';
import { openTestData, type TestData } from '../src/test-data/test-data.js';
import { BACKENDS, loggedIn, type TestApi } from './backends.js';
import { refreshed, type Agent } from './back-office.js';

/**
 * The test data the benches and the browser journeys make (src/test-data): written beside a running API, through the
 * entities, it is what the API then reads, and it goes away with what hangs on it.
 */
describe.each(BACKENDS)('the test data on $name', (backend) => {
  let api: TestApi;
  let hsaAgent: Agent;
  let data: TestData;

  beforeAll(async () => {
    api = await backend.start();
    hsaAgent = await loggedIn(api, 'hsa@demo.hsa-lli.fr');
    // The API's own work at start over (the files' list columns, the statistics): on SQLite the second connection, in
    // this same process, would otherwise wait for a transaction the API could not end meanwhile.
    await hsaAgent.post('/api/records/list').send({}).expect(200);
    await refreshed(hsaAgent);
    data = await openTestData({ databaseUrl: api.config.databaseUrl ?? undefined, dataDir: api.config.dataDir });
  });

  afterAll(async () => {
    await data?.close();
    await api?.stop();
  });

  it('writes accounts, files with what hangs on them and audit entries that the running API reads', async () => {
    const hortensias = await data.residenceId('Résidence Les Hortensias');
    const t3 = await data.goodId('RES-001-02');
    const hsa = (await data.user('hsa@demo.hsa-lli.fr'))!;
    const [owner] = await data.transaction(() => data.users([{ email: 'maite.etchart@example.org', roles: ['customer'], firstName: 'Maite', lastName: 'Etchart' }]));
    const [id] = await data.files([
      {
        reference: 'DOS-2026-7901',
        situation: 'couple',
        link: 'marie',
        dependants: 1,
        members: [{ first_name: 'Ibai', birth_date: '2019-04-02', role: 'child' }],
        flatSizes: ['T3'],
        user: owner,
        follower: hsa.id,
        createdAt: new Date('2026-03-02T10:00:00Z'),
        persons: [
          { position: 1, firstName: 'Maite', lastName: 'Etchart', taxIncome: 30000 },
          { position: 2, firstName: 'Peio', lastName: 'Etchart', taxIncome: 20000 },
        ],
        wishedResidences: [hortensias],
        wishedGoods: [t3],
        events: [{ type: 'visit', reason: 'on_site', good: t3, at: new Date('2026-03-10T09:00:00Z'), outcome: 'done', actorId: hsa.id, actorName: 'Peio Larralde' }],
        stageChanges: [{ from: 'in_progress', to: 'complete', actorName: 'Peio Larralde', at: new Date('2026-03-12T09:00:00Z') }],
      },
    ]);
    expect(await data.recordId('DOS-2026-7901')).toBe(id);
    await data.auditEntries([{ action: 'record_view', recordId: id!, actorId: hsa.id, actorName: 'Peio L.', actorRoles: 'Gestionnaire', ip: '127.0.0.1', userAgent: 'test' }]);

    const file = await api.dataSource.manager.findOneOrFail(Record, { where: { id }, relations: { user: true, follower: true, persons: true, wishedResidences: true, wishedGoods: true } });
    expect(file).toMatchObject({ stage: 'in_progress', situation: 'couple', members: [{ first_name: 'Ibai' }], flatSizes: ['T3'], user: { id: owner }, follower: { id: hsa.id } });
    expect(file.createdAt.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(file.persons.map((person) => person.firstName).sort()).toEqual(['Maite', 'Peio']);
    expect(file.wishedResidences.map((residence) => residence.id)).toEqual([hortensias]);
    expect(file.wishedGoods.map((good) => good.id)).toEqual([t3]);
    expect(await api.dataSource.manager.countBy(AuditEntry, { recordId: id!, actorId: hsa.id })).toBe(1);

    // The API works out the list columns of a file written without them, and shows it as any other.
    const listed = (await hsaAgent.post('/api/records/list').send({ search: 'DOS-2026-7901' }).expect(200)).body as { data: RecordRow[]; total: number };
    expect(listed.total).toBe(1);
    expect(listed.data[0]).toMatchObject({ id, applicants: 'Maite et Peio Etchart', household: 'Couple, 1 enfant', follower: { id: hsa.id }, last_event: { type: 'visit' } });
    expect(listed.data[0]!.wished?.label).toMatch(/^T3 de .+ — Résidence Les Hortensias$/);

    // Taken away with its persons, wishes, events and stage changes; the account too.
    await data.removeFiles(['DOS-2026-7901']);
    await data.removeUsers(['maite.etchart@example.org']);
    expect(await data.recordId('DOS-2026-7901')).toBeNull();
    expect(await api.dataSource.manager.count(RecordPerson, { where: { record: { id } } })).toBe(0);
    expect(await api.dataSource.manager.count(RecordEvent, { where: { record: { id } } })).toBe(0);
    expect(await api.dataSource.manager.count(RecordStageChange, { where: { record: { id } } })).toBe(0);
    expect(await api.dataSource.manager.countBy(User, { email: 'maite.etchart@example.org' })).toBe(0);
  });

  it('writes rows that give their own ids many to a statement, each value as the entities’ own insert writes it', async () => {
    const t3 = await data.goodId('RES-001-02');
    const [userId, fileId, personId, eventId] = [await data.nextId(User), await data.nextId(Record), await data.nextId(RecordPerson), await data.nextId(RecordEvent)];
    const lastLoginAt = new Date('2026-05-04T08:09:10.000Z');
    expect(await data.users([{ id: userId, email: 'beñat.irigoyen@example.org', passwordHash: null, roles: ['customer'], firstName: 'Beñat', lastName: 'Irigoyen', active: false, lastLoginAt }])).toEqual([userId]);
    await data.files([
      {
        id: fileId,
        reference: 'DOS-2026-7902',
        stage: 'committee',
        situation: 'alone',
        dependants: 0,
        members: [],
        flatSizes: ['T2', 'T3'],
        user: userId,
        good: null,
        createdAt: new Date('2026-04-01T12:34:56.789Z'),
        updatedAt: new Date('2026-04-02T12:00:00.000Z'),
        persons: [{ id: personId, position: 1, firstName: 'Beñat', lastName: 'Irigoyen', birthDate: '1991-07-14', taxIncome: 28000 }],
        events: [{ id: eventId, type: 'offer', reason: null, good: t3, at: new Date('2026-04-05T09:30:00.000Z'), outcome: 'interested', comment: null, actorId: null, actorName: 'Test', createdAt: new Date('2026-04-05T09:31:00.000Z') }],
      },
    ]);

    const user = await api.dataSource.manager.findOneByOrFail(User, { id: userId });
    expect(user).toMatchObject({ email: 'beñat.irigoyen@example.org', passwordHash: null, roles: ['customer'], active: false, lastLoginAt, version: 1 });
    const file = await api.dataSource.manager.findOneOrFail(Record, { where: { id: fileId }, relations: { user: true, persons: true } });
    expect(file).toMatchObject({ reference: 'DOS-2026-7902', stage: 'committee', members: [], flatSizes: ['T2', 'T3'], user: { id: userId } });
    expect(file.createdAt.toISOString()).toBe('2026-04-01T12:34:56.789Z');
    expect(file.persons).toMatchObject([{ id: personId, birthDate: '1991-07-14', taxIncome: 28000, email: null }]);
    const event = await api.dataSource.manager.findOneOrFail(RecordEvent, { where: { id: eventId }, relations: { record: true, good: true } });
    expect(event).toMatchObject({ type: 'offer', outcome: 'interested', record: { id: fileId }, good: { id: t3 } });
    expect(event.at.toISOString()).toBe('2026-04-05T09:30:00.000Z');

    await data.removeFiles(['DOS-2026-7902']);
    await data.removeUsers(['beñat.irigoyen@example.org']);
  });

  it('refuses a row that names a property its entity lacks, and writes nothing of a transaction that fails', async () => {
    await expect(data.insert(User, [{ email: 'x@example.org', roles: ['customer'], firstName: 'X', lastName: 'Y', nickname: 'x' } as never])).rejects.toThrow('User has no property nickname.');
    await expect(
      data.transaction(async () => {
        await data.users([{ email: 'ane.berria@example.org', roles: ['customer'], firstName: 'Ane', lastName: 'Berria' }]);
        await data.auditEntries([{ action: 'record_peek', recordId: 1, actorId: 1, actorName: 'X', actorRoles: 'X', ip: '127.0.0.1', userAgent: 'test' }]);
      }),
    ).rejects.toThrow('No audit action record_peek.');
    expect(await data.user('ane.berria@example.org')).toBeNull();
  });
});
