import type { RecordRow } from '@hsa-lli/common/back-office';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Good } from '../src/goods/entities/good.entity.js';
import { Residence } from '../src/residences/entities/residence.entity.js';
import { agentsByRole, expectOnlyFor, type Agent } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';
import { addListFiles, FILLERS } from './records-list-files.js';

/** The demo's files (api/src/seed/seed.ts DEMO_RECORDS), each wishing a residence and its first good. */
const DEMO = ['DOS-2026-0001', 'DOS-2026-0002', 'DOS-2026-0003', 'DOS-2026-0004'];
/** The fields of a residence's and of a good's forms, as get-one answers them and update takes them back. */
const RESIDENCE_FORM = ['status', 'closed_label', 'reference', 'name', 'city', 'neighborhood', 'delivery_date', 'limit_date', 'facilities', 'advantages', 'certifications', 'description', 'district_desc', 'address_line_1', 'address_line_2'];
const GOOD_FORM = ['enabled', 'residence', 'reference', 'flat_size', 'surface', 'rent_price', 'monthly_costs', 'available_from', 'description', 'facilities', 'dpe_kwh', 'dpe_kgco2'];
const formOf = (view: { [field: string]: unknown }, fields: string[]) => Object.fromEntries(fields.map((field) => [field, view[field]]));

