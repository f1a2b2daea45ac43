import type { Opinion } from '@hsa-lli/common/back-office';
import type { RecordStage } from '@hsa-lli/common/domain';
import { In, type EntityManager } from 'typeorm';
import { AgendaItem } from '../committee/entities/agenda-item.entity.js';
import { CommitteeCandidate } from '../committee/entities/committee-candidate.entity.js';
import { CommitteeMessage } from '../committee/entities/committee-message.entity.js';
import { CommitteeRecommendation } from '../committee/entities/committee-recommendation.entity.js';
import { CommitteeSession } from '../committee/entities/committee-session.entity.js';
import { Offer } from '../committee/entities/offer.entity.js';
import { RecordEvent } from '../follow-up/entities/record-event.entity.js';
import { RecordStageChange } from '../follow-up/entities/record-stage-change.entity.js';
import type { Good } from '../goods/entities/good.entity.js';
import { Record } from '../records/entities/record.entity.js';
import type { User } from '../users/entities/user.entity.js';

const DAY_MS = 86_400_000;
const OFFER_DAYS = 10;

/** What a demo candidate gets from each member, in order: the comitee role, then the member. */
type Said = [Opinion, string | null];

/**
 * The committee's demo (with the year of history): a session closed last week, whose first-ranked applicant has an
 * offer waiting for an answer, and a session open now, with recommendations under way; so that `npm start` shows the
 * area at work for comitee@ and member@. Its candidates are the history's files « En instruction » (or complete), moved
 * as the committee would have moved them, each move dated and attributed.
 */
