import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import type { CommitteeSessionView } from '@hsa-lli/common/back-office';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Good } from '../src/goods/entities/good.entity.js';
import { Record } from '../src/records/entities/record.entity.js';
import { User } from '../src/users/entities/user.entity.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { agentsByRole, expectOnlyFor, type Agent } from './back-office.js';
import { hashPassword } from '../src/auth/passwords.js';
import { BACKENDS, DEMO_PASSWORD, loggedIn, type TestApi } from './backends.js';
import { committeeFiles, type CommitteeFile } from './committee-files.js';

const STAFF = ['admin', 'hsa', 'coordinator'] as const;
const SITTING = ['comitee', 'member'] as const;

describe.each(BACKENDS)('the allocation committee, on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let goods: Good[];
  let first: CommitteeFile[];
  let second: CommitteeFile[];
  let members: { comitee: number; member: number };
  let session: CommitteeSessionView;

  const get = async (agent: Agent, id = session.id) => (await agent.post('/api/committee/sessions/get-one').send({ id }).expect(200)).body.session as CommitteeSessionView;
  const candidateOf = (view: CommitteeSessionView, reference: string) => view.goods.flatMap((good) => good.candidates).find((candidate) => candidate.reference === reference)!;
  const occupied = async (id: number) => (await request(api.server).post('/api/front/goods/details').send({ id }).expect(200)).body.good.occupied as boolean;
  const stageOf = async (id: number) => (await api.dataSource.getRepository(Record).findOneByOrFail({ id })).stage;

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'http://hsa.test', offerAnswerDays: 10 });
    agents = await agentsByRole(api);
    goods = await api.dataSource.getRepository(Good).find({ where: { enabled: true }, relations: { residence: true }, order: { id: 'ASC' }, take: 2 });
    first = await committeeFiles(api, 'a', 3, goods[0]!);
    second = await committeeFiles(api, 'b', 2, goods[1]!);
    const users = await api.dataSource.getRepository(User).find();
    members = { comitee: users.find((user) => user.email === 'comitee@demo.hsa-lli.fr')!.id, member: users.find((user) => user.email === 'member@demo.hsa-lli.fr')!.id };
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
  });

  it('opens each call to the roles whose page uses it', async () => {
    const unknown = { id: 999_999 };
    await expectOnlyFor(api, agents, '/api/committee/sessions/list', {}, [...STAFF, ...SITTING]);
    await expectOnlyFor(api, agents, '/api/committee/sessions/create', {}, STAFF);
    await expectOnlyFor(api, agents, '/api/committee/sessions/update', unknown, STAFF);
    await expectOnlyFor(api, agents, '/api/committee/sessions/open', unknown, STAFF);
    await expectOnlyFor(api, agents, '/api/committee/sessions/get-one', unknown, [...STAFF, ...SITTING]);
    await expectOnlyFor(api, agents, '/api/committee/sessions/close', { id: 999_999, decisions: [] }, SITTING);
    await expectOnlyFor(api, agents, '/api/committee/candidates/add', { session_id: 1, good_id: 1, record_id: 1 }, STAFF);
    await expectOnlyFor(api, agents, '/api/committee/candidates/remove', unknown, STAFF);
    await expectOnlyFor(api, agents, '/api/committee/recommendations/save', { candidate_id: 999_999, opinion: 'favorable' }, SITTING);
    await expectOnlyFor(api, agents, '/api/committee/threads/post', { session_id: 999_999, good_id: 1, body: 'Bonjour' }, [...STAFF, ...SITTING]);
    await expectOnlyFor(api, agents, '/api/committee/members/options', {}, STAFF);
    await expectOnlyFor(api, agents, '/api/committee/records/options', { good_id: 1 }, STAFF);
    await expectOnlyFor(api, agents, '/api/records/offers/mine', {}, ['customer']);
    await expectOnlyFor(api, agents, '/api/records/offers/answer', { offer_id: 999_999, answer: 'accept' }, ['customer']);
    for (const role of [...STAFF, ...SITTING]) expect((await agents[role].post('/api/committee/sessions/get-one').send(unknown).expect(404)).text).toBe('');
  });

  it('checks a session’s form in French, field by field', async () => {
    const create = (body: object) => agents.hsa.post('/api/committee/sessions/create').send(body).expect(400);
    const base = { date: '2026-12-10T18:00', member_ids: [members.comitee, members.member], good_ids: [goods[0]!.id] };
    expect((await create(base)).body.fields).toEqual({ place: 'Indiquez le lieu de la séance, le lien de la visioconférence, ou les deux.' });
    expect((await create({ ...base, place: 'Bayonne', video_url: 'http://visio.example/x' })).body.fields.video_url).toMatch(/^Le lien de la visioconférence doit commencer par https:\/\//);
    expect((await create({ ...base, place: 'Bayonne', vote_closes_at: '2026-12-09T18:00' })).body.fields).toEqual({ vote_closes_at: 'La fin du vote doit venir après le début de la séance.' });
    const customer = (await api.dataSource.getRepository(User).findOneByOrFail({ email: 'customer@demo.hsa-lli.fr' })).id;
    expect((await create({ ...base, place: 'Bayonne', member_ids: [customer] })).body.fields).toEqual({
      member_ids: 'Choisissez les membres parmi les comptes actifs du comité (rôles comité et membre).',
    });
    expect((await create({ ...base, place: 'Bayonne', good_ids: [999_999] })).body.fields).toEqual({ good_ids: 'Choisissez les logements parmi ceux de la liste.' });
    expect((await create({ ...base, place: 'Bayonne', member_ids: [] })).body.fields).toEqual({ member_ids: 'Choisissez au moins un membre du comité.' });
  });

  it('lets staff schedule a session and present candidates, labelled in the order they were added', async () => {
    const created = await agents.hsa
      .post('/api/committee/sessions/create')
      .send({ date: '2026-12-10T18:00', place: 'Agence de Bayonne', video_url: 'https://visio.hsa.test/comite', member_ids: [members.comitee, members.member], good_ids: goods.map((good) => good.id) })
      .expect(201);
    session = created.body.session;
    // France's wall-clock time, in winter UTC+1.
    expect(session).toMatchObject({ state: 'scheduled', date: '2026-12-10T17:00:00.000Z', place: 'Agence de Bayonne', voting: false, can: { edit: true, open: true, close: false, recommend: false } });
    expect(session.members.map((member) => member.name)).toEqual(['Amaia Irigoyen', 'Jean-Michel Lafitte']);
    expect(session.goods.map((good) => good.id)).toEqual(goods.map((good) => good.id));

    const options = (await agents.hsa.post('/api/committee/records/options').send({ good_id: goods[0]!.id }).expect(200)).body.data as { id: number; label: string }[];
    expect(options).toContainEqual({
      id: first[0]!.id,
      label: `${first[0]!.reference} — Maite Goyheneche — En instruction — souhaite ce logement`,
    });

    const add = (record: CommitteeFile, good: Good) => agents.hsa.post('/api/committee/candidates/add').send({ session_id: session.id, good_id: good.id, record_id: record.id });
    for (const file of first) await add(file, goods[0]!).expect(200);
    for (const file of second) await add(file, goods[1]!).expect(200);
    expect(await stageOf(first[0]!.id)).toBe('committee');
    expect((await add(first[0]!, goods[0]!).expect(409)).body.error).toBe(`Le dossier ${first[0]!.reference} est déjà candidat pour ce logement.`);
    expect((await add(first[0]!, goods[1]!).expect(409)).body.error).toMatch(/déjà candidat pour un autre logement de cette séance/);
    const [demoFile] = await api.dataSource.getRepository(Record).find({ where: { stage: 'in_progress' }, take: 1 });
    expect((await add({ id: demoFile!.id } as CommitteeFile, goods[0]!).expect(409)).body.error).toMatch(/est au stade « En constitution » : seul un dossier « En instruction » ou déjà « Présenté en comité »/);
    await add({ id: 999_999 } as CommitteeFile, goods[0]!).expect(400);

    session = await get(agents.hsa);
    expect(session.goods.map((good) => good.candidates.map((candidate) => candidate.label))).toEqual([
      ['Candidat A', 'Candidat B', 'Candidat C'],
      ['Candidat A', 'Candidat B'],
    ]);
    expect(session.goods[0]!.candidates[0]).toMatchObject({ name: 'Maite Goyheneche', income: 28_400, stage: 'committee', documents: { required: expect.any(Number), complete: false } });
  });

  it('shows members candidates as « Candidat A » with only what the decision needs, and the comitee role their names', async () => {
    const member = await get(agents.member);
    const candidate = member.goods[0]!.candidates[0]!;
    expect(candidate.name).toBeNull();
    expect(Object.keys(candidate).sort()).toEqual(
      ['documents', 'household', 'id', 'income', 'income_ceiling', 'income_left', 'label', 'margin', 'my_recommendation', 'name', 'persons', 'rank', 'reason', 'record_id', 'recommendations', 'reference', 'rent_ratio', 'stage', 'waiting_days', 'waiting_since'].sort(),
    );
    expect(JSON.stringify(member)).not.toMatch(/Goyheneche|1990-03-14|example\.org/);
    expect(candidate.margin).toBe(candidate.income_ceiling - 28_400);
    expect(candidate.income_left).toBe(Math.round(28_400 / 12 - goods[0]!.rentPriceCents / 100));
    expect((await get(agents.comitee)).goods[0]!.candidates[0]!.name).toBe('Maite Goyheneche');
    // Another session, without them: as unknown to the members as a missing one.
    const other = await agents.admin
      .post('/api/committee/sessions/create')
      .send({ date: '2027-01-14T18:00', place: 'Agence de Capbreton', member_ids: [members.comitee], good_ids: [goods[0]!.id] })
      .expect(201);
    expect((await agents.member.post('/api/committee/sessions/get-one').send({ id: other.body.session.id }).expect(404)).text).toBe('');
    const listed = (await agents.member.post('/api/committee/sessions/list').send({}).expect(200)).body;
    expect(listed.data.map((row: { id: number }) => row.id)).toEqual([session.id]);
    expect((await agents.hsa.post('/api/committee/sessions/list').send({}).expect(200)).body.total).toBe(2);
  });

  it('takes recommendations only once open, tells the members by e-mail, and hides the others’ until one gave one’s own', async () => {
    const a = candidateOf(session, first[0]!.reference);
    const recommend = (agent: Agent, body: object) => agent.post('/api/committee/recommendations/save').send(body);
    expect((await recommend(agents.member, { candidate_id: a.id, opinion: 'favorable' }).expect(409)).body.error).toMatch(/pas encore ouverte/);
    session = (await agents.hsa.post('/api/committee/sessions/open').send({ id: session.id }).expect(200)).body.session;
    expect(session).toMatchObject({ state: 'open', voting: true });
    const mail = await inbox.waitFor((candidate) => candidate.to.includes('member@demo.hsa-lli.fr') && candidate.subject.includes('la séance est ouverte'));
    expect(mail.text).toContain('Bonjour Amaia,');
    expect(mail.links).toContain(`http://hsa.test/gestion/recommandations/${session.id}`);

    expect((await recommend(agents.member, { candidate_id: a.id, opinion: 'unfavorable' }).expect(400)).body.fields).toEqual({ reason: 'Donnez le motif de votre avis.' });
    expect((await recommend(agents.member, { candidate_id: a.id, opinion: 'favorable', conflict_of_interest: true }).expect(400)).body.fields.opinion).toMatch(/conflit d’intérêts/);
    await recommend(agents.hsa, { candidate_id: a.id, opinion: 'favorable' }).expect(403);

    const [b, c] = session.goods[0]!.candidates.slice(1);
    await recommend(agents.comitee, { candidate_id: a.id, opinion: 'favorable' }).expect(200);
    await recommend(agents.comitee, { candidate_id: b!.id, opinion: 'reserved', reason: 'Taux d’effort élevé' }).expect(200);
    // Not all of the good yet: the others' stay hidden.
    let member = (await recommend(agents.member, { candidate_id: a.id, opinion: 'favorable' }).expect(200)).body.session as CommitteeSessionView;
    expect(member.goods[0]!.candidates[0]!.my_recommendation).toMatchObject({ opinion: 'favorable', conflict_of_interest: false });
    expect(member.goods[0]!.candidates[0]!.recommendations).toBeNull();
    await recommend(agents.member, { candidate_id: b!.id, opinion: 'unfavorable', reason: 'Ressources insuffisantes' }).expect(200);
    member = (await recommend(agents.member, { candidate_id: c!.id, opinion: 'abstain', conflict_of_interest: true }).expect(200)).body.session;
    expect(member.goods[0]!.candidates[1]!.recommendations).toEqual({
      tally: { favorable: 0, unfavorable: 1, reserved: 1, abstain: 0 },
      items: [
        expect.objectContaining({ member: 'Jean-Michel Lafitte', opinion: 'reserved', reason: 'Taux d’effort élevé' }),
        expect.objectContaining({ member: 'Amaia Irigoyen', opinion: 'unfavorable', reason: 'Ressources insuffisantes' }),
      ],
    });
    // Changed at will while the vote is open.
    member = (await recommend(agents.member, { candidate_id: a.id, opinion: 'reserved', reason: 'À revoir' }).expect(200)).body.session;
    expect(member.goods[0]!.candidates[0]!.recommendations!.tally).toEqual({ favorable: 1, unfavorable: 0, reserved: 1, abstain: 0 });
    // The second good: not given yet by the comitee role, so hidden from them.
    expect((await get(agents.comitee)).goods[1]!.candidates[0]!.recommendations).toBeNull();
    expect(member.quorum).toEqual({ members: 2, present: 2, required: 1, met: true });
  });

  it('keeps a discussion per good, for the members and staff of the session', async () => {
    const posted = (await agents.member.post('/api/committee/threads/post').send({ session_id: session.id, good_id: goods[0]!.id, body: 'Le candidat B a-t-il un garant ?' }).expect(200)).body.session;
    expect(posted.goods[0].thread).toEqual([expect.objectContaining({ author: 'Amaia Irigoyen', body: 'Le candidat B a-t-il un garant ?' })]);
    await agents.member.post('/api/committee/threads/post').send({ session_id: session.id, good_id: 999_999, body: 'Bonjour' }).expect(400);
  });

  it('closes only by the comitee role, with one valid decision per good, then moves the files and makes the offer', async () => {
    const [a, b, c] = session.goods[0]!.candidates;
    const [d, e] = session.goods[1]!.candidates;
    const close = (agent: Agent, decisions: object[]) => agent.post('/api/committee/sessions/close').send({ id: session.id, decisions });
    const good = {
      good_id: goods[0]!.id,
      outcome: 'allocated_ranked',
      ranking: [a!.id, b!.id],
      reasons: { [c!.id]: 'Ressources au-dessus du plafond de la zone' },
    };
    await close(agents.member, [good]).expect(403);
    const invalid = await close(agents.comitee, [{ ...good, ranking: [a!.id], reasons: {} }]).expect(400);
    expect(invalid.body.fields).toEqual({
      [`decisions.${goods[0]!.id}.ranking`]: 'Classez au moins deux candidats, le premier étant retenu.',
      [`decisions.${goods[0]!.id}.reasons.${b!.id}`]: 'Donnez le motif pour ce candidat non retenu.',
      [`decisions.${goods[0]!.id}.reasons.${c!.id}`]: 'Donnez le motif pour ce candidat non retenu.',
      [`decisions.${goods[1]!.id}.outcome`]: 'Donnez la décision du comité pour ce logement.',
    });
    expect((await get(agents.hsa)).state).toBe('open');
    const closed = (
      await close(agents.comitee, [good, { good_id: goods[1]!.id, outcome: 'not_allocated', reasons: { [d!.id]: 'Logement trop grand pour le foyer', [e!.id]: 'Dossier incomplet' } }]).expect(200)
    ).body.session as CommitteeSessionView;
    expect(closed).toMatchObject({ state: 'closed', closed_by: 'Jean-Michel Lafitte', voting: false, can: { close: false, recommend: false, edit: false } });
    expect(closed.goods[0]!.decision).toEqual({ outcome: 'allocated_ranked', condition: null });
    expect(closed.goods[0]!.candidates.map((candidate) => [candidate.rank, candidate.reason])).toEqual([
      [1, null],
      [2, null],
      [null, 'Ressources au-dessus du plafond de la zone'],
    ]);
    expect([await stageOf(first[0]!.id), await stageOf(first[1]!.id), await stageOf(first[2]!.id), await stageOf(second[0]!.id)]).toEqual([
      'allocated',
      'committee',
      'under_review',
      'under_review',
    ]);
    const chosen = await api.dataSource.getRepository(Record).findOneOrFail({ where: { id: first[0]!.id }, relations: { good: true } });
    expect(chosen.good?.id).toBe(goods[0]!.id);

    const offer = await inbox.waitFor((mail) => mail.to.includes(first[0]!.email) && mail.subject === 'Un logement vous est proposé');
    expect(offer.text).toMatch(/Vous avez jusqu’au .* pour l’accepter ou la refuser dans votre espace/);
    const reserve = await inbox.waitFor((mail) => mail.to.includes(first[1]!.email));
    expect(reserve.text).toContain('classée en position 2');
    const refused = await inbox.waitFor((mail) => mail.to.includes(second[1]!.email));
    expect(refused.text).toContain('Motif donné par le comité : Dossier incomplet');

    // Nothing of a closed session changes.
    expect((await close(agents.comitee, [good]).expect(409)).body.code).toBe('session_closed');
    expect((await agents.member.post('/api/committee/recommendations/save').send({ candidate_id: a!.id, opinion: 'favorable' }).expect(409)).body.code).toBe('session_closed');
    expect((await agents.hsa.post('/api/committee/candidates/remove').send({ id: a!.id }).expect(409)).body.code).toBe('session_closed');
    expect((await agents.hsa.post('/api/committee/sessions/update').send({ id: session.id, version: closed.version, place: 'Ailleurs' }).expect(409)).body.code).toBe('session_closed');
  });

  it('passes a refused offer to the next ranked candidate, who may accept it; another applicant cannot answer it', async () => {
    const firstAgent = await loggedIn(api, first[0]!.email);
    const secondAgent = await loggedIn(api, first[1]!.email);
    const [offer] = (await firstAgent.post('/api/records/offers/mine').send({}).expect(200)).body.data;
    expect(offer).toMatchObject({ state: 'pending', good: { id: goods[0]!.id }, condition: null });
    expect(Date.parse(offer.deadline) - Date.parse(offer.sent_at)).toBe(10 * 86_400_000);
    expect((await secondAgent.post('/api/records/offers/answer').send({ offer_id: offer.id, answer: 'accept' }).expect(404)).text).toBe('');
    expect((await firstAgent.post('/api/records/offers/answer').send({ offer_id: offer.id, answer: 'decline' }).expect(400)).body.fields).toEqual({
      reason: 'Dites-nous pourquoi vous refusez ce logement.',
    });
    const answered = (await firstAgent.post('/api/records/offers/answer').send({ offer_id: offer.id, answer: 'decline', reason: 'Trop loin de mon travail' }).expect(200)).body.data;
    expect(answered[0]).toMatchObject({ state: 'declined', reason: 'Trop loin de mon travail' });
    await firstAgent.post('/api/records/offers/answer').send({ offer_id: offer.id, answer: 'accept' }).expect(409);
    expect(await stageOf(first[0]!.id)).toBe('under_review');
    expect(await stageOf(first[1]!.id)).toBe('allocated');
    await inbox.waitFor((mail) => mail.to.includes(first[1]!.email) && mail.subject === 'Un logement vous est proposé');
    const [next] = (await secondAgent.post('/api/records/offers/mine').send({}).expect(200)).body.data;
    // Refused, the good is still offered on the site; accepted, it is taken off « Disponible ».
    expect(await occupied(goods[0]!.id)).toBe(false);
    const accepted = (await secondAgent.post('/api/records/offers/answer').send({ offer_id: next.id, answer: 'accept' }).expect(200)).body.data;
    expect(accepted[0]).toMatchObject({ state: 'accepted', reason: null });
    expect(await occupied(goods[0]!.id)).toBe(true);
    // Until the household gives it up: staff record its refusal, naming the good.
    const refusal = { record_id: first[1]!.id, type: 'refusal_by_applicant', reason: 'other_housing', good_id: goods[0]!.id, at: new Date().toISOString() };
    const { event } = (await agents.hsa.post('/api/records/events/create').send(refusal).expect(201)).body;
    expect(await occupied(goods[0]!.id)).toBe(false);
    await agents.hsa.post('/api/records/events/delete').send({ id: event.id }).expect(200);
    expect(await occupied(goods[0]!.id)).toBe(true);
  });

  it('writes each member’s read of a candidate in the file’s audit trail, which its applicant sees', async () => {
    await get(agents.member);
    const applicant = await loggedIn(api, first[2]!.email);
    const { consultations } = (await applicant.post('/api/records/get-mine').send({}).expect(200)).body.my_record;
    expect(consultations).toContainEqual(expect.objectContaining({ by: 'Amaia I. (Membre du comité)', what: 'A examiné le dossier en comité d’attribution' }));
  });

  it('opens the applicant summary to the comitee role for the candidates of its sessions only', async () => {
    await agents.comitee.post(`/api/records/${first[0]!.id}/PDF/summary`).expect(200);
    const [outsider] = await api.dataSource.getRepository(Record).find({ where: { stage: 'in_progress' }, take: 1 });
    expect((await agents.comitee.post(`/api/records/${outsider!.id}/PDF/summary`).expect(404)).text).toBe('');
    await agents.comitee.get(`/api/records/${outsider!.id}/PDF/summary.pdf`).expect(404);
    await agents.member.post(`/api/records/${first[0]!.id}/PDF/summary`).expect(403);
    const entries = await api.dataSource.query('SELECT COUNT(*) AS n FROM audit_entries WHERE recordId = ? AND actorId = ?', [outsider!.id, members.comitee]);
    expect(Number(entries[0].n)).toBe(0);
  });

  it('gives the minutes’ data of a closed session to staff and to the comitee role that sat in it', async () => {
    const minutes = (await agents.comitee.post(`/api/committee/sessions/${session.id}/PDF/minutes`).expect(200)).body.session as CommitteeSessionView;
    expect(minutes).toMatchObject({ state: 'closed', closed_by: 'Jean-Michel Lafitte', quorum: { members: 2, present: 2, required: 1, met: true } });
    expect(minutes.goods[0]!.candidates[0]).toMatchObject({ name: 'Maite Goyheneche', rank: 1 });
    expect(minutes.goods[0]!.candidates[1]!.recommendations!.items).toHaveLength(2);
    await agents.hsa.post(`/api/committee/sessions/${session.id}/PDF/minutes`).expect(200);
    await agents.member.post(`/api/committee/sessions/${session.id}/PDF/minutes`).expect(403);
    await agents.customer.post(`/api/committee/sessions/${session.id}/PDF/minutes`).expect(403);
    const open = (await agents.admin.post('/api/committee/sessions/list').send({ filters: { state: 'scheduled' } }).expect(200)).body.data[0];
    expect((await agents.hsa.post(`/api/committee/sessions/${open.id}/PDF/minutes`).expect(404)).text).toBe('');
  });

  it('tells the applicant where their file stands, in plain French, newest first', async () => {
    const applicant = await loggedIn(api, first[0]!.email);
    const timeline = (await applicant.post('/api/records/timeline-mine').send({}).expect(200)).body.data as { kind: string; title: string; detail: string | null }[];
    const titles = timeline.map((entry) => entry.title);
    expect(titles[titles.length - 1]).toBe('Ouverture de votre dossier');
    expect(titles).toContain('Votre dossier est passé au stade « Présenté en comité »');
    expect(titles).toContain('Votre dossier est passé au stade « Attribué »');
    expect(timeline.find((entry) => entry.kind === 'committee')?.detail).toMatch(/^Le comité vous a retenu pour /);
    const refused = titles.findIndex((title) => title.startsWith('Proposition refusée : '));
    const offered = titles.findIndex((title) => title.startsWith('Logement proposé : '));
    expect(refused).toBeGreaterThan(-1);
    expect(refused).toBeLessThan(offered);
    expect(offered).toBeLessThan(timeline.findIndex((entry) => entry.kind === 'committee'));
    expect(JSON.stringify(timeline)).not.toMatch(/Présenté au comité d’attribution|Attribué par le comité/);
    await agents.hsa.post('/api/records/timeline-mine').send({}).expect(403);
  });

  it('lets an offer left unanswered past its deadline expire by the scheduled job, and passes it on', async () => {
    const files = await committeeFiles(api, 'c', 2, goods[1]!);
    const view = (await agents.coordinator
      .post('/api/committee/sessions/create')
      .send({ date: '2026-12-17T18:00', place: 'Agence de Bayonne', member_ids: [members.comitee], good_ids: [goods[1]!.id] })
      .expect(201)).body.session as CommitteeSessionView;
    for (const file of files) await agents.coordinator.post('/api/committee/candidates/add').send({ session_id: view.id, good_id: goods[1]!.id, record_id: file.id }).expect(200);
    await agents.coordinator.post('/api/committee/sessions/open').send({ id: view.id }).expect(200);
    const [x, y] = (await get(agents.comitee, view.id)).goods[0]!.candidates;
    // The member does not sit in this session: its candidates and its discussion are as unknown to them as missing ones.
    expect((await agents.member.post('/api/committee/recommendations/save').send({ candidate_id: x!.id, opinion: 'favorable' }).expect(404)).text).toBe('');
    expect((await agents.member.post('/api/committee/threads/post').send({ session_id: view.id, good_id: goods[1]!.id, body: 'Bonjour' }).expect(404)).text).toBe('');
    await agents.comitee.post('/api/committee/recommendations/save').send({ candidate_id: x!.id, opinion: 'favorable' }).expect(200);
    await agents.comitee
      .post('/api/committee/sessions/close')
      .send({ id: view.id, decisions: [{ good_id: goods[1]!.id, outcome: 'allocated_ranked', ranking: [x!.id, y!.id], reasons: {} }] })
      .expect(200);
    expect(await stageOf(files[0]!.id)).toBe('allocated');
    const jobs = api.app.get(JobsService);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 86_400_000 });
    try {
      expect(await jobs.run('committee', 'expire-offers', {}, { timeoutMs: 20_000 })).toEqual({ expired: 1 });
    } finally {
      vi.useRealTimers();
    }
    expect(await stageOf(files[0]!.id)).toBe('under_review');
    expect(await stageOf(files[1]!.id)).toBe('allocated');
    await inbox.waitFor((mail) => mail.to.includes(files[0]!.email) && mail.subject === 'Votre proposition de logement a expiré');
    const late = await loggedIn(api, files[0]!.email);
    expect((await late.post('/api/records/offers/mine').send({}).expect(200)).body.data[0]).toMatchObject({ state: 'expired' });

    // Another comitee account, which did not sit in it: the session, its minutes and their file are unknown to it.
    const users = api.dataSource.getRepository(User);
    await users.save(users.create({ email: 'pantxika.comite@example.org', roles: ['comitee'], firstName: 'Pantxika', lastName: 'Duhalde', passwordHash: await hashPassword(DEMO_PASSWORD), phone: null }));
    const stranger = await loggedIn(api, 'pantxika.comite@example.org');
    expect((await stranger.post(`/api/committee/sessions/${view.id}/PDF/minutes`).expect(404)).text).toBe('');
    expect((await stranger.get(`/api/committee/sessions/${view.id}/PDF/minutes.pdf`).expect(404)).text).toBe('');
    expect((await stranger.post('/api/committee/sessions/get-one').send({ id: view.id }).expect(404)).text).toBe('');
    expect((await stranger.post('/api/committee/sessions/list').send({}).expect(200)).body).toEqual({ data: [], total: 0 });
    await agents.comitee.post(`/api/committee/sessions/${view.id}/PDF/minutes`).expect(200);
  });
});
