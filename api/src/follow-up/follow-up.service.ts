import { Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CandidacyKind, EventCreateRequest, EventOutcomeRequest, FollowerOption, FollowUpView, RecordEventView, RecordGoodOption, StageMoveRequest } from '@hsa-lli/common/back-office';
import { instantOf, labelOf, OUTCOME_OPTIONS, ROLES, stageLabel, stageMoveProblem, type EventType, type Outcome, type RecordStage } from '@hsa-lli/common/domain';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { mayUse } from '../auth/access-rules.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, FieldsError } from '../http/api-errors.js';
import { GoodsService } from '../goods/goods.service.js';
import { changedFields, HistoryService } from '../history/history.service.js';
import { RecordEvent } from './entities/record-event.entity.js';
import { RecordNote } from './entities/record-note.entity.js';
import { RecordStageChange } from './entities/record-stage-change.entity.js';
import { STAFF_RECORD } from '../records/record-pages.js';
import { goodLabel } from '../records/record-view.js';
import type { Record } from '../records/entities/record.entity.js';
import { RecordsService } from '../records/records.service.js';
import { fullName } from '../users/account-names.js';
import { UsersService } from '../users/users.service.js';
import { FOLLOW_UP_EVENTS, FollowUpChanged } from './follow-up.events.js';

/** Who made a change no person made: the platform itself (an offer left unanswered past its deadline). */
const AUTOMATIC = 'La plateforme (automatique)';

function eventView(event: RecordEvent): RecordEventView {
  return {
    id: event.id,
    type: event.type,
    reason: event.reason,
    good: event.good ? { id: event.good.id, label: goodLabel(event.good) } : null,
    at: event.at.toISOString(),
    outcome: event.outcome,
    comment: event.comment,
    by: event.actorName,
    by_id: event.actorId,
    created_at: event.createdAt.toISOString(),
  };
}

/**
 * A file's follow-up by staff: its stage (only the moves that make sense, each dated and attributed), its follow-up
 * events (what the statistics count), its private notes, and the staff member following it.
 */
