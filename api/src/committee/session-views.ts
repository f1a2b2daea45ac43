import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CommitteeSessionView, QuorumView, SessionGoodView } from '@hsa-lli/common/back-office';
import { currentLliYear } from '@hsa-lli/common/domain';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { SessionUser } from '../auth/session-user.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { GoodsService } from '../goods/goods.service.js';
import type { Good } from '../goods/entities/good.entity.js';
import { goodLabel } from '../records/record-view.js';
import { RecordsService } from '../records/records.service.js';
import { fullName } from '../users/account-names.js';
import { candidateView } from './candidate-view.js';
import { isStaff, mayRead, quorumRequired, sitsIn, voting } from './committee-access.js';
import { AgendaItem } from './entities/agenda-item.entity.js';
import { CommitteeCandidate } from './entities/committee-candidate.entity.js';
import { CommitteeMessage } from './entities/committee-message.entity.js';
import { CommitteeRecommendation } from './entities/committee-recommendation.entity.js';
import { CommitteeSession } from './entities/committee-session.entity.js';

/** Who reads a session: their account (none for the minutes' printing), and what their roles let them see. */
interface Reader {
  id: number | null;
  staff: boolean;
  comitee: boolean;
  sitting: boolean;
}

/** A session with what its views and its closing read: members, agenda (goods in order, candidates in order). */
export interface LoadedSession {
  session: CommitteeSession;
  items: AgendaItem[];
  recommendations: CommitteeRecommendation[];
}

/**
 * A session as each reader may see it (CommitteeSessionView): staff and its own members only (anybody else gets a 404);
 * candidates named for staff and the comitee role, « Candidat A » for members; the others' recommendations on a good
 * once the reader gave theirs on each of its candidates (to staff, once the session is closed).
 */
