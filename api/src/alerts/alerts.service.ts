import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  addMonths,
  ALERT_LIMITS,
  describeFilters,
  FLAT_SIZE_OPTIONS,
  formatCents,
  formatDate,
  formatSurface,
  labelOf,
  parisDay,
  plural,
  residencesSearch,
  type AlertCreateRequest,
  type AlertView,
  type ResidenceFilters,
} from '@hsa-lli/common/domain';
import { randomBytes } from 'node:crypto';
import { In, IsNull, LessThan, Not, type DataSource, type EntityManager, type Repository } from 'typeorm';
import type { SessionUser } from '../auth/session-user.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { scrubDeletedPages } from '../database/data-source.js';
import { rowLock } from '../database/list-query.js';
import { TooManyAttemptsError } from '../http/api-errors.js';
import { RateLimiter } from '../http/rate-limiter.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService, type Mail } from '../mail/mail.service.js';
import { ResidencesService, type OfferedHome } from '../residences/residences.service.js';
import { SignedLinks } from '../tokens/signed-links.js';
import { hashToken } from '../tokens/tokens.service.js';
import { AlertHome } from './entities/alert-home.entity.js';
import { Alert } from './entities/alert.entity.js';

const JOB = 'digest';
/** The kind of an alert's own link (SignedLinks). */
const LINK = 'alert';
/** The daily e-mails go in the morning, France's time. */
const HOUR = 8;
const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;


/** The day an alert stops by itself unless renewed (France's day). */
const endOf = (alert: Alert): Date | null => (alert.renewedAt ? addMonths(alert.renewedAt, ALERT_LIMITS.months) : null);

export function toAlertView(alert: Alert): AlertView {
  const end = endOf(alert);
  return {
    id: alert.id,
    label: describeFilters(alert.filters),
    filters: alert.filters,
    status: alert.confirmedAt ? 'active' : 'pending',
    created_at: alert.createdAt.toISOString(),
    confirmed_at: alert.confirmedAt?.toISOString() ?? null,
    ends_on: end ? parisDay(end) : null,
    last_sent_at: alert.lastSentAt?.toISOString() ?? null,
  };
}

/** One home as an alert's e-mail says it. */
function homeLine(home: OfferedHome): string {
  const size = labelOf(FLAT_SIZE_OPTIONS, home.flat_size);
  const when = home.available_from ? `disponible à partir du ${formatDate(home.available_from)}` : 'disponible immédiatement';
  return `${home.residence}, ${home.city} — ${size} de ${formatSurface(home.surface)}, ${formatCents(home.rent_price_cents)} par mois charges comprises, ${when}`;
}

/** What a daily run did, for its log line and the tests. */
export interface AlertsRun {
  sent: number;
  ended: number;
  unconfirmed: number;
}

/**
 * E-mail alerts on the public list (docs/alerts.md): asked for with an address, confirmed by the e-mailed link (double
 * opt-in: nothing else is sent before), then at most one e-mail a day, in the morning, with the homes that match and
 * were published or became available since; each e-mail carries the alert's own link (its page, one-click
 * unsubscribe). An alert ends by itself ALERT_LIMITS.months after its confirmation or its owner's latest renewal.
 */
