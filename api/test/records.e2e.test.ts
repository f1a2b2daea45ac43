/**
 * The application file of a customer, through the API: opened with the account an invited applicant creates, the
 * owner's own, saved field by field, its eligibility, and shown to staff only through the audit trail.
 */
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { Residence } from '../src/residences/entities/residence.entity.js';
import { agentsByRole, expectOnlyFor, type Agent } from './back-office.js';
import { BACKENDS, loggedIn, type TestApi } from './backends.js';

const PASSWORD = 'Txakoli-Getaria-2026!';

describe.each(BACKENDS)('the application file of a customer, on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'http://hsa.test' });
    agents = await agentsByRole(api);
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
  });

  /** Staff invite an applicant, who registers through the e-mailed link: answers the applicant's logged-in agent. */
  async function newCustomer(email: string, names = { first_name: 'Maite', last_name: 'Irigoyen' }): Promise<Agent> {
    await agents.admin.post('/api/users/create').send({ email, ...names, role: 'customer' }).expect(201);
    const mail = await inbox.waitFor((candidate) => candidate.to.includes(email) && candidate.subject === 'Votre accès à HSA Logement intermédiaire');
    const token = mail.links.find((url) => url.startsWith('http://hsa.test/creation-de-compte/'))!.split('/').at(-1)!;
    const infos = await request(api.server).post('/api/tokens/registration-token').send({ token }).expect(200);
    expect(infos.body.infos).toMatchObject({ email, ...names, role: 'customer' });
    const agent = request.agent(api.server);
    await agent.post('/api/auth/register').send({ token, password: PASSWORD }).expect(201);
    return agent;
  }

  it('opens a file with the account an invited applicant creates', async () => {
    const agent = await newCustomer('maite.irigoyen@example.org');
    const { body } = await agent.post('/api/records/get-mine').expect(200);
    expect(body.my_record).toMatchObject({
      reference: expect.stringMatching(/^DOS-\d{4}-\d{4,}$/),
      situation: 'alone',
      link: null,
      members: [],
      discovery_source: null,
      wishes: { residences: [], goods: [], flat_sizes: [], max_rent: null },
      person_1: { first_name: 'Maite', last_name: 'Irigoyen', email: 'maite.irigoyen@example.org', pro_situation: null, tax_income: null },
      person_2: null,
      documents: [],
      required_documents: ['p1_nat_id', 'p1_birth_certificate', 'p1_rent_receipts', 'p1_tax_notices'],
      completeness: { required: 4, provided: 0, validated: 0, percent: 0, complete: false },
      eligibility: null,
      wished_goods: [],
      consultations: [],
    });
    // Registering again with the same link opens nothing more.
    const again = await agent.post('/api/records/get-mine').expect(200);
    expect(again.body.my_record.id).toBe(body.my_record.id);
  });

  it('is the customers’ own: visitors 401, staff and committee 403', async () => {
    await expectOnlyFor(api, agents, '/api/records/get-mine', {}, ['customer']);
    await expectOnlyFor(api, agents, '/api/records/update-mine', { discovery_source: 'other' }, ['customer']);
  });

  it('requires the documents of each person’s situation, both persons for a couple (spec section 5)', async () => {
    const agent = await newCustomer('couple.required@example.org');
    const required = async (update: object) => (await agent.post('/api/records/update-mine').send(update).expect(200)).body.my_record.required_documents;
    const always = (person: number) => ['nat_id', 'birth_certificate', 'rent_receipts', 'tax_notices'].map((type) => `p${person}_${type}`);
    for (const salaried of ['cdd', 'cdi', 'ctt']) {
      expect(await required({ person_1: { pro_situation: salaried } })).toEqual([...always(1), 'p1_payslips', 'p1_employer_contract']);
    }
    expect(await required({ person_1: { pro_situation: 'retraite' } })).toEqual([...always(1), 'p1_retirement_certificate']);
    expect(await required({ person_1: { pro_situation: 'independant' } })).toEqual([...always(1), 'p1_kbis']);
    for (const other of ['etudiants', 'benef_prestas']) expect(await required({ person_1: { pro_situation: other } })).toEqual(always(1));
    expect(await required({ situation: 'couple', link: 'pacse' })).toEqual([...always(1), ...always(2)]);
    expect(await required({ person_2: { pro_situation: 'cdi', first_name: 'Peio', last_name: 'Irigoyen' } })).toEqual([...always(1), ...always(2), 'p2_payslips', 'p2_employer_contract']);
    const couple = (await agent.post('/api/records/get-mine').expect(200)).body.my_record;
    expect(couple).toMatchObject({ situation: 'couple', link: 'pacse', person_2: { first_name: 'Peio', last_name: 'Irigoyen', pro_situation: 'cdi' } });
    // Back to one person: nothing of the second is kept; a couple again starts from a blank second applicant.
    const alone = (await agent.post('/api/records/update-mine').send({ situation: 'alone', person_2: null, link: null }).expect(200)).body.my_record;
    expect(alone).toMatchObject({ situation: 'alone', link: null, person_2: null, required_documents: always(1) });
    const again = (await agent.post('/api/records/update-mine').send({ situation: 'couple' }).expect(200)).body.my_record;
    expect(again.person_2).toMatchObject({ first_name: '', last_name: '', pro_situation: null });
  });

  it('saves each field as it comes, and refuses bad input in French, field by field, keeping what was saved', async () => {
    const agent = await newCustomer('champ.par.champ@example.org');
    await agent.post('/api/records/update-mine').send({ person_1: { phone: '06 12 34 56 78' } }).expect(200);
    await agent.post('/api/records/update-mine').send({ person_1: { birth_date: '1991-03-09', tax_income: 31_500 } }).expect(200);
    const members = [{ first_name: 'Ane', birth_date: '2019-06-01', role: 'child' }];
    const { body } = await agent.post('/api/records/update-mine').send({ members, discovery_source: 'word_of_mouth' }).expect(200);
    expect(body.my_record).toMatchObject({ members, discovery_source: 'word_of_mouth', person_1: { phone: '06 12 34 56 78', birth_date: '1991-03-09', tax_income: 31_500 } });

    const wrong = await agent
      .post('/api/records/update-mine')
      .send({
        person_1: { first_name: '  ', birth_date: '2091-02-30', phone: '12', email: 'pas-une-adresse', tax_income: -5, zip_code: '6410', pro_situation: 'pilote' },
        members: [{ first_name: 'Ane', role: 'cousin' }],
        discovery_source: 'pigeon',
        wishes: { max_rent: 'beaucoup', flat_sizes: ['T9'] },
        extra: true,
      })
      .expect(400);
    expect(wrong.body).toEqual({
      error: 'Certaines informations sont à corriger.',
      fields: {
        'person_1.first_name': 'Indiquez le prénom.',
        'person_1.birth_date': 'Indiquez une date de naissance réelle, au format JJ/MM/AAAA.',
        'person_1.phone': 'Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.',
        'person_1.email': "L'adresse e-mail n'est pas valide.",
        'person_1.tax_income': 'Indiquez le revenu fiscal de référence en euros, sans centimes (0 si vous n’avez pas de revenus).',
        'person_1.zip_code': 'Indiquez un code postal à 5 chiffres.',
        'person_1.pro_situation': 'Choisissez une situation professionnelle de la liste.',
        members: 'Indiquez le prénom et le lien de chaque personne à charge.',
        discovery_source: 'Choisissez une réponse de la liste.',
        'wishes.max_rent': 'Indiquez un loyer mensuel en euros.',
        'wishes.flat_sizes': 'Choisissez des typologies de la liste.',
        extra: "Ce champ n'est pas attendu.",
      },
    });
    const kept = (await agent.post('/api/records/get-mine').expect(200)).body.my_record;
    expect(kept).toMatchObject({ members, person_1: { first_name: 'Maite', phone: '06 12 34 56 78', birth_date: '1991-03-09', tax_income: 31_500 } });
    // An emptied optional field is cleared, not kept as blanks.
    const cleared = (await agent.post('/api/records/update-mine').send({ person_1: { phone: '  ' } }).expect(200)).body.my_record;
    expect(cleared.person_1.phone).toBeNull();
  });

  it('states the household’s eligibility for the zones it looks in, and the weight of each chosen rent', async () => {
    const agent = await newCustomer('eligibilite@example.org');
    const residences = await api.dataSource.getRepository(Residence).find({ where: { status: 'published' }, order: { id: 'ASC' } });
    const inZoneA = residences.find((residence) => residence.area === 'A')!;
    const good = await api.dataSource.getRepository(Good).findOneOrFail({ where: { residence: { id: inZoneA.id }, enabled: true }, relations: { residence: true } });
    const update = (body: object) => agent.post('/api/records/update-mine').send(body).expect(200).then((response) => response.body.my_record);

    // Nothing to compare yet: no zone, no income.
    expect((await update({ wishes: { flat_sizes: ['T2', 'T3'], max_rent: 900 } })).eligibility).toBeNull();
    const chosen = await update({ wishes: { residences: [inZoneA.id], goods: [good.id] } });
    expect(chosen.wishes).toEqual({ residences: [inZoneA.id], goods: [good.id], flat_sizes: ['T2', 'T3'], max_rent: 900 });
    expect(chosen.eligibility).toBeNull();
    expect(chosen.wished_goods).toEqual([{ id: good.id, label: expect.stringContaining(inZoneA.name), rent_cents: good.rentPriceCents, rent_ratio: null }]);

    // 2026 LLI ceiling, person alone without dependants, zone A: 44 344 € (arrêté of the ceilings, common/domain/lli.ts).
    const eligible = await update({ person_1: { tax_income: 36_000 } });
    expect(eligible.eligibility).toEqual({ year: 2026, income: 36_000, by_zone: [{ zone: 'A', ceiling: 44_344, eligible: true }] });
    expect(eligible.wished_goods[0].rent_ratio).toBeCloseTo(good.rentPriceCents / 100 / 3000, 6);
    const above = await update({ person_1: { tax_income: 44_345 } });
    expect(above.eligibility.by_zone).toEqual([{ zone: 'A', ceiling: 44_344, eligible: false }]);
    // A couple with one dependant, zone A: 79 666 €; both incomes count.
    const couple = await update({ situation: 'couple', person_2: { first_name: 'Iker', last_name: 'Irigoyen', tax_income: 30_000 }, members: [{ first_name: 'Nahia', birth_date: null, role: 'child' }] });
    expect(couple.eligibility).toEqual({ year: 2026, income: 74_345, by_zone: [{ zone: 'A', ceiling: 79_666, eligible: true }] });

    // Only what visitors can see may be asked for.
    const hidden = residences.length > 0 ? await api.dataSource.getRepository(Residence).findOneBy({ status: 'draft' }) : null;
    if (hidden) {
      const refused = await agent.post('/api/records/update-mine').send({ wishes: { residences: [hidden.id] } }).expect(400);
      expect(refused.body.fields).toEqual({ 'wishes.residences': 'Choisissez des résidences de la liste.' });
    }
    const unknown = await agent.post('/api/records/update-mine').send({ wishes: { goods: [999_999] } }).expect(400);
    expect(unknown.body.fields).toEqual({ 'wishes.goods': 'Choisissez des logements de la liste.' });
  });

  it('shows staff a file only through the audit trail, and its owner who looked', async () => {
    const customer = await loggedIn(api, 'customer@demo.hsa-lli.fr');
    const mine = (await customer.post('/api/records/get-mine').expect(200)).body.my_record;
    const before = await api.dataSource.getRepository(AuditEntry).countBy({ recordId: mine.id });
    await expectOnlyFor(api, agents, '/api/records/get-one', { id: mine.id }, ['admin', 'hsa', 'coordinator']);
    const { body } = await agents.hsa.post('/api/records/get-one').set('User-Agent', 'Poste accueil Bayonne').send({ id: mine.id }).expect(200);
    expect(body.record).toMatchObject({ id: mine.id, reference: mine.reference, person_1: { first_name: 'Lucas' } });
    const trail = await api.dataSource.getRepository(AuditEntry).find({ where: { recordId: mine.id }, order: { id: 'ASC' } });
    // Three views by staff in expectOnlyFor (admin, hsa, coordinator) and this one.
    expect(trail.length - before).toBe(1 + 3);
    expect(trail.at(-1)).toMatchObject({ action: 'record_view', actorName: 'Peio L.', actorRoles: 'Gestionnaire', userAgent: 'Poste accueil Bayonne', ip: expect.stringMatching(/127\.0\.0\.1/) });
    const seen = (await customer.post('/api/records/get-mine').expect(200)).body.my_record.consultations;
    expect(seen[0]).toEqual({ at: expect.any(String), by: 'Peio L. (Gestionnaire)', what: 'A consulté le dossier' });
    const missing = await agents.hsa.post('/api/records/get-one').send({ id: 999_999 }).expect(404);
    expect(missing.text).toBe('');
  });
});