describe.each(BACKENDS)('the list of application files on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let hsa: Agent;
  let residences: Map<string, Residence>;
  let goods: Good[];
  let ids: Map<string, number>;

  const list = async (body: object, agent = hsa) => (await agent.post('/api/records/list').send(body).expect(200)).body as { data: RecordRow[]; total: number };
  const references = async (body: object, agent = hsa) => (await list({ per_page: 100, ...body }, agent)).data.map((row) => row.reference);

  beforeAll(async () => {
    api = await backend.start({});
    agents = await agentsByRole(api);
    hsa = agents.hsa;
    ({ residences, goods, ids } = await addListFiles(api));
  });

  afterAll(async () => {
    await api?.stop();
  });

  it('is open to admin, hsa and coordinator only: a customer 403, a visitor 401', async () => {
    await expectOnlyFor(api, agents, '/api/records/list', {}, ['admin', 'hsa', 'coordinator']);
  });

  it('shows each file’s applicants, household, wish, stage, documents, last event, follower and eligibility', async () => {
    const { data, total } = await list({ per_page: 100 });
    expect(total).toBe(13);
    const row = (reference: string) => data.find((candidate) => candidate.reference === reference)!;
    expect(row('DOS-2026-0001')).toEqual({
      id: ids.get('DOS-2026-0001'),
      reference: 'DOS-2026-0001',
      applicants: 'Lucas Bergeret',
      household: 'Personne seule',
      // Résidence Arrosa and its first good, counted once.
      wished: { label: 'Studio de 27 m² — Résidence Arrosa', others: 0 },
      stage: 'in_progress',
      stage_label: 'En constitution',
      // A person on a permanent contract: the four documents of everybody, payslips and contract.
      completeness: { provided: 0, required: 6, percent: 0 },
      last_event: null,
      follower: null,
      // 31 200 € against 36 144 € for a person alone in zone B1.
      eligible: true,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // 62 300 € for a couple with a child in zone A (Anglet): 79 666 €.
    expect(row('DOS-2026-0002')).toMatchObject({
      applicants: 'Ainhoa et Thomas Mendiburu',
      household: 'Couple, 1 enfant',
      wished: { label: 'T2 de 47 m² — Résidence Les Hortensias', others: 0 },
      stage_label: 'En instruction',
      completeness: { provided: 0, required: 12, percent: 0 },
      eligible: true,
    });
    expect(row('DOS-2026-0003')).toMatchObject({ applicants: 'Michèle Haramburu', household: 'Personne seule', completeness: { required: 5 }, eligible: true });
    expect(row('DOS-2026-0004')).toMatchObject({
      applicants: 'Julien et Claire Darrigrand',
      household: 'Couple, 2 enfants',
      stage_label: 'Complet',
      completeness: { provided: 0, required: 11, percent: 0 },
      eligible: true,
    });
    expect(row('DOS-2026-9001')).toMatchObject({
      applicants: 'Maddalen Ithurralde',
      // The first good by its id, the other good and the residence of none of the goods.
      wished: { label: 'T3 de 64 m² — Résidence Uhabia', others: 2 },
      completeness: { provided: 2, required: 6, percent: 33 },
      last_event: { type: 'interview', label: 'Entretien', at: '2026-11-05T09:30:00.000Z' },
      follower: { id: expect.any(Number), name: 'Peio Larralde' },
      eligible: false,
    });
    expect(row('DOS-2026-9002')).toMatchObject({
      applicants: 'Beñat Larralde et Amaia Sorhaindo',
      household: 'Couple, 1 enfant, 1 autre personne à charge',
      wished: null,
      stage: 'allocated',
      stage_label: 'Attribué',
      completeness: { provided: 8, required: 8, percent: 100 },
      last_event: { type: 'visit', label: 'Visite d’un logement', at: '2026-09-01T14:00:00.000Z' },
      follower: { name: 'Sophie Dufau' },
      eligible: null,
    });
    expect(row('DOS-2026-9003')).toMatchObject({
      applicants: 'Garazi Oyharçabal',
      household: 'Personne seule',
      wished: { label: 'Résidence Les Hortensias', others: 1 },
      completeness: { provided: 0, required: 4, percent: 0 },
      eligible: true,
    });
  });

  it('filters by stage, residence, good, flat size, eligibility, completeness and follower', async () => {
    const uhabia = goods.filter((good) => good.residence.name === 'Résidence Uhabia');
    const arrosa = residences.get('Résidence Arrosa')!.id;
    expect(await references({ filters: { stage: 'under_review' } })).toEqual(['DOS-2026-9001', 'DOS-2026-0002']);
    expect(await references({ filters: { stage: 'moved_in' } })).toEqual([]);
    // Wished itself, or through one of its goods.
    expect(await references({ filters: { residence: arrosa } })).toEqual(['DOS-2026-9003', 'DOS-2026-9001', 'DOS-2026-0001']);
    expect(await references({ filters: { residence: residences.get('Résidence Uhabia')!.id } })).toEqual(['DOS-2026-9001']);
    expect(await references({ filters: { good: uhabia[1]!.id } })).toEqual(['DOS-2026-9001']);
    expect(await references({ filters: { good: uhabia[2]!.id } })).toEqual([]);
    expect(await references({ filters: { flat_size: 'T3' } })).toEqual(['DOS-2026-9001']);
    expect(await references({ filters: { flat_size: 'studio' } })).toEqual(['DOS-2026-0003', 'DOS-2026-0001']);
    expect(await references({ filters: { eligible: true } })).toEqual(['DOS-2026-9003', 'DOS-2026-0004', 'DOS-2026-0003', 'DOS-2026-0002', 'DOS-2026-0001']);
    expect(await references({ filters: { eligible: false } })).toEqual(['DOS-2026-9001']);
    expect(await references({ filters: { incomplete: false } })).toEqual(['DOS-2026-9002']);
    expect((await list({ filters: { incomplete: true } })).total).toBe(12);
    expect(await references({ filters: { followed_by_me: true } })).toEqual(['DOS-2026-9001']);
    expect(await references({ filters: { followed_by_me: true } }, agents.coordinator)).toEqual(['DOS-2026-9002']);
    expect(await references({ filters: { followed_by_me: true } }, agents.admin)).toEqual([]);
    expect((await list({ filters: { followed_by_me: false } })).total).toBe(12);
    expect(await references({ filters: { stage: 'under_review', eligible: false, followed_by_me: true, incomplete: true } })).toEqual(['DOS-2026-9001']);
  });

  it('searches the persons’ names and e-mails and the reference, not a person no longer in the household', async () => {
    expect(await references({ search: 'ithurr' })).toEqual(['DOS-2026-9001']);
    expect(await references({ search: 'AMAIA.S@EXAMPLE' })).toEqual(['DOS-2026-9002']);
    expect(await references({ search: 'Sorhaindo' })).toEqual(['DOS-2026-9002']);
    expect(await references({ search: 'Thomas Mendiburu' })).toEqual(['DOS-2026-0002']);
    expect(await references({ search: 'DOS-2026-0003' })).toEqual(['DOS-2026-0003']);
    expect(await references({ search: 'fantôme' })).toEqual([]);
    expect(await references({ search: 'fantome@example.org' })).toEqual([]);
    // Wildcards are taken literally.
    expect(await references({ search: '%' })).toEqual([]);
    expect(await references({ search: 'larralde', filters: { stage: 'allocated' } })).toEqual(['DOS-2026-9002']);
  });

  it('sorts by reference, stage, last event and dates, then by id, and pages', async () => {
    const all = [...DEMO, ...FILLERS, 'DOS-2026-9001', 'DOS-2026-9002', 'DOS-2026-9003'];
    expect(await references({ sort: { column: 'reference', direction: 'asc' } })).toEqual([...all].sort());
    expect(await references({ sort: { column: 'reference', direction: 'desc' } })).toEqual([...all].sort().reverse());
    // In the order a file goes through its stages.
    expect(await references({ sort: { column: 'stage', direction: 'asc' } })).toEqual([
      'DOS-2026-0001',
      'DOS-2026-9003',
      'DOS-2026-0004',
      'DOS-2026-0002',
      'DOS-2026-9001',
      'DOS-2026-0003',
      'DOS-2026-9002',
      ...FILLERS,
    ]);
    expect((await references({ sort: { column: 'last_event_at', direction: 'desc' } })).slice(0, 2)).toEqual(['DOS-2026-9001', 'DOS-2026-9002']);
    expect((await references({ sort: { column: 'last_event_at', direction: 'asc' } })).slice(-2)).toEqual(['DOS-2026-9002', 'DOS-2026-9001']);
    await api.dataSource.query(`UPDATE records SET updatedAt = '2030-01-01 00:00:00' WHERE reference = 'DOS-2026-0003'`);
    expect((await references({ sort: { column: 'updated_at', direction: 'desc' } }))[0]).toBe('DOS-2026-0003');
    expect((await references({ sort: { column: 'updated_at', direction: 'asc' } })).at(-1)).toBe('DOS-2026-0003');
    // The default: the newest first; the files made in the same second, the last made first.
    const newest = await references({});
    expect(newest.slice(0, 2)).toEqual([FILLERS.at(-1), FILLERS.at(-2)]);

    const first = await list({ per_page: 10, sort: { column: 'reference', direction: 'asc' } });
    const second = await list({ per_page: 10, page: 2, sort: { column: 'reference', direction: 'asc' } });
    expect(first.total).toBe(13);
    expect(second.total).toBe(13);
    expect([...first.data, ...second.data].map((row) => row.reference)).toEqual([...all].sort());
    expect((await list({ page: 3, per_page: 10 })).data).toEqual([]);
    // A search reads its matches, then the page's rows.
    const searched = await list({ search: 'bordes', per_page: 10, page: 1, sort: { column: 'reference', direction: 'desc' } });
    expect(searched.total).toBe(6);
    expect(searched.data.map((row) => row.reference)).toEqual([...FILLERS].reverse());
  });

  it('works out again what it keeps of a file worked out with another year’s ceilings, before reading it', async () => {
    // As on the first day of a year whose ceilings are known: the stored eligibility is that of the year before.
    await api.dataSource.query(`UPDATE records SET eligible = 0, listYear = 2000 WHERE reference = 'DOS-2026-0004'`);
    expect(await references({ filters: { eligible: false } })).not.toContain('DOS-2026-0004');
    expect(await references({ filters: { eligible: true } })).toContain('DOS-2026-0004');
  });

  it('keeps its filters, search and sort right as owners, staff and the catalogue change what they read', async () => {
    const owner = agents.customer;
    const mine = 'DOS-2026-0001';
    const arrosa = residences.get('Résidence Arrosa')!;
    const hortensias = residences.get('Résidence Les Hortensias')!;
    const has = async (body: object) => (await references(body)).includes(mine);
    const update = (body: object) => owner.post('/api/records/update-mine').send(body).expect(200);

    // Alone, 40 000 € a year: above the ceiling of Bayonne (B1, 36 144 €), where Résidence Arrosa stands.
    await update({ person_1: { tax_income: 40_000, pro_situation: 'etudiants' } });
    expect(await has({ filters: { eligible: false } })).toBe(true);
    expect(await has({ filters: { eligible: true } })).toBe(false);
    // The residence moves to Anglet, in zone A (44 344 €): the file's household becomes eligible.
    const { residence } = (await hsa.post('/api/residences/get-one').send({ id: arrosa.id }).expect(200)).body;
    await hsa.post('/api/residences/update').send({ ...formOf(residence, RESIDENCE_FORM), city: '64024', id: arrosa.id, version: residence.version }).expect(200);
    expect(await has({ filters: { eligible: true } })).toBe(true);
    expect(await has({ filters: { eligible: false } })).toBe(false);

    // Wishes: another residence, no good, a flat size of its own.
    expect(await has({ filters: { residence: arrosa.id } })).toBe(true);
    expect(await has({ filters: { flat_size: 'studio' } })).toBe(true);
    await update({ wishes: { residences: [hortensias.id], goods: [], flat_sizes: ['T4'] } });
    expect(await has({ filters: { residence: arrosa.id } })).toBe(false);
    expect(await has({ filters: { residence: hortensias.id } })).toBe(true);
    expect(await has({ filters: { flat_size: 'studio' } })).toBe(false);
    expect(await references({ filters: { flat_size: 'T4' } })).toEqual(expect.arrayContaining([mine]));

    // Names: searched as they are now, a second applicant for as long as the household is a couple.
    await update({ person_1: { last_name: 'Bergeret-Etchart' } });
    expect(await references({ search: 'etchart' })).toEqual([mine]);
    expect(await references({ search: 'Lucas Bergeret-E' })).toEqual([mine]);
    await update({ situation: 'couple', link: 'pacse', person_2: { first_name: 'Maite', last_name: 'Irigoyen', pro_situation: 'etudiants' } });
    expect(await references({ search: 'irigoyen' })).toEqual([mine]);
    await update({ situation: 'alone' });
    expect(await references({ search: 'irigoyen' })).toEqual([]);

    // Documents: the four of a student provided, one refused by staff, replaced, another one removed.
    const upload = async (type: string) => {
      const pdf = await PDFDocument.create();
      pdf.addPage([595, 842]);
      const call = owner.post('/api/records/documents/upload').set('Origin', api.config.publicUrl).field('type', type);
      return (await call.attach('file', Buffer.from(await pdf.save()), `${type}.pdf`).expect(201)).body.document as { id: number };
    };
    expect(await has({ filters: { incomplete: true } })).toBe(true);
    const identity = await upload('p1_nat_id');
    const birth = await upload('p1_birth_certificate');
    await upload('p1_rent_receipts');
    await upload('p1_tax_notices');
    expect(await has({ filters: { incomplete: false } })).toBe(true);
    const id = ids.get(mine)!;
    await hsa.post('/api/records/documents/review').send({ record_id: id, reviews: [{ id: identity.id, status: 'declined', reason: 'Illisible.' }] }).expect(200);
    expect(await has({ filters: { incomplete: false } })).toBe(false);
    await upload('p1_nat_id');
    expect(await has({ filters: { incomplete: false } })).toBe(true);
    await owner.post('/api/records/documents/delete').send({ id: birth.id }).expect(200);
    expect(await has({ filters: { incomplete: true } })).toBe(true);

    // Events: the latest one recorded puts the file first by its last event, until it is withdrawn.
    const newest = { sort: { column: 'last_event_at', direction: 'desc' } };
    const { event } = (await hsa.post('/api/records/events/create').send({ record_id: id, type: 'call', reason: 'outgoing', at: '2026-12-01T09:00:00.000Z' }).expect(201)).body;
    expect((await references(newest))[0]).toBe(mine);
    expect((await list(newest)).data[0]!.last_event).toEqual({ type: 'call', label: 'Appel téléphonique', at: '2026-12-01T09:00:00.000Z' });
    await hsa.post('/api/records/events/delete').send({ id: event.id }).expect(200);
    expect((await references(newest))[0]).toBe('DOS-2026-9001');

    // A good wished by DOS-2026-9001 becomes a T5 of Villa Itsasoa: the file is found there, not as a T4 any more.
    const moved = goods.find((good) => good.residence.name === 'Résidence Uhabia' && good.flatSize === 'T4')!;
    const villa = residences.get('Villa Itsasoa')!;
    expect(await references({ filters: { flat_size: 'T4' } })).toEqual(['DOS-2026-9001', mine]);
    expect(await references({ filters: { residence: villa.id } })).not.toContain('DOS-2026-9001');
    const { good } = (await hsa.post('/api/goods/get-one').send({ id: moved.id }).expect(200)).body;
    await hsa.post('/api/goods/update').send({ ...formOf(good, GOOD_FORM), residence: villa.id, flat_size: 'T5', id: moved.id, version: good.version }).expect(200);
    expect(await references({ filters: { flat_size: 'T4' } })).toEqual([mine]);
    expect(await references({ filters: { flat_size: 'T5' } })).toEqual(['DOS-2026-9001']);
    expect(await references({ filters: { residence: villa.id } })).toContain('DOS-2026-9001');
    // The good is removed: the file wishes it no more, nor its flat size.
    await hsa.post('/api/goods/delete').send({ id: moved.id }).expect(200);
    expect(await references({ filters: { flat_size: 'T5' } })).toEqual([]);
  });

  it('refuses a bad request with a French message per field', async () => {
    const { body } = await hsa
      .post('/api/records/list')
      .send({
        search: 42,
        filters: { stage: 'perdu', residence: 'Arrosa', good: 1.5, flat_size: 'T9', eligible: 'oui', incomplete: 1, followed_by_me: 'moi', owner: 3 },
        sort: { column: 'name', direction: 'up' },
        page: 0,
        per_page: 7,
      })
      .expect(400);
    expect(body).toEqual({
      error: 'Certaines informations sont à corriger.',
      fields: {
        search: 'La recherche doit être un texte.',
        'filters.stage': 'Choisissez un stade de la liste.',
        'filters.residence': 'Choisissez une résidence de la liste.',
        'filters.good': 'Choisissez un bien de la liste.',
        'filters.flat_size': 'Choisissez la typologie dans la liste.',
        'filters.eligible': 'Indiquez oui ou non.',
        'filters.incomplete': 'Indiquez oui ou non.',
        'filters.followed_by_me': 'Indiquez oui ou non.',
        'filters.owner': "Ce champ n'est pas attendu.",
        'sort.column': 'Cette colonne ne peut pas servir au tri.',
        'sort.direction': 'Le sens du tri est « asc » ou « desc ».',
        page: 'La page commence à 1.',
        per_page: "Le nombre de lignes par page est l'un de : 10, 25, 50, 100.",
      },
    });
  });
});
