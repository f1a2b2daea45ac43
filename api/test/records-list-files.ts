/**
 * The files the files list's tests add to the demo's, written through the entities: three files that say what the
 * list shows, filters, searches and sorts (api/test/records-list.e2e.test.ts), and six fillers that make a second page.
 */
import type { DocumentStatus, DocumentType, EventType, RecordStage } from '@hsa-lli/common/domain';
import { RecordDocument } from '../src/documents/entities/record-document.entity.js';
import { RecordEvent } from '../src/follow-up/entities/record-event.entity.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { RecordPerson } from '../src/records/entities/record-person.entity.js';
import { Record as ApplicationFile } from '../src/records/entities/record.entity.js';
import { Residence } from '../src/residences/entities/residence.entity.js';
import { User } from '../src/users/entities/user.entity.js';
import type { TestApi } from './backends.js';

type Person = Partial<RecordPerson> & { firstName: string; lastName: string };

/** A file of the list's tests: its persons (first, then second), wishes, follower, documents and events. */
interface ListFile {
  reference: string;
  stage: RecordStage;
  situation: 'alone' | 'couple';
  members?: { role: 'child' | 'parent' | 'other' }[];
  persons: Person[];
  residences?: string[];
  goods?: Good[];
  flatSizes?: string[];
  follower?: string;
  documents?: (readonly [number, DocumentType, DocumentStatus])[];
  events?: [EventType, string][];
}

/** Files of no interest but their number: they make a second page. */
export const FILLERS = Array.from({ length: 6 }, (_, index) => `DOS-2026-91${String(index).padStart(2, '0')}`);

/** Writes a file of the list's tests: answers its id. */
async function createFile(api: TestApi, residences: Map<string, Residence>, fields: ListFile): Promise<number> {
  const manager = api.dataSource.manager;
  const follower = fields.follower ? await manager.findOneByOrFail(User, { email: fields.follower }) : null;
  const members = (fields.members ?? []).map((member, index) => ({ first_name: `Enfant ${index}`, birth_date: null, role: member.role }));
  const record = await manager.save(
    manager.create(ApplicationFile, {
      reference: fields.reference,
      stage: fields.stage,
      situation: fields.situation,
      link: fields.situation === 'couple' ? 'pacse' : null,
      dependants: members.length,
      members,
      follower,
      wishedResidences: (fields.residences ?? []).map((name) => residences.get(name)!),
      wishedGoods: fields.goods ?? [],
      flatSizes: (fields.flatSizes ?? []) as ApplicationFile['flatSizes'],
      persons: fields.persons.map((person, index) => manager.create(RecordPerson, { proSituation: null, taxIncome: null, email: null, ...person, position: index + 1 })),
    }),
  );
  for (const [index, [person, type, status]] of (fields.documents ?? []).entries()) {
    await manager.save(
      manager.create(RecordDocument, {
        record,
        person,
        type,
        status,
        originalName: `${type}.pdf`,
        storedName: `${fields.reference}-${index}`,
        keyId: 'test',
        contentType: 'application/pdf',
        size: 1000,
        sha256: '0'.repeat(64),
        scan: 'not_scanned',
        source: 'owner',
      }),
    );
  }
  for (const [type, at] of fields.events ?? []) {
    await manager.save(manager.create(RecordEvent, { record, type, at: new Date(at), reason: null, outcome: null, comment: null, actorId: null, actorName: 'Peio L.' }));
  }
  return record.id;
}

/** Adds the list's files to the demo's: answers the residences by name, the goods, and every file's id by reference. */
export async function addListFiles(api: TestApi): Promise<{ residences: Map<string, Residence>; goods: Good[]; ids: Map<string, number> }> {
  const manager = api.dataSource.manager;
  const residences = new Map((await manager.find(Residence)).map((residence) => [residence.name, residence]));
  const goods = await manager.find(Good, { relations: { residence: true }, order: { id: 'ASC' } });
  const uhabia = goods.filter((good) => good.residence.name === 'Résidence Uhabia');
  const ids = new Map((await manager.find(ApplicationFile)).map((record) => [record.reference, record.id]));
  // Alone, 45 000 € a year: above the single person's ceiling of zone A (Bidart, Résidence Uhabia: 44 344 €) and B1
  // (Bayonne, Résidence Arrosa: 36 144 €). Two documents out of six provided: the refused one counts as missing.
  ids.set(
    'DOS-2026-9001',
    await createFile(api, residences, {
      reference: 'DOS-2026-9001',
      stage: 'under_review',
      situation: 'alone',
      persons: [{ firstName: 'Maddalen', lastName: 'Ithurralde', email: 'maddalen.ithurralde@example.org', proSituation: 'cdi', taxIncome: 45_000 }],
      residences: ['Résidence Arrosa'],
      goods: [uhabia[1]!, uhabia[0]!],
      flatSizes: ['T3'],
      follower: 'hsa@demo.hsa-lli.fr',
      documents: [
        [1, 'nat_id', 'validated'],
        [1, 'birth_certificate', 'to_process'],
        [1, 'rent_receipts', 'declined'],
        [1, 'rent_receipts', 'to_process'],
        [2, 'nat_id', 'to_process'],
      ],
      events: [
        ['interview', '2026-11-05T09:30:00.000Z'],
        ['call', '2026-10-01T08:00:00.000Z'],
      ],
    }),
  );
  // A couple of two names, a child and a parent in its care, the second income unknown, nothing wished; every
  // document of a student and of a person on benefits (four each) provided.
  const always: DocumentType[] = ['nat_id', 'birth_certificate', 'rent_receipts', 'tax_notices'];
  ids.set(
    'DOS-2026-9002',
    await createFile(api, residences, {
      reference: 'DOS-2026-9002',
      stage: 'allocated',
      situation: 'couple',
      members: [{ role: 'child' }, { role: 'parent' }],
      persons: [
        { firstName: 'Beñat', lastName: 'Larralde', proSituation: 'etudiants', taxIncome: 12_000 },
        { firstName: 'Amaia', lastName: 'Sorhaindo', email: 'amaia.s@example.org', proSituation: 'benef_prestas' },
      ],
      follower: 'coordinator@demo.hsa-lli.fr',
      documents: [...always.map((type) => [1, type, 'to_process'] as const), ...always.map((type) => [2, type, 'validated'] as const)],
      events: [['visit', '2026-09-01T14:00:00.000Z']],
    }),
  );
  // Alone, 40 000 €: above the ceiling of Bayonne (B1) but within that of Anglet (A): eligible. A second person is
  // still stored from when the household was a couple: neither shown nor searched.
  ids.set(
    'DOS-2026-9003',
    await createFile(api, residences, {
      reference: 'DOS-2026-9003',
      stage: 'in_progress',
      situation: 'alone',
      persons: [
        { firstName: 'Garazi', lastName: 'Oyharçabal', taxIncome: 40_000 },
        { firstName: 'Fantôme', lastName: 'Ancien', email: 'fantome@example.org' },
      ],
      residences: ['Résidence Arrosa', 'Résidence Les Hortensias'],
    }),
  );
  for (const reference of FILLERS) {
    ids.set(reference, await createFile(api, residences, { reference, stage: 'abandoned', situation: 'alone', persons: [{ firstName: 'Xabi', lastName: `Bordes ${reference}` }] }));
  }
  return { residences, goods, ids };
}