@Injectable()
export class FollowUpService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly history: HistoryService,
    private readonly events: EventEmitter2,
    private readonly records: RecordsService,
    private readonly goods: GoodsService,
    private readonly users: UsersService,
  ) {}

  async view(recordId: number): Promise<FollowUpView> {
    const manager = this.dataSource.manager;
    const record = await this.records.withFollower(recordId);
    if (!record) throw new NotFoundException();
    const [changes, events, notes] = await Promise.all([
      manager.find(RecordStageChange, { where: { record: { id: recordId } }, order: { at: 'DESC', id: 'DESC' } }),
      manager.find(RecordEvent, { where: { record: { id: recordId } }, relations: { good: { residence: true } }, order: { at: 'DESC', id: 'DESC' } }),
      manager.find(RecordNote, { where: { record: { id: recordId } }, order: { createdAt: 'DESC', id: 'DESC' } }),
    ]);
    return {
      stage: record.stage,
      follower: record.follower ? { id: record.follower.id, name: fullName(record.follower) } : null,
      stage_changes: changes.map((change) => ({ from: change.from, to: change.to, comment: change.comment, by: change.actorName, at: change.at.toISOString() })),
      events: events.map(eventView),
      notes: notes.map((note) => ({ id: note.id, body: note.body, by: note.authorName, created_at: note.createdAt.toISOString() })),
    };
  }

  /**
   * Moves a file to another stage; a move that makes no sense from where it stands is a 409 saying which ones do. A file
   * goes « Complet » when every required document is validated: otherwise the move is a 409 `documents_not_validated`,
   * unless staff force it with a reason, kept as the move's comment.
   */
  async move({ id, stage, comment, force_reason }: StageMoveRequest, actor: SessionUser): Promise<FollowUpView> {
    await this.dataSource.transaction(async (manager) => {
      const record = await this.records.lockedIn(manager, id);
      if (!record) throw new NotFoundException();
      const problem = stageMoveProblem(record.stage, stage);
      if (problem) throw new ConflictError(problem);
      const forced = stage === 'complete' && !(await this.records.documentsValidated(manager, id));
      if (forced && !force_reason) {
        throw new ConflictError(
          'Toutes les pièces justificatives requises ne sont pas encore validées : le dossier ne peut passer au stade « Complet » qu’en forçant le passage, avec sa raison.',
          'documents_not_validated',
        );
      }
      const kept = forced ? [`Passage forcé, pièces non toutes validées : ${force_reason}`, comment].filter(Boolean).join('\n') : comment;
      await this.moveIn(manager, record, stage, kept || null, actor, forced ? ' (passage forcé)' : '');
    });
    return this.view(id);
  }

  async addEvent(request: EventCreateRequest, actor: SessionUser): Promise<{ event: RecordEventView }> {
    const manager = this.dataSource.manager;
    if (!(await this.records.exists(request.record_id))) throw new NotFoundException();
    const good = request.good_id == null ? null : await this.goods.withResidence(request.good_id);
    if (request.good_id != null && !good) throw new FieldsError({ good_id: 'Choisissez un logement de la liste.' });
    const saved = await this.addEventIn(manager, request, actor);
    await this.changed(request.record_id);
    return { event: eventView(Object.assign(saved, { good })) };
  }

  /**
   * Gives its outcome to an event recorded without one (a visit booked online, asked on the file's page once its time
   * has passed). An event that has one keeps it: 409, so that nobody overwrites another's record unseen.
   */
  async setOutcome({ id, outcome }: EventOutcomeRequest): Promise<{ event: RecordEventView }> {
    const event = await this.dataSource.manager.findOne(RecordEvent, { where: { id }, relations: { record: true, good: { residence: true } } });
    if (!event) throw new NotFoundException();
    if (event.outcome !== null) throw new ConflictError(`Cet événement a déjà une issue (« ${labelOf(OUTCOME_OPTIONS, event.outcome)} »).`);
    if (event.at > new Date()) throw new ConflictError('Cet événement n’a pas encore eu lieu : son issue se donne après.');
    await this.dataSource.manager.update(RecordEvent, { id }, { outcome });
    await this.changed(event.record.id);
    return { event: eventView(Object.assign(event, { outcome })) };
  }

  /** Removes an event recorded by mistake: by its author, or by an administrator. */
  async deleteEvent(id: number, actor: SessionUser): Promise<{ id: number }> {
    const event = await this.dataSource.manager.findOne(RecordEvent, { where: { id }, relations: { record: true, good: true } });
    if (!event) throw new NotFoundException();
    if (event.actorId !== actor.id && !actor.roles.includes('admin')) {
      throw new ConflictError(`Cet événement a été saisi par ${event.actorName} : seul son auteur, ou un administrateur, peut le retirer.`);
    }
    await this.dataSource.manager.delete(RecordEvent, { id });
    await this.events.emitAsync(FOLLOW_UP_EVENTS.changed, new FollowUpChanged(event.record.id, event.good ? [event.good.id] : []));
    return { id };
  }

  async addNote(recordId: number, body: string, actor: SessionUser): Promise<FollowUpView> {
    if (!(await this.records.exists(recordId))) throw new NotFoundException();
    await this.dataSource.manager.save(this.dataSource.manager.create(RecordNote, { record: { id: recordId }, body, authorId: actor.id, authorName: fullName(actor) }));
    return this.view(recordId);
  }

  /**
   * The files that are candidates for a good, by reference: those that wish it, that staff put forward for it
   * (`records.good`), or whose events offer or visit it; each with how, its persons and its latest event.
   */
  async candidatesFor(goodId: number): Promise<{ record: Record; kinds: CandidacyKind[]; lastEvent: RecordEvent | null }[]> {
    const manager = this.dataSource.manager;
    const [{ wished, proposed }, events] = await Promise.all([
      this.records.namingGood(goodId),
      manager.find(RecordEvent, { where: { good: { id: goodId }, type: In(['offer', 'visit']) }, relations: { record: true } }),
    ]);
    const kinds = new Map<number, Set<CandidacyKind>>();
    const add = (id: number, kind: CandidacyKind) => kinds.set(id, (kinds.get(id) ?? new Set<CandidacyKind>()).add(kind));
    wished.forEach((id) => add(id, 'wished'));
    proposed.forEach((id) => add(id, 'proposed'));
    events.forEach((event) => add(event.record.id, event.type === 'offer' ? 'offered' : 'visited'));
    if (kinds.size === 0) return [];
    const ids = [...kinds.keys()];
    const [records, latest] = await Promise.all([
      this.records.withPersons(ids),
      manager.find(RecordEvent, { where: { record: { id: In(ids) } }, relations: { record: true }, order: { at: 'DESC', id: 'DESC' } }),
    ]);
    const order: CandidacyKind[] = ['wished', 'proposed', 'offered', 'visited'];
    return records.map((record) => ({
      record,
      kinds: order.filter((kind) => kinds.get(record.id)!.has(kind)),
      lastEvent: latest.find((event) => event.record.id === record.id) ?? null,
    }));
  }

  /** The goods of a residence, by reference: what an event may name beyond the goods the household wished. */
  async goodOptions(residenceId: number): Promise<{ data: RecordGoodOption[] }> {
    const goods = await this.goods.ofResidence(residenceId);
    return { data: goods.map((good) => ({ id: good.id, label: `${good.reference} — ${goodLabel(good)}` })) };
  }

  /** The active staff members who may follow a file (those the access table opens its page to), by name. */
  async followers(): Promise<{ data: FollowerOption[] }> {
    const users = await this.users.activeWithAnyRole(ROLES.filter((role) => mayUse([role], STAFF_RECORD)));
    return { data: users.filter((user) => mayUse(user.roles, STAFF_RECORD)).map((user) => ({ id: user.id, name: fullName(user) })) };
  }

  async setFollower(recordId: number, userId: number | null, actor: SessionUser): Promise<FollowUpView> {
    await this.dataSource.transaction(async (manager) => {
      const record = await this.records.withFollower(recordId, manager);
      if (!record) throw new NotFoundException();
      const follower = userId === null ? null : await this.users.findActive(userId, manager);
      if (userId !== null && (!follower || !mayUse(follower.roles, STAFF_RECORD))) {
        throw new FieldsError({ user_id: 'Choisissez un membre actif de l’équipe (support technique, gestionnaire ou coordinateur).' });
      }
      await this.records.setFollower(manager, recordId, follower);
      const before = record.follower ? fullName(record.follower) : null;
      const after = follower ? fullName(follower) : null;
      await this.history.record({ subject: 'record', subjectId: recordId, actor, action: 'Suivi du dossier', changes: changedFields({ follower: before }, { follower: after }) }, manager);
    });
    return this.view(recordId);
  }

  /**
   * Moves a file to a stage in the caller's transaction, the file read there (`RecordsService.lockedIn`): the check of
   * the move (409 saying which moves make sense), the stage change dated and attributed (to the platform when no person
   * made it), and the history. `move` uses it, and so do the domains that decide on a file (the committee's decision, an
   * offer's answer), which tell the others once they have committed (`changed`).
   */
  async moveIn(manager: EntityManager, record: Pick<Record, 'id' | 'stage'>, stage: RecordStage, comment: string | null, actor: SessionUser | null, note = ''): Promise<void> {
    const problem = stageMoveProblem(record.stage, stage);
    if (problem) throw new ConflictError(problem);
    await this.records.setStage(manager, record.id, stage, new Date());
    const by = actor ? { actorId: actor.id, actorName: fullName(actor) } : { actorId: null, actorName: AUTOMATIC };
    await manager.save(manager.create(RecordStageChange, { record: { id: record.id }, from: record.stage, to: stage, comment, ...by }));
    if (actor) {
      await this.history.record(
        { subject: 'record', subjectId: record.id, actor, action: `Stade : ${stageLabel(stage)}${note}`, changes: changedFields({ stage: record.stage }, { stage }) },
        manager,
      );
    }
    record.stage = stage;
  }

  /** Records an event in the caller's transaction: `addEvent`'s, and those another domain decides on (an offer, its refusal). */
  async addEventIn(manager: EntityManager, request: EventCreateRequest, actor: SessionUser | null): Promise<RecordEvent> {
    return manager.save(
      manager.create(RecordEvent, {
        record: { id: request.record_id },
        type: request.type,
        reason: request.reason ?? null,
        good: request.good_id == null ? null : { id: request.good_id },
        at: instantOf(request.at),
        outcome: request.outcome ?? null,
        comment: request.comment || null,
        actorId: actor?.id ?? null,
        actorName: actor ? fullName(actor) : AUTOMATIC,
      }),
    );
  }

  /** Gives its outcome to a file's latest event of a type naming a good, in the caller's transaction (an offer answered). */
  async settleIn(manager: EntityManager, { record_id, type, good_id }: { record_id: number; type: EventType; good_id: number }, outcome: Outcome): Promise<void> {
    const event = await manager.findOne(RecordEvent, { select: { id: true, at: true }, where: { record: { id: record_id }, type, good: { id: good_id } }, order: { at: 'DESC', id: 'DESC' } });
    if (event) await manager.update(RecordEvent, { id: event.id }, { outcome });
  }

  /** Tells the other domains that a file's follow-up changed (its list columns, its good's availability). */
  async changed(recordId: number): Promise<void> {
    await this.events.emitAsync(FOLLOW_UP_EVENTS.changed, new FollowUpChanged(recordId));
  }
}
