import { Injectable } from '@nestjs/common';
import {
  documentLabel,
  eventType,
  formatDateTime,
  labelOf,
  OFFER_STATE_OPTIONS,
  OUTCOME_OPTIONS,
  stageLabel,
  type MyTimelineAnswer,
  type TimelineEntry,
  type TimelineKind,
  type EventType,
} from '@hsa-lli/common/domain';
import { OffersService } from '../committee/offers.service.js';
import { SessionViews } from '../committee/session-views.js';
import { FollowUpService } from '../follow-up/follow-up.service.js';
import { GoodsService } from '../goods/goods.service.js';
import { documentView, goodLabel, householdDocuments } from '../records/record-view.js';
import { RecordsService } from '../records/records.service.js';

/** The events that show in the applicant's timeline, and how. Offers and refusals of offers come from the offers. */
const SHOWN_EVENTS: { [type in EventType]?: TimelineKind } = {
  call: 'call',
  message: 'message',
  interview: 'interview',
  visit: 'visit',
  refusal_by_provider: 'refusal',
  lease_signed: 'lease',
  move_in: 'move',
  leaving: 'move',
};

/**
 * « Où en est mon dossier » : everything that happened to the caller's file, in time order, in plain French — its
 * stages, the reviews of its documents, its interviews and visits, the committee's decision, the offers and their
 * answers. Never staff's private notes or comments.
 */
@Injectable()
export class TimelineService {
  constructor(
    private readonly records: RecordsService,
    private readonly followUp: FollowUpService,
    private readonly offers: OffersService,
    private readonly sessions: SessionViews,
    private readonly goods: GoodsService,
  ) {}

  async mine(userId: number): Promise<MyTimelineAnswer> {
    const record = await this.records.findMine(userId);
    const [followUp, { data: offers }, outcomes] = await Promise.all([this.followUp.view(record.id), this.offers.mine(userId), this.sessions.outcomesFor(record.id)]);
    const persons = record.situation === 'couple' ? 2 : 1;
    const entries: TimelineEntry[] = [{ kind: 'created', at: record.createdAt.toISOString(), title: 'Ouverture de votre dossier', detail: `Référence ${record.reference}` }];
    for (const change of followUp.stage_changes) {
      entries.push({ kind: 'stage', at: change.at, title: `Votre dossier est passé au stade « ${stageLabel(change.to)} »`, detail: null });
    }
    for (const document of householdDocuments(record)) {
      if (!document.reviewedAt || document.status === 'to_process') continue;
      const name = documentLabel(documentView(document).type, persons);
      entries.push(
        document.status === 'validated'
          ? { kind: 'document', at: document.reviewedAt.toISOString(), title: `Pièce validée : ${name}`, detail: null }
          : { kind: 'document', at: document.reviewedAt.toISOString(), title: `Pièce refusée : ${name}`, detail: document.reason },
      );
    }
    for (const event of followUp.events) {
      const kind = SHOWN_EVENTS[event.type];
      if (!kind) continue;
      const type = eventType(event.type);
      const reason = event.reason ? labelOf(type.reasons, event.reason, '') : '';
      const parts = [reason, event.good?.label, event.outcome ? labelOf(OUTCOME_OPTIONS, event.outcome) : ''].filter(Boolean);
      entries.push({ kind, at: event.at, title: type.label, detail: parts.length > 0 ? parts.join(' — ') : null });
    }
    for (const outcome of outcomes) {
      const good = await this.goods.withResidence(outcome.good);
      const label = good ? goodLabel(good) : 'le logement demandé';
      entries.push({
        kind: 'committee',
        at: outcome.at.toISOString(),
        title: 'Décision du comité d’attribution',
        detail:
          outcome.rank === 1
            ? `Le comité vous a retenu pour ${label}.`
            : outcome.rank
              ? `Le comité vous a classé en position ${outcome.rank} pour ${label}.`
              : `Le comité ne vous a pas retenu pour ${label}${outcome.reason ? ` : ${outcome.reason}` : '.'}`,
      });
    }
    for (const offer of offers) {
      entries.push({ kind: 'offer', at: offer.sent_at, title: `Logement proposé : ${offer.good.label}`, detail: `Réponse attendue avant le ${formatDateTime(offer.deadline)}` });
      if (offer.answered_at) {
        entries.push({ kind: 'offer', at: offer.answered_at, title: `Proposition ${labelOf(OFFER_STATE_OPTIONS, offer.state).toLowerCase()} : ${offer.good.label}`, detail: offer.reason });
      }
    }
    // Newest first; at the same second (a decision, the offer it made), the one written later here first.
    return { data: entries.map((entry, index) => ({ entry, index })).sort((a, b) => Date.parse(b.entry.at) - Date.parse(a.entry.at) || b.index - a.index).map(({ entry }) => entry) };
  }
}
