import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CandidateAddRequest,
  type ListAnswer,
  type CommitteeOption,
    type SessionAnswer,
  type SessionCreateRequest,
  type SessionListRequest,
  type SessionRow,
  type SessionUpdateRequest,
  type ThreadPostRequest,
} from '@hsa-lli/common/back-office';
import { COMMITTEE_ROLES, formatDateTime, instantOf, stageLabel } from '@hsa-lli/common/domain';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { Request } from 'express';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { claimVersion, rowLock } from '../database/list-query.js';
import { GoodsService } from '../goods/goods.service.js';
import { ConflictError, FieldsError } from '../http/api-errors.js';
import { MailService } from '../mail/mail.service.js';
import { goodLabel } from '../records/record-view.js';
import { RecordsService } from '../records/records.service.js';
import { FollowUpService } from '../follow-up/follow-up.service.js';
import { fullName } from '../users/account-names.js';
import type { User } from '../users/entities/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { isStaff, mayRead, sitsIn } from './committee-access.js';
import { SessionViews } from './session-views.js';
import { AgendaItem } from './entities/agenda-item.entity.js';
import { CommitteeCandidate } from './entities/committee-candidate.entity.js';
import { CommitteeMessage } from './entities/committee-message.entity.js';
import { CommitteeRecommendation } from './entities/committee-recommendation.entity.js';
import { CommitteeSession } from './entities/committee-session.entity.js';


export const SESSION_CLOSED = 'Cette séance est close : plus rien ne peut y être changé.';

/** The stages from which a file may be presented to the committee (moved to « Présenté en comité » if not there yet). */
const PRESENTABLE = ['under_review', 'committee'] as const;

/**
 * The committee's sessions as staff prepare them (docs/committee.md): when and where, who sits, the goods on the agenda
 * and their candidates; opening them (members are e-mailed); each good's discussion. Reads go through SessionViews.
 */