@Injectable()
export class AlertsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AlertsService.name);

  constructor(
    @InjectRepository(Alert) private readonly alerts: Repository<Alert>,
    @InjectRepository(AlertHome) private readonly homes: Repository<AlertHome>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly residences: ResidencesService,
    private readonly limiter: RateLimiter,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
    private readonly links: SignedLinks,
  ) {
    jobs.register('alerts', JOB, () => this.run());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.scheduleDaily('alerts', JOB, HOUR);
  }

  /**
   * « Créer une alerte »: the address gets a confirmation link, or is told why not (it has the alert already, or as
   * many as it may): the answer is the same whatever the address has, so that it tells nobody what another address
   * asked for.
   */
  async ask(request: AlertCreateRequest, network: string | undefined, now = new Date()): Promise<void> {
    if ((await this.limiter.hit(`alerts:ip:${network}`, { max: ALERT_LIMITS.requestsPerHour, windowMs: HOUR_MS })) > ALERT_LIMITS.requestsPerHour) {
      throw new TooManyAttemptsError('Vous avez demandé plusieurs alertes en peu de temps. Réessayez dans une heure.');
    }
    const perAddress = `alerts:address:${this.links.digest('alert-address', request.email)}`;
    if ((await this.limiter.hit(perAddress, { max: ALERT_LIMITS.confirmationsPerAddressPerDay, windowMs: DAY_MS })) > ALERT_LIMITS.confirmationsPerAddressPerDay) {
      throw new TooManyAttemptsError('Cette adresse a reçu plusieurs e-mails de confirmation aujourd’hui. Réessayez demain.');
    }
    const filters = request.filters as ResidenceFilters;
    const label = describeFilters(filters);
    const mail = await this.dataSource.transaction(async (manager): Promise<Mail> => {
      const existing = await manager.find(Alert, { where: { email: request.email }, lock: rowLock(manager) });
      const same = existing.find((alert) => sameFilters(alert.filters, filters));
      if (same?.confirmedAt) {
        return {
          to: request.email,
          subject: 'Votre alerte existe déjà',
          paragraphs: ['Bonjour,', `Vous recevez déjà nos nouveautés pour « ${label} ». Chacun de nos e-mails d’alerte contient le lien pour la gérer ou vous désinscrire.`, NOT_YOU],
        };
      }
      if (!same && existing.length >= ALERT_LIMITS.perAddress) {
        return {
          to: request.email,
          subject: 'Vous avez déjà le nombre maximal d’alertes',
          paragraphs: [
            'Bonjour,',
            `Nous n’avons pas créé l’alerte « ${label} » : une adresse peut suivre ${ALERT_LIMITS.perAddress} recherches au plus. Supprimez-en une depuis le lien de ses e-mails ou depuis votre espace, puis créez-la à nouveau.`,
            NOT_YOU,
          ],
        };
      }
      const raw = randomBytes(32).toString('base64url');
      const alert = same ?? manager.create(Alert, { email: request.email, filters, confirmedAt: null, renewedAt: null, lastSentAt: null });
      alert.confirmHash = hashToken(raw);
      alert.confirmExpiresAt = new Date(now.getTime() + ALERT_LIMITS.confirmationDays * DAY_MS);
      await manager.save(alert);
      return {
        to: request.email,
        subject: 'Confirmez votre alerte',
        paragraphs: [
          'Bonjour,',
          `Vous avez demandé à recevoir par e-mail nos logements qui correspondent à « ${label} ».`,
          `Confirmez-le avec le bouton ci-dessous (le lien est valable ${ALERT_LIMITS.confirmationDays} jours). Vous recevrez ensuite un e-mail au plus par jour, seulement quand un logement est publié ou se libère.`,
          NOT_YOU,
        ],
        action: { label: 'Confirmer mon alerte', url: `${this.config.publicUrl}/alertes/confirmation/${raw}` },
      };
    });
    await this.mail.send(mail);
  }

  /** The confirmation link's use: the alert starts, and the homes already on offer are taken as known. */
  async confirm(raw: string, now = new Date()): Promise<AlertView | null> {
    const confirmed = await this.dataSource.transaction(async (manager) => {
      const alert = await manager.findOne(Alert, { where: { confirmHash: hashToken(raw) }, lock: rowLock(manager) });
      if (!alert || !alert.confirmExpiresAt || alert.confirmExpiresAt <= now) return null;
      Object.assign(alert, { confirmHash: null, confirmExpiresAt: null, confirmedAt: now, renewedAt: now });
      await manager.save(alert);
      // With the confirmation, so that no daily run in between takes them for news.
      const offered = await this.residences.offeredHomes(alert.filters, parisDay(now));
      if (offered.length > 0) await manager.insert(AlertHome, offered.map((home) => ({ alertId: alert.id, goodId: home.id })));
      return alert;
    });
    return confirmed && toAlertView(confirmed);
  }

  /** The alert its own link names (the link of its e-mails), or null. */
  async byLink(token: string): Promise<AlertView | null> {
    const alert = await this.fromLink(token);
    return alert ? toAlertView(alert) : null;
  }

  /** Unsubscribes the alert its own link names: it is deleted, with what it told of. False when there is none. */
  async unsubscribe(token: string): Promise<boolean> {
    const alert = await this.fromLink(token);
    if (!alert) return false;
    await this.alerts.delete({ id: alert.id });
    await scrubDeletedPages(this.dataSource);
    return true;
  }

  /** « Garder cette alerte »: it lasts ALERT_LIMITS.months from now. */
  async renew(token: string, now = new Date()): Promise<AlertView | null> {
    const alert = await this.fromLink(token);
    return alert ? this.renewed(alert, now) : null;
  }

  /** The alerts of the caller's address, newest first. */
  async mine(caller: SessionUser): Promise<AlertView[]> {
    return (await this.alerts.find({ where: { email: caller.email }, order: { createdAt: 'DESC', id: 'DESC' } })).map(toAlertView);
  }

  /** Deletes one of the caller's alerts; false for an id that is not one of theirs. */
  async removeMine(caller: SessionUser, id: number): Promise<boolean> {
    if (!(await this.alerts.delete({ id, email: caller.email })).affected) return false;
    await scrubDeletedPages(this.dataSource);
    return true;
  }

  /** Renews one of the caller's confirmed alerts; null for an id that is not one of theirs or not confirmed. */
  async renewMine(caller: SessionUser, id: number, now = new Date()): Promise<AlertView | null> {
    const alert = await this.alerts.findOne({ where: { id, email: caller.email, confirmedAt: Not(IsNull()) } });
    return alert ? this.renewed(alert, now) : null;
  }

  /** Everything kept about an address's alerts, for its owner's export. */
  async exportOf(email: string): Promise<AlertView[]> {
    return (await this.alerts.find({ where: { email }, order: { id: 'ASC' } })).map(toAlertView);
  }

  /** Deletes an address's alerts (its owner's erasure); answers how many went. */
  async eraseOf(email: string, manager: EntityManager = this.alerts.manager): Promise<number> {
    return (await manager.delete(Alert, { email })).affected ?? 0;
  }

  /**
   * The daily run: unconfirmed alerts past their link's days and alerts past their end are deleted, then each active
   * alert not written to yet today gets the homes that match and it has not told of; the homes it told of that are no
   * longer on offer are forgotten, so that their coming back is news.
   */
  async run(now = new Date()): Promise<AlertsRun> {
    const done: AlertsRun = { sent: 0, ended: 0, unconfirmed: 0 };
    done.unconfirmed = (await this.alerts.delete({ confirmedAt: IsNull(), confirmExpiresAt: LessThan(now) })).affected ?? 0;
    done.ended = (await this.alerts.delete({ renewedAt: LessThan(addMonths(now, -ALERT_LIMITS.months)) })).affected ?? 0;
    if (done.unconfirmed + done.ended > 0) await scrubDeletedPages(this.dataSource);
    const today = parisDay(now);
    const offers = new Map<string, Promise<OfferedHome[]>>();
    const offered = (filters: ResidenceFilters) => {
      const key = JSON.stringify(filters);
      if (!offers.has(key)) offers.set(key, this.residences.offeredHomes(filters, today));
      return offers.get(key)!;
    };
    for (const alert of await this.alerts.find({ where: { confirmedAt: Not(IsNull()) }, order: { id: 'ASC' } })) {
      if (alert.lastSentAt && parisDay(alert.lastSentAt) === today) continue;
      try {
        if (await this.tell(alert, await offered(alert.filters), now)) done.sent += 1;
      } catch (error) {
        // Logged without the address; the next run tries again.
        this.logger.error(`Alerts: alert ${alert.id} failed (${error instanceof Error ? error.name : 'error'})`);
      }
    }
    this.logger.log(`Alerts: ${done.sent} sent, ${done.ended} ended, ${done.unconfirmed} unconfirmed removed`);
    return done;
  }

  /** Writes to an alert's address about the homes it has not told of, and keeps what it told. */
  private async tell(alert: Alert, offered: OfferedHome[], now: Date): Promise<boolean> {
    const known = new Set((await this.homes.find({ select: { goodId: true }, where: { alertId: alert.id } })).map((row) => row.goodId));
    const onOffer = new Set(offered.map((home) => home.id));
    const gone = [...known].filter((id) => !onOffer.has(id));
    if (gone.length > 0) await this.homes.delete({ alertId: alert.id, goodId: In(gone) });
    const fresh = offered.filter((home) => !known.has(home.id));
    if (fresh.length === 0) return false;
    // Marked first: an e-mail lost is better than the same e-mail twice, should the queue fail after.
    await this.homes.insert(fresh.map((home) => ({ alertId: alert.id, goodId: home.id })));
    await this.alerts.update({ id: alert.id }, { lastSentAt: now });
    const label = describeFilters(alert.filters);
    const shown = fresh.slice(0, ALERT_LIMITS.homesPerEmail);
    const link = this.linkOf(alert);
    const end = endOf(alert);
    await this.mail.send({
      to: alert.email,
      subject: `${fresh.length === 1 ? 'Un nouveau logement' : `${fresh.length} nouveaux logements`} pour votre alerte`,
      paragraphs: [
        'Bonjour,',
        `${fresh.length === 1 ? 'Un logement correspond' : `${fresh.length} logements correspondent`} à votre recherche « ${label} » depuis notre dernier e-mail :`,
        ...shown.map((home) => `${homeLine(home)} : ${this.config.publicUrl}${home.path}`),
        ...(fresh.length > shown.length ? [`Et ${plural(fresh.length - shown.length, 'autre', 'autres')} sur notre site.`] : []),
        `Cette alerte s’arrêtera d’elle-même le ${formatDate(parisDay(end!))}. Pour la garder plus longtemps ou vous désinscrire : ${this.config.publicUrl}/alertes/gerer/${link}`,
      ],
      action: { label: 'Voir tous les logements', url: `${this.config.publicUrl}${residencesSearch(alert.filters)}` },
      unsubscribe: `${this.config.publicUrl}/api/front/alerts/one-click/${link}`,
    });
    return true;
  }

  private async renewed(alert: Alert, now: Date): Promise<AlertView> {
    alert.renewedAt = now;
    await this.alerts.update({ id: alert.id }, { renewedAt: now });
    return toAlertView(alert);
  }

  /** An alert's own link, in every e-mail it sends (SignedLinks). */
  private linkOf(alert: Alert): string {
    return this.links.of(LINK, alert);
  }

  private async fromLink(token: string): Promise<Alert | null> {
    const id = this.links.idOf(token);
    const alert = id === null ? null : await this.alerts.findOne({ where: { id, confirmedAt: Not(IsNull()) } });
    return alert && this.links.matches(LINK, token, alert) ? alert : null;
  }
}

const NOT_YOU = 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne vous sera envoyé.';

/** Whether two alerts follow the same search (the order of the filters aside). */
function sameFilters(a: ResidenceFilters, b: ResidenceFilters): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof ResidenceFilters>;
  return [...keys].every((key) => a[key] === b[key]);
}
