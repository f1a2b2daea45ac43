import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ALLOCATING_OUTCOMES,
  decisionProblems,
  type RecommendationRequest,
  type SessionAnswer,
  type SessionCloseRequest,
} from '@hsa-lli/common/back-office';
import { plural } from '@hsa-lli/common/domain';
import type { DataSource, EntityManager } from 'typeorm';
import type { SessionUser } from '../auth/session-user.js';
import { rowLock } from '../database/list-query.js';
import { FollowUpService } from '../follow-up/follow-up.service.js';
import { ConflictError, FieldsError } from '../http/api-errors.js';
import { RecordsService } from '../records/records.service.js';
import { fullName } from '../users/account-names.js';
import { sitsIn, voting } from './committee-access.js';
import { COMMITTEE_EVENTS, SessionClosed } from './committee.events.js';
import { SESSION_CLOSED } from './committee-sessions.service.js';
import { OffersService } from './offers.service.js';
import { SessionViews } from './session-views.js';
import { CommitteeCandidate } from './entities/committee-candidate.entity.js';
import { CommitteeRecommendation } from './entities/committee-recommendation.entity.js';
import { CommitteeSession } from './entities/committee-session.entity.js';
import { AgendaItem } from './entities/agenda-item.entity.js';

/**
 * What the members decide (docs/committee.md): each one's recommendation on each candidate, changed at will while the
 * vote is open; and the comitee role's closing, with one decision per good, which moves the files and makes the offers.
 */