@Injectable()
export class CommitteeSessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly views: SessionViews,
    private readonly users: UsersService,
    private readonly goods: GoodsService,
    private readonly records: RecordsService,
    private readonly followUp: FollowUpService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
  ) {}

  /** Staff: every session, the latest first. Members: theirs, the coming ones first (soonest first), then the past ones. */
  async list({ filters, page = 1, per_page = 25 }: SessionListRequest, actor: SessionUser): Promise<ListAnswer<SessionRow>> {
    const query = this.dataSource.manager
      .createQueryBuilder(CommitteeSession, 'session')
      .leftJoinAndSelect('session.members', 'member')
      .leftJoinAndSelect('session.items', 'item')
      .leftJoinAndSelect('item.candidates', 'candidate');
    if (filters?.state) query.andWhere('session.state = :state', { state: filters.state });
    if (!isStaff(actor)) {
      query.andWhere((sub) => `session.id IN ${sub.subQuery().select('link.sessionId').from('committee_session_members', 'link').where('link.userId = :me').getQuery()}`, {
        me: actor.id,
      });
    }
    const sessions = await query.getMany();
    const now = Date.now();
    const sorted = isStaff(actor)
      ? sessions.sort((a, b) => b.date.getTime() - a.date.getTime() || b.id - a.id)
      : [
          ...sessions.filter((session) => session.date.getTime() >= now).sort((a, b) => a.date.getTime() - b.date.getTime()),
          ...sessions.filter((session) => session.date.getTime() < now).sort((a, b) => b.date.getTime() - a.date.getTime()),
        ];
    const shown = sorted.slice((page - 1) * per_page, page * per_page);
    const given = await this.givenBy(actor, shown);
    return {
      total: sorted.length,
      data: shown.map((session) => {
        const candidates = session.items.flatMap((item) => item.candidates);
        return {
          id: session.id,
          state: session.state,
          date: session.date.toISOString(),
          place: session.place,
          video_url: session.videoUrl,
          vote_closes_at: session.voteClosesAt?.toISOString() ?? null,
          goods: session.items.length,
          candidates: candidates.length,
          members: session.members.length,
          done: sitsIn(session, actor) ? candidates.every((candidate) => given.has(candidate.id)) : null,
        };
      }),
    };
  }

  async getOne(id: number, actor: SessionUser): Promise<SessionAnswer> {
    return { session: await this.views.view(id, actor) };
  }

  /** The session as its page opens it: each candidate's file read is written in that file's audit trail first. */
  async read(id: number, actor: SessionUser, request: Request): Promise<SessionAnswer> {
    const session = await this.views.view(id, actor);
    await this.audit.readAll('committee_review', session.goods.flatMap((good) => good.candidates.map((candidate) => candidate.record_id)), actor, request);
    return { session };
  }

  async create(request: SessionCreateRequest, actor: SessionUser): Promise<SessionAnswer> {
    const { members, goods } = await this.checked(request.member_ids, request.good_ids);
    const id = await this.dataSource.transaction(async (manager) => {
      const session = await manager.save(
        manager.create(CommitteeSession, {
          date: instantOf(request.date),
          place: request.place?.trim() || null,
          videoUrl: request.video_url?.trim() || null,
          voteClosesAt: request.vote_closes_at ? instantOf(request.vote_closes_at) : null,
          members,
        }),
      );
      await manager.save(goods.map((good, position) => manager.create(AgendaItem, { session: { id: session.id }, good: { id: good }, position })));
      return session.id;
    });
    return this.getOne(id, actor);
  }

  /**
   * Changes what is sent, on the version read. A member who gave a recommendation stays, and so does a good with
   * candidates: their candidates are removed first.
   */
  async update({ id, version, ...fields }: SessionUpdateRequest, actor: SessionUser): Promise<SessionAnswer> {
    const { members } = await this.checked(fields.member_ids ?? [], fields.good_ids ?? []);
    await this.dataSource.transaction(async (manager) => {
      const session = await this.open(manager, id);
      await claimVersion(manager, CommitteeSession, id, version);
      const date = fields.date ? instantOf(fields.date) : session.date;
      const voteClosesAt = fields.vote_closes_at === undefined ? session.voteClosesAt : fields.vote_closes_at ? instantOf(fields.vote_closes_at) : null;
      if (voteClosesAt && voteClosesAt <= date) throw new FieldsError({ vote_closes_at: 'La fin du vote doit venir après le début de la séance.' });
      const place = fields.place === undefined ? session.place : fields.place?.trim() || null;
      const videoUrl = fields.video_url === undefined ? session.videoUrl : fields.video_url?.trim() || null;
      if (!place && !videoUrl) throw new FieldsError({ place: 'Indiquez le lieu de la séance, le lien de la visioconférence, ou les deux.' });
      await manager.update(CommitteeSession, { id }, { date, voteClosesAt, place, videoUrl });
      if (fields.member_ids) await this.setMembers(manager, session, members);
      if (fields.good_ids) await this.setGoods(manager, session, fields.good_ids);
    });
    return this.getOne(id, actor);
  }

  /** Opens a scheduled session to recommendations, and tells its members by e-mail. */
  async openSession(id: number, actor: SessionUser): Promise<SessionAnswer> {
    const session = await this.dataSource.transaction(async (manager) => {
      const found = await this.open(manager, id);
      if (found.state !== 'scheduled') throw new ConflictError('Cette séance est déjà ouverte.');
      const candidates = await manager.count(CommitteeCandidate, { where: { item: { session: { id } } } });
      if (candidates === 0) throw new ConflictError('Ajoutez au moins un candidat avant d’ouvrir la séance.');
      await manager.update(CommitteeSession, { id }, { state: 'open', openedAt: new Date() });
      await manager.increment(CommitteeSession, { id }, 'version', 1);
      return found;
    });
    const where = [session.place, session.videoUrl && `en visioconférence (${session.videoUrl})`].filter(Boolean).join(', ');
    for (const member of session.members) {
      await this.mail.send({
        to: member.email,
        subject: `Comité d’attribution du ${formatDateTime(session.date)} : la séance est ouverte`,
        paragraphs: [
          `Bonjour ${member.firstName},`,
          `La séance du comité d’attribution du ${formatDateTime(session.date)} est ouverte${where ? ` (${where})` : ''}. Vous pouvez dès maintenant examiner les candidatures et donner votre avis sur chacune${session.voteClosesAt ? `, jusqu’au ${formatDateTime(session.voteClosesAt)}` : ''}.`,
          'Les candidatures ne montrent que ce qui sert à la décision : composition du foyer, situations, ressources et taux d’effort. Si vous connaissez un candidat, déclarez un conflit d’intérêts et abstenez-vous.',
        ],
        action: { label: 'Voir la séance', url: `${this.config.publicUrl}/gestion/recommandations/${id}` },
      });
    }
    return this.getOne(id, actor);
  }

  /**
   * Presents a file for a good of the session: a file « En instruction » moves to « Présenté en comité »; one already
   * there stays. Labels follow the order of adding (« Candidat A » first).
   */
  async addCandidate({ session_id, good_id, record_id }: CandidateAddRequest, actor: SessionUser): Promise<SessionAnswer> {
    const moved = await this.dataSource.transaction(async (manager) => {
      await this.open(manager, session_id);
      const item = await manager.findOne(AgendaItem, { where: { session: { id: session_id }, good: { id: good_id } }, relations: { candidates: { record: true } } });
      if (!item) throw new FieldsError({ good_id: 'Ce logement n’est pas à l’ordre du jour de la séance.' });
      const record = await this.records.lockedIn(manager, record_id);
      if (!record) throw new FieldsError({ record_id: 'Ce dossier n’existe pas.' });
      if (item.candidates.some((candidate) => candidate.record.id === record_id)) throw new ConflictError(`Le dossier ${record.reference} est déjà candidat pour ce logement.`);
      const elsewhere = await manager.count(CommitteeCandidate, { where: { record: { id: record_id }, item: { session: { id: session_id } } } });
      if (elsewhere > 0) throw new ConflictError(`Le dossier ${record.reference} est déjà candidat pour un autre logement de cette séance : un dossier n’est présenté que pour un logement par séance.`);
      if (!(PRESENTABLE as readonly string[]).includes(record.stage)) {
        throw new ConflictError(
          `Le dossier ${record.reference} est au stade « ${stageLabel(record.stage)} » : seul un dossier « En instruction » ou déjà « Présenté en comité » peut être présenté au comité.`,
        );
      }
      const position = item.candidates.reduce((last, candidate) => Math.max(last, candidate.position + 1), 0);
      await manager.save(manager.create(CommitteeCandidate, { item: { id: item.id }, record: { id: record_id }, position }));
      if (record.stage === 'committee') return false;
      await this.followUp.moveIn(manager, record, 'committee', 'Présenté au comité d’attribution', actor);
      return true;
    });
    if (moved) await this.followUp.changed(record_id);
    return this.getOne(session_id, actor);
  }

  /** Withdraws a candidate before the decision, with their recommendations; the file keeps its stage. */
  async removeCandidate(id: number, actor: SessionUser): Promise<SessionAnswer> {
    const sessionId = await this.dataSource.transaction(async (manager) => {
      const candidate = await manager.findOne(CommitteeCandidate, { where: { id }, relations: { item: { session: true } } });
      if (!candidate) throw new NotFoundException();
      await this.open(manager, candidate.item.session.id);
      await manager.delete(CommitteeCandidate, { id });
      return candidate.item.session.id;
    });
    return this.getOne(sessionId, actor);
  }

  /** A message in a good's discussion, by a member or staff, until the session closes. */
  async post({ session_id, good_id, body }: ThreadPostRequest, actor: SessionUser): Promise<SessionAnswer> {
    await this.dataSource.transaction(async (manager) => {
      const session = await this.open(manager, session_id, actor);
      const item = await manager.findOne(AgendaItem, { where: { session: { id: session.id }, good: { id: good_id } } });
      if (!item) throw new FieldsError({ good_id: 'Ce logement n’est pas à l’ordre du jour de la séance.' });
      await manager.save(manager.create(CommitteeMessage, { item: { id: item.id }, authorId: actor.id, authorName: fullName(actor), body }));
    });
    return this.getOne(session_id, actor);
  }

  /** The accounts that may sit: active comitee and member accounts. */
  async memberOptions(): Promise<{ data: CommitteeOption[] }> {
    const users = await this.users.activeWithAnyRole(COMMITTEE_ROLES);
    return { data: users.map((user) => ({ id: user.id, label: `${fullName(user)} (${user.roles.includes('comitee') ? 'comité' : 'membre'})` })) };
  }

  /** The files that may be presented for a good: « En instruction » or « Présenté en comité », those that wish it first. */
  async recordOptions(goodId: number, search: string | undefined): Promise<{ data: CommitteeOption[] }> {
    if (!(await this.goods.withResidence(goodId))) throw new FieldsError({ good_id: 'Ce logement n’existe pas.' });
    const files = await this.records.atStages([...PRESENTABLE], search);
    const { wished, proposed } = await this.records.namingGood(goodId);
    const near = new Set([...wished, ...proposed]);
    return {
      data: files
        .sort((a, b) => Number(near.has(b.id)) - Number(near.has(a.id)) || a.label.localeCompare(b.label, 'fr'))
        .map(({ id, label, stage }) => ({ id, label: `${label} — ${stageLabel(stage)}${near.has(id) ? ' — souhaite ce logement' : ''}` })),
    };
  }

  /** Goods that may be put on the agenda, by reference. */
  async goodOptions(search: string | undefined): Promise<{ data: CommitteeOption[] }> {
    const goods = await this.goods.options(search);
    return { data: goods.map((good) => ({ id: good.id, label: `${good.reference} — ${goodLabel(good)}` })) };
  }

  /** A session that is not closed yet, its row held until the transaction ends; a closed one is a 409, a missing one a 404. */
  private async open(manager: EntityManager, id: number, reader?: SessionUser): Promise<CommitteeSession> {
    const locked = await manager.findOne(CommitteeSession, { where: { id }, lock: rowLock(manager) });
    const session = locked && (await manager.findOne(CommitteeSession, { where: { id }, relations: { members: true } }));
    if (!session || (reader && !mayRead(session, reader))) throw new NotFoundException();
    if (session.state === 'closed') throw new ConflictError(SESSION_CLOSED, 'session_closed');
    return session;
  }

  /** The members and goods of a form: members among the committee's active accounts, goods that exist. */
  private async checked(memberIds: readonly number[], goodIds: readonly number[]): Promise<{ members: User[]; goods: number[] }> {
    const problems: Record<string, string> = {};
    const sitting = await this.users.activeWithAnyRole(COMMITTEE_ROLES);
    const members = sitting.filter((user) => memberIds.includes(user.id));
    if (members.length !== new Set(memberIds).size) problems.member_ids = 'Choisissez les membres parmi les comptes actifs du comité (rôles comité et membre).';
    const goods = [...new Set(goodIds)];
    const found = await Promise.all(goods.map((id) => this.goods.withResidence(id)));
    if (found.some((good) => good === null)) problems.good_ids = 'Choisissez les logements parmi ceux de la liste.';
    if (Object.keys(problems).length > 0) throw new FieldsError(problems);
    return { members, goods };
  }

  private async setMembers(manager: EntityManager, session: CommitteeSession, members: User[]): Promise<void> {
    const leaving = session.members.filter((member) => !members.some((kept) => kept.id === member.id));
    if (leaving.length > 0) {
      const spoke = await manager.find(CommitteeRecommendation, { where: { memberId: In(leaving.map((member) => member.id)), candidate: { item: { session: { id: session.id } } } } });
      const first = spoke[0];
      if (first) throw new ConflictError(`${first.memberName} a déjà donné son avis dans cette séance : ce membre ne peut plus en être retiré.`);
    }
    session.members = members;
    await manager.save(CommitteeSession, session);
  }

  private async setGoods(manager: EntityManager, session: CommitteeSession, goodIds: readonly number[]): Promise<void> {
    const items = await manager.find(AgendaItem, { where: { session: { id: session.id } }, relations: { good: true, candidates: true } });
    const removed = items.filter((item) => !goodIds.includes(item.good.id));
    const withCandidates = removed.find((item) => item.candidates.length > 0);
    if (withCandidates) throw new ConflictError('Un logement retiré de l’ordre du jour a encore des candidats : retirez-les d’abord.');
    if (removed.length > 0) await manager.delete(AgendaItem, { id: In(removed.map((item) => item.id)) });
    const kept = new Set(items.map((item) => item.good.id));
    const last = items.reduce((max, item) => Math.max(max, item.position + 1), 0);
    const added = goodIds.filter((id) => !kept.has(id));
    if (added.length > 0) await manager.save(added.map((good, index) => manager.create(AgendaItem, { session: { id: session.id }, good: { id: good }, position: last + index })));
  }

  /** The candidates of these sessions on which the caller gave a recommendation. */
  private async givenBy(actor: SessionUser, sessions: readonly CommitteeSession[]): Promise<Set<number>> {
    const ids = sessions.flatMap((session) => session.items.flatMap((item) => item.candidates.map((candidate) => candidate.id)));
    if (ids.length === 0) return new Set();
    const given = await this.dataSource.manager.find(CommitteeRecommendation, { select: { id: true, candidate: { id: true } }, where: { memberId: actor.id, candidate: { id: In(ids) } }, relations: { candidate: true } });
    return new Set(given.map((recommendation) => recommendation.candidate.id));
  }
}

