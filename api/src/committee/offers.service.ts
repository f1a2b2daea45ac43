import { Inject, Injectable, Logger, NotFoundException, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { goodSlug } from '@hsa-lli/common/back-office';
import { formatDateTime, formatEuros, goodPath, HOLDING_OUTCOME, type MyOffersAnswer, type OfferAnswerRequest, type OfferView } from '@hsa-lli/common/domain';
import { LessThan, MoreThan, type DataSource, type EntityManager } from 'typeorm';
import type { SessionUser } from '../auth/session-user.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { rowLock } from '../database/list-query.js';
import { FollowUpService } from '../follow-up/follow-up.service.js';
import { GoodsService } from '../goods/goods.service.js';
import type { Good } from '../goods/entities/good.entity.js';
import { ConflictError } from '../http/api-errors.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { goodLabel, householdPersons } from '../records/record-view.js';
import type { Record } from '../records/entities/record.entity.js';
import { RecordsService } from '../records/records.service.js';
import { CommitteeCandidate } from './entities/committee-candidate.entity.js';
import { Offer } from './entities/offer.entity.js';

const DAY_MS = 86_400_000;
export const EXPIRE_JOB = 'expire-offers';
const EXPIRE_EVERY_MINUTES = 15;
const MY_FILE = '/mon-compte-hsa-lli/mon-dossier';
const SILENCE = 'Pas de réponse dans le délai donné';

/**
 * The offers of a good to the applicants the committee chose (docs/committee.md): made at closing to the first of the
 * ranking, answered by the applicant before the deadline (silence is a refusal, found by a scheduled job), and passed on
 * to the next ranked candidate after a refusal. The applicants are e-mailed at each step.
 */
@Injectable()
export class OffersService implements OnApplicationBootstrap {
  private readonly logger = new Logger(OffersService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly goods: GoodsService,
    private readonly records: RecordsService,
    private readonly followUp: FollowUpService,
  ) {
    jobs.register('committee', EXPIRE_JOB, () => this.expireDue());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('committee', EXPIRE_JOB, EXPIRE_EVERY_MINUTES);
  }

  /**
   * Offers the good to a candidate's file, in the caller's transaction: the file moves to « Attribué » naming the good,
   * an « offer » event is recorded, and the offer waits for its answer for OFFER_ANSWER_DAYS. The e-mail goes once the
   * caller has committed (`announce`).
   */
  async make(manager: EntityManager, candidate: CommitteeCandidate, goodId: number, condition: string | null, actor: SessionUser | null): Promise<Offer> {
    const record = await this.records.lockedIn(manager, candidate.record.id);
    if (!record) throw new NotFoundException();
    const now = new Date();
    await this.followUp.moveIn(manager, record, 'allocated', condition ? `Attribué sous condition par le comité : ${condition}` : 'Attribué par le comité d’attribution', actor);
    await this.records.setGood(manager, record.id, goodId);
    await this.followUp.addEventIn(manager, { record_id: record.id, type: 'offer', reason: null, good_id: goodId, at: now.toISOString(), comment: condition ? `Sous condition : ${condition}` : null }, actor);
    return manager.save(
      manager.create(Offer, { record: { id: record.id }, good: { id: goodId }, candidate: { id: candidate.id }, state: 'pending', condition, sentAt: now, deadline: new Date(now.getTime() + this.config.offerAnswerDays * DAY_MS) }),
    );
  }

  /** The applicant's answer. A refusal passes the good to the next ranked candidate; a late answer is refused. */
  async answer({ offer_id, answer, reason }: OfferAnswerRequest, actor: SessionUser): Promise<MyOffersAnswer> {
    const next = await this.dataSource.transaction(async (manager) => {
      const offer = await this.lockedOffer(manager, offer_id);
      const owner = offer && (await this.records.findMine(actor.id, manager).catch(() => null));
      if (!offer || !owner || offer.record.id !== owner.id) throw new NotFoundException();
      if (offer.state !== 'pending') throw new ConflictError('Vous avez déjà répondu à cette proposition.');
      if (offer.deadline <= new Date()) throw new ConflictError('Le délai de réponse à cette proposition est dépassé : elle a été transmise au candidat suivant. Contactez-nous si vous pensez qu’il s’agit d’une erreur.');
      if (answer === 'accept') {
        await manager.update(Offer, { id: offer.id }, { state: 'accepted', answeredAt: new Date() });
        // The good is held for this household from now on (docs/follow-up.md, « A good's availability »).
        await this.followUp.settleIn(manager, { record_id: offer.record.id, type: 'offer', good_id: offer.good.id }, HOLDING_OUTCOME);
        return null;
      }
      return this.refused(manager, offer, 'declined', reason?.trim() || null, actor);
    });
    await this.followUp.changed((await this.records.findMine(actor.id)).id);
    if (next) await this.announce(next.id);
    return this.mine(actor.id);
  }

  /** The offers left unanswered past their deadline: each refused by silence, its good passed on. */
  async expireDue(now = new Date()): Promise<{ expired: number }> {
    const due = await this.dataSource.manager.find(Offer, { select: { id: true }, where: { state: 'pending', deadline: LessThan(now) } });
    for (const { id } of due) {
      const outcome = await this.dataSource.transaction(async (manager) => {
        const offer = await this.lockedOffer(manager, id);
        if (offer?.state !== 'pending') return null;
        return { record: offer.record.id, next: await this.refused(manager, offer, 'expired', SILENCE, null) };
      });
      if (!outcome) continue;
      await this.followUp.changed(outcome.record);
      await this.mailTo(outcome.record, 'Votre proposition de logement a expiré', [
        'Sans réponse de votre part dans le délai donné, la proposition de logement qui vous avait été faite a expiré et le logement a été proposé à un autre candidat.',
        'Votre dossier reste actif : notre équipe l’examinera pour d’autres logements.',
      ]);
      if (outcome.next) await this.announce(outcome.next.id);
    }
    if (due.length > 0) this.logger.log(`${due.length} offer(s) expired`);
    return { expired: due.length };
  }

  /** The offers made to the caller's file, the latest first. */
  async mine(userId: number): Promise<MyOffersAnswer> {
    const record = await this.records.findMine(userId);
    const offers = await this.dataSource.manager.find(Offer, { where: { record: { id: record.id } }, relations: { good: true }, order: { sentAt: 'DESC', id: 'DESC' } });
    const goods = await Promise.all(offers.map((offer) => this.goods.find(offer.good.id)));
    return { data: offers.map((offer, index) => this.offerView(offer, goods[index]!)) };
  }

  /** E-mails the outcome of a closed session to each of its candidates: the offer, a place on the reserve list, or the reason. */
  async announceOutcomes(sessionId: number): Promise<void> {
    const candidates = await this.dataSource.manager.find(CommitteeCandidate, { where: { item: { session: { id: sessionId } } }, relations: { record: true, item: { good: true } } });
    for (const candidate of candidates) {
      const offer = await this.dataSource.manager.findOne(Offer, { where: { candidate: { id: candidate.id } }, select: { id: true } });
      if (offer) await this.announce(offer.id);
      else if (candidate.rank) {
        await this.mailTo(candidate.record.id, 'Votre candidature au comité d’attribution', [
          `Le comité d’attribution a examiné votre candidature et l’a classée en position ${candidate.rank} pour le logement demandé. Le logement a été proposé au candidat classé avant vous.`,
          'Si ce candidat ne donne pas suite, le logement vous sera proposé : vous recevrez alors un e-mail.',
        ]);
      } else {
        await this.mailTo(candidate.record.id, 'Votre candidature au comité d’attribution', [
          'Le comité d’attribution a examiné votre candidature et ne l’a pas retenue pour ce logement.',
          ...(candidate.reason ? [`Motif donné par le comité : ${candidate.reason}`] : []),
          'Vous pouvez suivre votre dossier dans votre espace, et nous contacter pour en parler.',
        ]);
      }
    }
  }

  /** Refuses an offer (by the applicant, or by silence) in the caller's transaction; answers the offer made to the next one. */
  private async refused(manager: EntityManager, offer: Offer, state: 'declined' | 'expired', reason: string | null, actor: SessionUser | null): Promise<Offer | null> {
    await manager.update(Offer, { id: offer.id }, { state, reason, answeredAt: new Date() });
    await this.followUp.settleIn(manager, { record_id: offer.record.id, type: 'offer', good_id: offer.good.id }, state === 'declined' ? 'no_interest' : 'no_answer');
    const record = await this.records.lockedIn(manager, offer.record.id);
    if (record?.stage === 'allocated') {
      await this.followUp.moveIn(manager, record, 'under_review', state === 'declined' ? `Proposition refusée : ${reason}` : `Proposition expirée : ${SILENCE}`, actor);
      await this.records.setGood(manager, record.id, null);
    }
    await this.followUp.addEventIn(
      manager,
      { record_id: offer.record.id, type: 'refusal_by_applicant', reason: state === 'declined' ? 'other' : 'delay', good_id: offer.good.id, at: new Date().toISOString(), comment: reason },
      actor,
    );
    return this.passOn(manager, offer);
  }

  /** The good goes to the next candidate of the ranking still « Présenté en comité » and never offered it. */
  private async passOn(manager: EntityManager, offer: Offer): Promise<Offer | null> {
    const ranked = await manager.find(CommitteeCandidate, {
      where: { item: { id: offer.candidate.item.id }, rank: MoreThan(offer.candidate.rank ?? 0) },
      relations: { record: true },
      order: { rank: 'ASC' },
    });
    for (const candidate of ranked) {
      const offered = await manager.exists(Offer, { where: { candidate: { id: candidate.id } } });
      if (offered || candidate.record.stage !== 'committee') continue;
      return this.make(manager, candidate, offer.good.id, offer.condition, null);
    }
    return null;
  }

  private lockedOffer(manager: EntityManager, id: number): Promise<Offer | null> {
    return manager
      .findOne(Offer, { where: { id }, lock: rowLock(manager) })
      .then((locked) => locked && manager.findOne(Offer, { where: { id }, relations: { record: true, good: true, candidate: { item: true } } }));
  }

  /** E-mails an offer to its applicant, once made. */
  private async announce(offerId: number): Promise<void> {
    const offer = await this.dataSource.manager.findOne(Offer, { where: { id: offerId }, relations: { record: true, good: true } });
    const good = offer && (await this.goods.find(offer.good.id));
    if (!offer || !good) return;
    await this.mailTo(
      offer.record.id,
      'Un logement vous est proposé',
      [
        `Bonne nouvelle : le comité d’attribution vous propose le logement ${goodLabel(good)}, à ${good.residence.city.name}, pour un loyer de ${formatEuros(good.rentPriceCents / 100)} par mois, charges comprises.`,
        ...(offer.condition ? [`Cette proposition est faite sous une condition : ${offer.condition}`] : []),
        `Vous avez jusqu’au ${formatDateTime(offer.deadline)} pour l’accepter ou la refuser dans votre espace. Sans réponse de votre part à cette date, la proposition sera considérée comme refusée et le logement proposé au candidat suivant.`,
      ],
      { label: 'Répondre à la proposition', url: `${this.config.publicUrl}${MY_FILE}` },
    );
  }

  private async mailTo(recordId: number, subject: string, paragraphs: string[], action?: { label: string; url: string }): Promise<void> {
    const [record] = await this.records.forCommittee([recordId]);
    const to = record && addressOf(record);
    if (!to) return;
    const [first] = householdPersons(record);
    await this.mail.send({ to, subject, paragraphs: [`Bonjour ${first?.firstName ?? ''},`.replace(' ,', ','), ...paragraphs], action: action ?? { label: 'Voir mon dossier', url: `${this.config.publicUrl}${MY_FILE}` } });
  }

  private offerView(offer: Offer, good: Good): OfferView {
    return {
      id: offer.id,
      state: offer.state,
      good: {
        id: good.id,
        label: goodLabel(good),
        residence: good.residence.name,
        city: good.residence.city.name,
        rent: good.rentPriceCents / 100,
        path: goodPath(good.residence.slug, { slug: goodSlug(good.flatSize, good.surface), id: good.id }),
      },
      condition: offer.condition,
      sent_at: offer.sentAt.toISOString(),
      deadline: offer.deadline.toISOString(),
      answered_at: offer.answeredAt?.toISOString() ?? null,
      reason: offer.reason,
    };
  }
}

/** Where a file's e-mails go: its account's address, else its first applicant's. */
function addressOf(record: Record): string | null {
  return record.user?.email ?? householdPersons(record)[0]?.email ?? null;
}