@Injectable()
export class CommitteeDecisionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly views: SessionViews,
    private readonly records: RecordsService,
    private readonly followUp: FollowUpService,
    private readonly offers: OffersService,
    private readonly events: EventEmitter2,
  ) {}

  /** A member's recommendation on a candidate of their session, made or changed while the vote is open. */
  async recommend(request: RecommendationRequest, actor: SessionUser): Promise<SessionAnswer> {
    const sessionId = await this.dataSource.transaction(async (manager) => {
      const candidate = await manager.findOne(CommitteeCandidate, { where: { id: request.candidate_id }, relations: { item: { session: { members: true } } } });
      const session = candidate?.item.session;
      if (!candidate || !session || !sitsIn(session, actor)) throw new NotFoundException();
      if (session.state === 'closed') throw new ConflictError(SESSION_CLOSED, 'session_closed');
      if (!voting(session)) {
        throw new ConflictError(session.state === 'scheduled' ? 'La séance n’est pas encore ouverte : les avis seront recueillis à son ouverture.' : 'Le vote de cette séance est terminé : les avis ne peuvent plus être changés.');
      }
      const kept = { opinion: request.opinion, reason: request.reason?.trim() || null, conflictOfInterest: Boolean(request.conflict_of_interest), memberName: fullName(actor) };
      const existing = await manager.findOne(CommitteeRecommendation, { where: { candidate: { id: candidate.id }, memberId: actor.id }, lock: rowLock(manager) });
      if (existing) await manager.update(CommitteeRecommendation, { id: existing.id }, kept);
      else await manager.insert(CommitteeRecommendation, { ...kept, candidate: { id: candidate.id }, memberId: actor.id });
      return session.id;
    });
    return { session: await this.views.view(sessionId, actor) };
  }

  /**
   * Closes an open session with one decision per good of its agenda, once the quorum is reached: the chosen candidate's
   * file is « Attribué » (naming the good) and gets the offer; ranked reserves stay « Présenté en comité »; the others go
   * back « En instruction », or « Refusé » when inadmissible. Nothing of a closed session changes afterwards.
   */
  async close({ id, decisions }: SessionCloseRequest, actor: SessionUser): Promise<SessionAnswer> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      // The decision is dated before the offers it makes.
      const closedAt = new Date();
      await manager.findOne(CommitteeSession, { where: { id }, lock: rowLock(manager) });
      const loaded = await this.views.load(id, manager);
      if (!loaded || !sitsIn(loaded.session, actor)) throw new NotFoundException();
      if (!actor.roles.includes('comitee')) throw new ForbiddenException();
      const { session, items } = loaded;
      if (session.state === 'closed') throw new ConflictError(SESSION_CLOSED, 'session_closed');
      if (session.state === 'scheduled') throw new ConflictError('Cette séance n’est pas encore ouverte : elle ne peut pas être close.');
      const quorum = this.views.quorum(loaded);
      if (!quorum.met) {
        throw new ConflictError(
          `Le quorum n’est pas atteint : ${plural(quorum.present, 'membre a', 'membres ont')} donné un avis sur ${quorum.members}, il en faut au moins ${quorum.required}.`,
        );
      }
      this.check(items, decisions);
      const moved: number[] = [];
      const offered: { candidate: CommitteeCandidate; goodId: number; condition: string | null }[] = [];
      for (const item of items) {
        const decision = decisions.find((each) => each.good_id === item.good.id)!;
        const ranking = ALLOCATING_OUTCOMES.includes(decision.outcome) ? (decision.ranking ?? []) : [];
        await manager.update(AgendaItem, { id: item.id }, { outcome: decision.outcome, condition: decision.condition?.trim() || null });
        for (const candidate of item.candidates) {
          const rank = ranking.indexOf(candidate.id) + 1 || null;
          const reason = decision.reasons[String(candidate.id)]?.trim() || null;
          await manager.update(CommitteeCandidate, { id: candidate.id }, { rank, reason });
          if (rank === 1) offered.push({ candidate, goodId: item.good.id, condition: decision.outcome === 'allocated_conditional' ? decision.condition?.trim() || null : null });
          else if (rank === null && (await this.leaves(manager, candidate, decision.outcome === 'inadmissible', reason, actor))) moved.push(candidate.record.id);
        }
      }
      for (const { candidate, goodId, condition } of offered) {
        await this.offers.make(manager, candidate, goodId, condition, actor);
        moved.push(candidate.record.id);
      }
      await manager.update(CommitteeSession, { id }, { state: 'closed', closedAt, closedById: actor.id, closedByName: fullName(actor), quorumPresent: quorum.present, quorumRequired: quorum.required });
      await manager.increment(CommitteeSession, { id }, 'version', 1);
      return { moved };
    });
    for (const recordId of outcome.moved) await this.followUp.changed(recordId);
    await this.offers.announceOutcomes(id);
    await this.events.emitAsync(COMMITTEE_EVENTS.closed, new SessionClosed(id));
    return { session: await this.views.view(id, actor) };
  }

  /** Every good of the agenda decided once, each decision as decisionProblems wants it; else a 400 naming each problem. */
  private check(items: readonly AgendaItem[], decisions: SessionCloseRequest['decisions']): void {
    const problems: Record<string, string> = {};
    for (const decision of decisions) {
      if (!items.some((item) => item.good.id === decision.good_id)) problems[`decisions.${decision.good_id}`] = 'Ce logement n’est pas à l’ordre du jour de la séance.';
    }
    for (const item of items) {
      const given = decisions.filter((decision) => decision.good_id === item.good.id);
      const key = `decisions.${item.good.id}`;
      if (given.length !== 1) {
        problems[`${key}.outcome`] = given.length === 0 ? 'Donnez la décision du comité pour ce logement.' : 'Une seule décision par logement.';
        continue;
      }
      for (const [field, message] of Object.entries(decisionProblems(given[0]!, item.candidates.map((candidate) => candidate.id)))) problems[`${key}.${field}`] = message;
    }
    if (Object.keys(problems).length > 0) throw new FieldsError(problems);
  }

  /**
   * A candidate not chosen, still « Présenté en comité », goes back « En instruction » (for another good), or is
   * « Refusé » when the committee found the candidacy inadmissible; answers whether the file moved.
   */
  private async leaves(manager: EntityManager, candidate: CommitteeCandidate, inadmissible: boolean, reason: string | null, actor: SessionUser): Promise<boolean> {
    const record = await this.records.lockedIn(manager, candidate.record.id);
    if (record?.stage !== 'committee') return false;
    const why = reason ? ` : ${reason}` : '';
    if (inadmissible) {
      await this.followUp.moveIn(manager, record, 'refused', `Candidature jugée irrecevable par le comité d’attribution${why}`, actor);
      await this.followUp.addEventIn(manager, { record_id: record.id, type: 'refusal_by_provider', reason: 'other', good_id: null, at: new Date().toISOString(), comment: `Irrecevable${why}` }, actor);
    } else {
      await this.followUp.moveIn(manager, record, 'under_review', `Non retenu par le comité d’attribution${why}`, actor);
    }
    return true;
  }
}