export async function seedDemoCommittee(manager: EntityManager, { now, goods, users }: { now: Date; goods: Good[]; users: User[] }): Promise<void> {
  const comitee = users.find((user) => user.roles.includes('comitee'));
  const member = users.find((user) => user.roles.includes('member'));
  const staff = users.find((user) => user.roles.includes('hsa'));
  if (!comitee || !member || !staff) return;
  const files = await manager.find(Record, { where: { stage: In(['under_review', 'complete']) }, relations: { good: true }, order: { id: 'DESC' }, take: 6 });
  const homes = goods.filter((good) => good.enabled && !good.occupied && good.flatSize !== 'garage' && good.residence.status === 'published');
  // The chosen household of last week's session is offered its own good, held by nobody since (one household at a time).
  const holds = await manager.find(RecordEvent, { where: { type: In(['offer', 'refusal_by_applicant', 'leaving']) }, relations: { record: true, good: true } });
  const free = (good: Good) =>
    holds
      .filter((event) => event.type === 'offer' && event.good?.id === good.id)
      .every((offer) => holds.some((release) => release.type !== 'offer' && release.record.id === offer.record.id && release.at >= offer.at));
  const chosen = files.find((file) => file.good && homes.some((home) => home.id === file.good!.id) && free(file.good));
  if (!chosen || files.length < 2) return;
  const closedFiles = [chosen, ...files.filter((file) => file !== chosen).slice(0, 2)];
  const openFiles = files.filter((file) => !closedFiles.includes(file));
  const closedGood = homes.find((home) => home.id === chosen.good!.id)!;
  const openGood = homes.find((home) => home.id !== closedGood.id)!;
  const name = (user: User) => `${user.firstName} ${user.lastName}`;
  const at = (days: number, hour = 18) => new Date(Math.floor((now.getTime() + days * DAY_MS) / DAY_MS) * DAY_MS + (hour - 1) * 3_600_000);

  // Each move comes after the file's last one, and before now: its stages stay a chain of allowed moves in time.
  const lastChanges = await manager.find(RecordStageChange, { where: { record: { id: In(files.map((file) => file.id)) } }, relations: { record: true } });
  const lastAt = new Map(files.map((file) => [file.id, Math.max(file.createdAt.getTime(), ...lastChanges.filter((change) => change.record.id === file.id).map((change) => change.at.getTime()))]));
  const move = async (record: Record, to: RecordStage, planned: Date, comment: string) => {
    const when = new Date(Math.min(now.getTime() - 60_000, Math.max(planned.getTime(), lastAt.get(record.id)! + 60_000)));
    lastAt.set(record.id, when.getTime());
    await manager.save(manager.create(RecordStageChange, { record: { id: record.id }, from: record.stage, to, comment, at: when, actorId: staff.id, actorName: name(staff) }));
    await manager.update(Record, { id: record.id }, { stage: to, stageChangedAt: when });
    record.stage = to;
    return when;
  };
  const session = async (date: Date, state: CommitteeSession['state'], good: Good, candidates: Record[], said: Said[][]) => {
    const saved = await manager.save(
      manager.create(CommitteeSession, {
        date,
        place: 'Agence de Bayonne, 12 allées Paulmy',
        videoUrl: 'https://visio.hsa-lli.fr/comite-attribution',
        voteClosesAt: new Date(date.getTime() + DAY_MS),
        state,
        openedAt: new Date(date.getTime() - 3 * DAY_MS),
        members: [comitee, member],
      }),
    );
    const item = await manager.save(manager.create(AgendaItem, { session: { id: saved.id }, good: { id: good.id }, position: 0 }));
    const rows: CommitteeCandidate[] = [];
    for (const [position, record] of candidates.entries()) {
      if (record.stage === 'complete') await move(record, 'under_review', new Date(date.getTime() - 9 * DAY_MS), 'Dossier instruit pour le comité');
      await move(record, 'committee', new Date(date.getTime() - 7 * DAY_MS), 'Présenté au comité d’attribution');
      const row = await manager.save(manager.create(CommitteeCandidate, { item: { id: item.id }, record: { id: record.id }, position }));
      rows.push(row);
      for (const [index, [opinion, reason]] of (said[position] ?? []).entries()) {
        const by = [comitee, member][index]!;
        await manager.save(manager.create(CommitteeRecommendation, { candidate: { id: row.id }, memberId: by.id, memberName: name(by), opinion, reason, conflictOfInterest: opinion === 'abstain' }));
      }
    }
    await manager.save(manager.create(CommitteeMessage, { item: { id: item.id }, authorId: member.id, authorName: name(member), body: 'Le candidat B a-t-il fourni son dernier avis d’imposition ?' }));
    return { saved, item, rows };
  };

  // Last week's session, closed: the first ranked has an offer to answer, the second is in reserve, the third not chosen.
  const closedAt = at(-6, 19);
  const last = await session(at(-6), 'closed', closedGood, closedFiles, [
    [['favorable', null], ['favorable', null]],
    [['favorable', null], ['reserved', 'Taux d’effort proche du tiers des revenus']],
    [['unfavorable', 'Logement trop grand pour le foyer'], ['unfavorable', 'Logement trop grand pour le foyer']],
  ]);
  const outcome = last.rows.length >= 2 ? 'allocated_ranked' : 'allocated';
  await manager.update(AgendaItem, { id: last.item.id }, { outcome });
  await manager.update(CommitteeSession, { id: last.saved.id }, { closedAt, closedById: comitee.id, closedByName: name(comitee), quorumPresent: 2, quorumRequired: 1 });
  for (const [index, row] of last.rows.entries()) {
    const record = closedFiles[index]!;
    if (index === 0) {
      await manager.update(CommitteeCandidate, { id: row.id }, { rank: 1 });
      const offered = await move(record, 'allocated', closedAt, 'Attribué par le comité d’attribution');
      await manager.save(manager.create(RecordEvent, { record: { id: record.id }, type: 'offer', reason: null, good: { id: closedGood.id }, at: offered, outcome: null, comment: null, actorId: comitee.id, actorName: name(comitee) }));
      await manager.save(
        manager.create(Offer, { record: { id: record.id }, good: { id: closedGood.id }, candidate: { id: row.id }, state: 'pending', condition: null, sentAt: offered, deadline: new Date(offered.getTime() + OFFER_DAYS * DAY_MS) }),
      );
    } else if (index === 1) {
      await manager.update(CommitteeCandidate, { id: row.id }, { rank: 2 });
    } else {
      const reason = 'Logement trop grand pour la composition du foyer';
      await manager.update(CommitteeCandidate, { id: row.id }, { reason });
      await move(record, 'under_review', closedAt, `Non retenu par le comité d’attribution : ${reason}`);
    }
  }

  // This week's session, open: the comitee role has given its opinions on the first two candidates, the member none yet.
  if (openGood && openFiles.length > 0) await session(at(2), 'open', openGood, openFiles, [[['favorable', null]], [['reserved', 'Contrat à durée déterminée se terminant dans trois mois']]]);
}