@Injectable()
export class SessionViews {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly goods: GoodsService,
    private readonly records: RecordsService,
  ) {}

  /** The session, its agenda and its recommendations; null when there is none. */
  async load(id: number, manager: EntityManager = this.dataSource.manager): Promise<LoadedSession | null> {
    const session = await manager.findOne(CommitteeSession, { where: { id }, relations: { members: true } });
    if (!session) return null;
    const items = await manager.find(AgendaItem, { where: { session: { id } }, relations: { good: true, candidates: { record: true } }, order: { position: 'ASC' } });
    for (const item of items) item.candidates.sort((a, b) => a.position - b.position);
    const candidateIds = items.flatMap((item) => item.candidates.map((candidate) => candidate.id));
    const recommendations =
      candidateIds.length === 0 ? [] : await manager.find(CommitteeRecommendation, { where: { candidate: { id: In(candidateIds) } }, relations: { candidate: true } });
    return { session, items, recommendations };
  }

  /** Whether this account sits in this session. */
  async sitsIn(sessionId: number, userId: number): Promise<boolean> {
    return this.dataSource.manager.exists(CommitteeSession, { where: { id: sessionId, members: { id: userId } } });
  }

  /** Whether this file is a candidate in a session this account sits in. */
  async presentedTo(recordId: number, userId: number): Promise<boolean> {
    return this.dataSource.manager.exists(AgendaItem, { where: { candidates: { record: { id: recordId } }, session: { members: { id: userId } } } });
  }

  /** The decisions of closed sessions on a file: when, which good, its rank (1: chosen) or the reason it was not. */
  async outcomesFor(recordId: number): Promise<{ at: Date; good: number; rank: number | null; reason: string | null }[]> {
    const candidates = await this.dataSource.manager.find(CommitteeCandidate, {
      where: { record: { id: recordId }, item: { session: { state: 'closed' } } },
      relations: { item: { session: true, good: true } },
    });
    return candidates.map((candidate) => ({ at: candidate.item.session.closedAt ?? candidate.item.session.date, good: candidate.item.good.id, rank: candidate.rank, reason: candidate.reason }));
  }

  /** How many members took part (gave at least one recommendation), against how many must. */
  quorum({ session, recommendations }: LoadedSession): QuorumView {
    const members = session.members.length;
    const present = new Set(recommendations.map((recommendation) => recommendation.memberId)).size;
    const required = quorumRequired(members, this.config.committeeQuorum);
    return { members, present, required, met: present >= required };
  }

  async view(id: number, actor: SessionUser): Promise<CommitteeSessionView> {
    const loaded = await this.load(id);
    if (!loaded || !mayRead(loaded.session, actor)) throw new NotFoundException();
    return this.build(loaded, { id: actor.id, staff: isStaff(actor), comitee: actor.roles.includes('comitee'), sitting: sitsIn(loaded.session, actor) });
  }

  /** A closed session as its minutes record it: everything, names included (the minutes go to staff and the comitee role). */
  async minutes(id: number): Promise<CommitteeSessionView | null> {
    const loaded = await this.load(id);
    if (loaded?.session.state !== 'closed') return null;
    return this.build(loaded, { id: null, staff: true, comitee: false, sitting: false });
  }

  private async build(loaded: LoadedSession, reader: Reader): Promise<CommitteeSessionView> {
    const { session, items, recommendations } = loaded;
    const now = new Date();
    const { staff, sitting } = reader;
    const names = staff || reader.comitee;
    const year = currentLliYear();
    const [goods, files, messages] = await Promise.all([
      Promise.all(items.map((item) => this.goods.find(item.good.id))),
      this.records.forCommittee(items.flatMap((item) => item.candidates.map((candidate) => candidate.record.id))),
      items.length === 0 ? [] : this.dataSource.manager.find(CommitteeMessage, { where: { item: { id: In(items.map((item) => item.id)) } }, relations: { item: true }, order: { createdAt: 'ASC', id: 'ASC' } }),
    ]);
    const present = new Set(recommendations.map((recommendation) => recommendation.memberId));
    return {
      id: session.id,
      version: session.version,
      state: session.state,
      date: session.date.toISOString(),
      place: session.place,
      video_url: session.videoUrl,
      vote_closes_at: session.voteClosesAt?.toISOString() ?? null,
      opened_at: session.openedAt?.toISOString() ?? null,
      closed_at: session.closedAt?.toISOString() ?? null,
      closed_by: session.closedByName,
      voting: voting(session, now),
      members: [...session.members]
        .sort((a, b) => fullName(a).localeCompare(fullName(b), 'fr'))
        .map((member) => ({ id: member.id, name: fullName(member), role: member.roles.includes('comitee') ? 'comitee' : 'member', present: present.has(member.id) })),
      quorum: session.state === 'closed' && session.quorumRequired !== null ? this.closedQuorum(session) : this.quorum(loaded),
      goods: items.map((item, index): SessionGoodView => {
        const good = goods[index] as Good;
        const onGood = recommendations.filter((recommendation) => item.candidates.some((candidate) => candidate.id === recommendation.candidate.id));
        const gaveAll = item.candidates.length > 0 && item.candidates.every((candidate) => onGood.some((recommendation) => recommendation.candidate.id === candidate.id && recommendation.memberId === reader.id));
        const seesOthers = session.state === 'closed' || (sitting && gaveAll);
        return {
          id: good.id,
          reference: good.reference,
          label: goodLabel(good),
          residence: { id: good.residence.id, name: good.residence.name },
          city: good.residence.city.name,
          zone: good.residence.area,
          flat_size: good.flatSize,
          surface: good.surface,
          rent: good.rentPriceCents / 100,
          lli_year: year,
          candidates: item.candidates.map((candidate) => {
            const file = files.find((record) => record.id === candidate.record.id)!;
            const theirs = onGood.filter((recommendation) => recommendation.candidate.id === candidate.id);
            return candidateView(candidate, file, good, {
              names,
              year,
              now,
              mine: theirs.find((recommendation) => recommendation.memberId === reader.id) ?? null,
              others: seesOthers ? theirs : null,
            });
          }),
          thread: messages
            .filter((message) => message.item.id === item.id)
            .map((message) => ({ id: message.id, author: message.authorName, body: message.body, at: message.createdAt.toISOString() })),
          decision: item.outcome ? { outcome: item.outcome, condition: item.condition } : null,
        };
      }),
      can: {
        edit: staff && session.state !== 'closed',
        open: staff && session.state === 'scheduled',
        close: sitting && reader.comitee && session.state === 'open',
        recommend: sitting && voting(session, now),
      },
    };
  }

  /** The quorum as it stood at closing, kept with the session. */
  private closedQuorum(session: CommitteeSession): QuorumView {
    const present = session.quorumPresent ?? 0;
    const required = session.quorumRequired ?? 0;
    return { members: session.members.length, present, required, met: present >= required };
  }
}
