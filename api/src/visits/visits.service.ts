import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { VisitSlotRequest, VisitSlotStaffView } from '@hsa-lli/common/back-office';
import {
  formatDayOfWeek,
  formatTime,
  goodPath,
  instantOf,
  parisDay,
  parisInstant,
  VISIT_LIMITS,
  type VisitBookingRequest,
  type VisitBookingView,
  type VisitSlotView,
} from '@hsa-lli/common/domain';
import { Between, In, IsNull, LessThan, MoreThan, type DataSource, type EntityManager, type Repository } from 'typeorm';
import type { SessionUser } from '../auth/session-user.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { scrubDeletedPages } from '../database/data-source.js';
import { lockedTransaction } from '../database/list-query.js';
import { FollowUpService } from '../follow-up/follow-up.service.js';
import { RecordEvent } from '../follow-up/entities/record-event.entity.js';
import type { Good } from '../goods/entities/good.entity.js';
import { GoodsService } from '../goods/goods.service.js';
import { ConflictError, TooManyAttemptsError } from '../http/api-errors.js';
import { RateLimiter } from '../http/rate-limiter.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService, type Mail } from '../mail/mail.service.js';
import { goodLabel } from '../records/record-view.js';
import { RecordsService } from '../records/records.service.js';
import { SignedLinks } from '../tokens/signed-links.js';
import { VisitBooking } from './entities/visit-booking.entity.js';
import { VisitSlot } from './entities/visit-slot.entity.js';
import { calendarMethod, visitCalendar } from './visit-calendar.js';

const JOB = 'daily';
/** The reminders of the next day's visits go in the morning, France's time. */
const HOUR = 9;
const HOUR_MS = 60 * 60_000;
/** The kind of a booking's own link (SignedLinks). */
const LINK = 'visit';
const FULL = 'Ce créneau est complet : choisissez-en un autre.';
const PAST = 'Cette visite a commencé : elle ne peut plus être annulée ni déplacée.';

const endOf = (slot: VisitSlot) => new Date(slot.startsAt.getTime() + slot.durationMinutes * 60_000);
const active = (booking: VisitBooking) => booking.cancelledAt === null;

function slotView(slot: VisitSlot, taken: number): VisitSlotView {
  return {
    id: slot.id,
    good_id: slot.good.id,
    starts_at: slot.startsAt.toISOString(),
    ends_at: endOf(slot).toISOString(),
    kind: slot.kind,
    place: slot.place,
    url: slot.url,
    capacity: slot.capacity,
    remaining: Math.max(0, slot.capacity - taken),
  };
}

/** « le jeudi 3 décembre 2026 à 18 h 00 »: when a visit is, as its e-mails say it. */
const when = (slot: VisitSlot) => `le ${formatDayOfWeek(slot.startsAt)} à ${formatTime(slot.startsAt)}`;
const where = (slot: VisitSlot) => (slot.kind === 'virtual' ? `visite virtuelle : ${slot.url}` : `rendez-vous : ${slot.place}`);

/**
 * Visits booked online (docs/visits.md): staff publish slots on a good, anyone books one (name, address, phone; no
 * account needed) and gets a confirmation with a calendar file and the booking's own link to cancel or move it, and
 * a reminder the day before. A booking by the holder of an application file is a visit in its follow-up, whose outcome
 * staff give after the slot. Places are counted under the slot's lock: never more bookings than its capacity.
 */
@Injectable()
export class VisitsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(VisitsService.name);

  constructor(
    @InjectRepository(VisitSlot) private readonly slots: Repository<VisitSlot>,
    @InjectRepository(VisitBooking) private readonly bookings: Repository<VisitBooking>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly goods: GoodsService,
    private readonly records: RecordsService,
    private readonly followUp: FollowUpService,
    private readonly limiter: RateLimiter,
    private readonly mail: MailService,
    private readonly links: SignedLinks,
    private readonly jobs: JobsService,
  ) {
    jobs.register('visits', JOB, () => this.daily());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.scheduleDaily('visits', JOB, HOUR);
  }

  /** The coming slots of a good visitors may see, with their places left; null for a good they may not see. */
  async publicSlots(goodId: number, now = new Date()): Promise<VisitSlotView[] | null> {
    if (!(await this.goods.findPublic(goodId))) return null;
    const slots = await this.slots.find({ where: { good: { id: goodId }, startsAt: MoreThan(now) }, relations: { good: true, bookings: true }, order: { startsAt: 'ASC', id: 'ASC' } });
    return slots.map((slot) => slotView(slot, slot.bookings.filter(active).length));
  }

  /**
   * « Réserver une visite »: 404 (null) for a slot past or of a good visitors may not see, 409 when it is full. The
   * booking is a visit in an application file only when its holder makes it, signed in with the booking's address:
   * anyone may type an address, and nobody writes into another's file.
   */
  async book(request: VisitBookingRequest, network: string | undefined, signedIn: SessionUser | undefined, now = new Date()): Promise<{ booking: VisitBookingView } | null> {
    if ((await this.limiter.hit(`visits:ip:${network}`, { max: VISIT_LIMITS.bookingsPerHour, windowMs: HOUR_MS })) > VISIT_LIMITS.bookingsPerHour) {
      throw new TooManyAttemptsError('Vous avez réservé plusieurs visites en peu de temps. Réessayez dans une heure, ou appelez-nous au 05 59 00 00 00.');
    }
    // Each booking e-mails its address: a few a day to one address, whoever asks.
    if ((await this.limiter.hit(`visits:address:${this.links.digest('visit-address', request.email)}`, { max: VISIT_LIMITS.bookingsPerAddressPerDay, windowMs: 24 * HOUR_MS })) > VISIT_LIMITS.bookingsPerAddressPerDay) {
      throw new TooManyAttemptsError('Cette adresse e-mail a réservé plusieurs visites aujourd’hui. Réessayez demain, ou appelez-nous au 05 59 00 00 00.');
    }
    const holder = signedIn && signedIn.email.toLowerCase() === request.email.toLowerCase() ? signedIn.email : null;
    const booked = await lockedTransaction(this.dataSource, VisitSlot, request.slot_id, async (manager) => {
      const slot = await this.openSlot(manager, request.slot_id, now);
      if (!slot) return null;
      if (slot.bookings.some((booking) => active(booking) && booking.email === request.email)) {
        throw new ConflictError('Vous avez déjà réservé ce créneau : retrouvez votre réservation dans l’e-mail de confirmation.');
      }
      if (slot.bookings.filter(active).length >= slot.capacity) throw new ConflictError(FULL);
      const record = holder ? await this.records.ofAccountEmail(holder, manager) : null;
      const booking = await manager.save(
        manager.create(VisitBooking, { slot, name: request.name, email: request.email, phone: request.phone, record: record ? { id: record.id } : null, cancelledAt: null, remindedAt: null }),
      );
      if (record) {
        const event = await this.followUp.addEventIn(manager, { record_id: record.id, type: 'visit', reason: slot.kind, good_id: slot.good.id, at: slot.startsAt.toISOString(), comment: 'Réservée en ligne' }, null);
        await manager.update(VisitBooking, { id: booking.id }, { event: { id: event.id } });
      }
      return { booking, slot, record };
    });
    if (!booked) return null;
    if (booked.record) await this.followUp.changed(booked.record.id);
    const { booking, slot } = booked;
    await this.mail.send(this.confirmation(booking, slot, 'Votre visite est réservée'));
    return { booking: this.bookingView(booking, slot, slot.bookings.filter(active).length + 1) };
  }

  /** The booking its link names, cancelled or not; null for any other link. */
  async details(token: string): Promise<VisitBookingView | null> {
    const booking = await this.fromLink(token);
    return booking ? this.bookingView(booking, booking.slot, booking.slot.bookings.filter(active).length) : null;
  }

  /**
   * Cancels the booking its link names, until its visit starts: its place is free again, the file's visit says so
   * (unless staff gave it an outcome already). Null for any other link.
   */
  async cancel(token: string, now = new Date()): Promise<VisitBookingView | null> {
    const booking = await this.fromLink(token);
    if (!booking) return null;
    if (booking.cancelledAt) return this.bookingView(booking, booking.slot, booking.slot.bookings.filter(active).length);
    if (booking.slot.startsAt <= now) throw new ConflictError(PAST);
    const cancelled = await this.dataSource.transaction(async (manager) => {
      // Once only, whatever else the link does meanwhile (a move, another tab's cancel).
      if (!(await manager.update(VisitBooking, { id: booking.id, cancelledAt: IsNull() }, { cancelledAt: now })).affected) return false;
      if (booking.event) await manager.update(RecordEvent, { id: booking.event.id, outcome: IsNull() }, { outcome: 'not_done', comment: 'Réservée en ligne, annulée par le demandeur' });
      return true;
    });
    if (!cancelled) return this.details(token);
    if (booking.record) await this.followUp.changed(booking.record.id);
    booking.cancelledAt = now;
    await this.mail.send({
      to: booking.email,
      subject: 'Votre visite est annulée',
      paragraphs: ['Bonjour,', `Votre visite ${when(booking.slot)} (${this.goodName(booking.slot.good)}) est annulée, comme vous l’avez demandé.`, 'Le fichier joint la retire de votre agenda.'],
      action: { label: 'Voir le logement', url: `${this.config.publicUrl}${this.pathOf(booking.slot.good)}` },
      attachments: [this.calendarFile(booking, booking.slot, true, now)],
    });
    return this.bookingView(booking, booking.slot, booking.slot.bookings.filter(active).length - 1);
  }

  /** Moves the booking its link names, until its visit starts, to another coming slot of the same good, under that slot's lock. */
  async move(token: string, slotId: number, now = new Date()): Promise<VisitBookingView | null> {
    const booking = await this.fromLink(token);
    if (!booking || booking.cancelledAt) return null;
    if (booking.slot.id === slotId) return this.bookingView(booking, booking.slot, booking.slot.bookings.filter(active).length);
    if (booking.slot.startsAt <= now) throw new ConflictError(PAST);
    const slot = await lockedTransaction(this.dataSource, VisitSlot, slotId, async (manager) => {
      const target = await this.openSlot(manager, slotId, now);
      if (!target || target.good.id !== booking.slot.good.id) return null;
      if (target.bookings.some((other) => active(other) && other.email === booking.email)) throw new ConflictError('Vous avez déjà réservé ce créneau.');
      if (target.bookings.filter(active).length >= target.capacity) throw new ConflictError(FULL);
      // Not once cancelled meanwhile.
      if (!(await manager.update(VisitBooking, { id: booking.id, cancelledAt: IsNull() }, { slot: { id: target.id }, remindedAt: null })).affected) return null;
      if (booking.event) await manager.update(RecordEvent, { id: booking.event.id, outcome: IsNull() }, { at: target.startsAt, reason: target.kind });
      return target;
    });
    if (!slot) return null;
    if (booking.record) await this.followUp.changed(booking.record.id);
    booking.slot = slot;
    await this.mail.send(this.confirmation(booking, slot, 'Votre visite est déplacée'));
    return this.bookingView(booking, slot, slot.bookings.filter(active).length + 1);
  }

  /** A good's slots from today, with who booked (staff); null for an unknown good. */
  async slotsOfGood(goodId: number, now = new Date()): Promise<VisitSlotStaffView[] | null> {
    if (!(await this.goods.withResidence(goodId))) return null;
    const today = parisInstant(`${parisDay(now)}T00:00`);
    return this.staffViews(await this.slots.find({ where: { good: { id: goodId }, startsAt: MoreThan(today) }, relations: { good: { residence: true }, bookings: { record: true } }, order: { startsAt: 'ASC', id: 'ASC' } }));
  }

  /** Every good's slots of one day (France's), with who booked (staff). */
  async day(day: string): Promise<VisitSlotStaffView[]> {
    const next = new Date(parisInstant(`${day}T00:00`).getTime() + 36 * HOUR_MS);
    const end = parisInstant(`${parisDay(next)}T00:00`);
    const slots = await this.slots.find({ where: { startsAt: Between(parisInstant(`${day}T00:00`), new Date(end.getTime() - 1)) }, relations: { good: { residence: true }, bookings: { record: true } }, order: { startsAt: 'ASC', id: 'ASC' } });
    return this.staffViews(slots);
  }

  /** Publishes a slot on a good; null for an unknown good; 400 for a time past. */
  async createSlot(request: VisitSlotRequest, now = new Date()): Promise<VisitSlotStaffView | null> {
    const good = await this.goods.withResidence(request.good_id);
    if (!good) return null;
    const startsAt = instantOf(request.starts_at);
    if (startsAt <= now) throw new ConflictError('Ce créneau est déjà passé : choisissez une date à venir.');
    const slot = await this.slots.save(
      this.slots.create({
        good,
        startsAt,
        durationMinutes: request.duration_minutes,
        kind: request.kind,
        place: request.kind === 'on_site' ? request.place!.trim() : null,
        url: request.kind === 'virtual' ? request.url!.trim() : null,
        capacity: request.capacity,
      }),
    );
    slot.bookings = [];
    return this.staffViews([slot])[0]!;
  }

  /**
   * Withdraws a slot to come: its bookings are cancelled and their makers told. Answers false for an unknown slot; 409
   * once it has begun (it stays, with who came, until the daily run deletes it).
   */
  async removeSlot(id: number, actor: SessionUser, now = new Date()): Promise<boolean> {
    const slot = await this.slots.findOne({ where: { id }, relations: { good: { residence: true }, bookings: { record: true, event: true } } });
    if (!slot) return false;
    if (slot.startsAt <= now) throw new ConflictError('Ce créneau est passé : il ne peut plus être retiré. Donnez l’issue de chaque visite sur la page du dossier.');
    const booked = slot.bookings.filter(active);
    await this.dataSource.transaction(async (manager) => {
      const events = booked.flatMap((booking) => (booking.event ? [booking.event.id] : []));
      if (events.length > 0) await manager.update(RecordEvent, { id: In(events), outcome: IsNull() }, { outcome: 'not_done', comment: `Créneau retiré par ${actor.firstName} ${actor.lastName}` });
      await manager.delete(VisitSlot, { id });
    });
    for (const recordId of new Set(booked.flatMap((booking) => (booking.record ? [booking.record.id] : [])))) await this.followUp.changed(recordId);
    for (const booking of booked) {
      await this.mail.send({
        to: booking.email,
        subject: 'Votre visite est annulée',
        paragraphs: ['Bonjour,', `Nous devons annuler votre visite ${when(slot)} (${this.goodName(slot.good)}). Veuillez nous en excuser.`, 'Le fichier joint la retire de votre agenda. Vous pouvez réserver un autre créneau depuis la page du logement.'],
        action: { label: 'Choisir un autre créneau', url: `${this.config.publicUrl}${this.pathOf(slot.good)}` },
        attachments: [this.calendarFile(booking, slot, true, now)],
      });
    }
    return true;
  }

  /** The daily run: the next day's reminders, then the slots past their keeping days deleted with their bookings. */
  async daily(now = new Date()): Promise<{ reminded: number; removed: number }> {
    const { reminded } = await this.remind(now);
    const removed = (await this.slots.delete({ startsAt: LessThan(new Date(now.getTime() - VISIT_LIMITS.keptDays * 24 * HOUR_MS)) })).affected ?? 0;
    if (removed > 0) await scrubDeletedPages(this.dataSource);
    return { reminded, removed };
  }

  /** The bookings made with an address, for its owner's export. */
  async exportOf(email: string): Promise<{ good: string; starts_at: string; kind: string; place: string | null; url: string | null; name: string; phone: string; booked_at: string; cancelled_at: string | null }[]> {
    const bookings = await this.bookings.find({ where: { email }, relations: { slot: { good: { residence: true } } }, order: { id: 'ASC' } });
    return bookings.map((booking) => ({
      good: goodLabel(booking.slot.good),
      starts_at: booking.slot.startsAt.toISOString(),
      kind: booking.slot.kind,
      place: booking.slot.place,
      url: booking.slot.url,
      name: booking.name,
      phone: booking.phone,
      booked_at: booking.createdAt.toISOString(),
      cancelled_at: booking.cancelledAt?.toISOString() ?? null,
    }));
  }

  /** Deletes the bookings made with an address (its owner's erasure); their files' visit events stay, as staff recorded them. */
  async eraseOf(email: string, manager: EntityManager = this.bookings.manager): Promise<number> {
    return (await manager.delete(VisitBooking, { email })).affected ?? 0;
  }

  /** Each booking of a visit the next day (France's) is reminded once. */
  private async remind(now: Date): Promise<{ reminded: number }> {
    const tomorrow = parisDay(new Date(parisInstant(`${parisDay(now)}T12:00`).getTime() + 24 * HOUR_MS));
    const slots = await this.day(tomorrow);
    let reminded = 0;
    for (const view of slots) {
      const bookings = await this.bookings.find({ where: { slot: { id: view.id }, cancelledAt: IsNull(), remindedAt: IsNull() }, relations: { slot: { good: { residence: true } } } });
      for (const booking of bookings) {
        // Once, even when two runs meet.
        if (!(await this.bookings.update({ id: booking.id, remindedAt: IsNull() }, { remindedAt: now })).affected) continue;
        await this.mail.send({
          to: booking.email,
          subject: 'Rappel : votre visite demain',
          paragraphs: ['Bonjour,', `Nous vous attendons demain à ${formatTime(booking.slot.startsAt)} pour visiter ${this.goodName(booking.slot.good)} (${where(booking.slot)}).`, 'Un empêchement ? Annulez ou déplacez votre visite avec le bouton ci-dessous : la place servira à quelqu’un d’autre.'],
          action: { label: 'Gérer ma visite', url: this.manageUrl(booking) },
        });
        reminded += 1;
      }
    }
    if (reminded > 0) this.logger.log(`Visits: ${reminded} reminder(s) sent`);
    return { reminded };
  }

  /** A slot to book: coming, of a good visitors may see, with its bookings; read under the caller's lock. */
  private async openSlot(manager: EntityManager, id: number, now: Date): Promise<VisitSlot | null> {
    const slot = await manager.findOne(VisitSlot, { where: { id }, relations: { good: { residence: { city: true } }, bookings: true } });
    if (!slot || slot.startsAt <= now || !slot.good.enabled || slot.good.residence.status !== 'published') return null;
    return slot;
  }

  private async fromLink(token: string): Promise<VisitBooking | null> {
    const id = this.links.idOf(token);
    const booking = id === null ? null : await this.bookings.findOne({ where: { id }, relations: { slot: { good: { residence: { city: true } }, bookings: true }, record: true, event: true } });
    return booking && this.links.matches(LINK, token, booking) ? booking : null;
  }

  private confirmation(booking: VisitBooking, slot: VisitSlot, subject: string): Mail {
    const good = this.goodName(slot.good);
    return {
      to: booking.email,
      subject,
      paragraphs: [
        `Bonjour ${booking.name},`,
        `Votre visite de ${good} est réservée ${when(slot)}, pour ${slot.durationMinutes} minutes (${where(slot)}).`,
        'Le fichier joint l’ajoute à votre agenda. Nous vous enverrons un rappel la veille.',
        'Un empêchement ? Annulez ou déplacez votre visite avec le bouton ci-dessous.',
      ],
      action: { label: 'Gérer ma visite', url: this.manageUrl(booking) },
      attachments: [this.calendarFile(booking, slot, false)],
    };
  }

  /**
   * The booking's calendar file: the visit (`cancelled` false) or its cancellation. Its SEQUENCE is the seconds since
   * the booking was made: each later file (a move, the cancellation) replaces the ones before in the person's calendar.
   */
  private calendarFile(booking: VisitBooking, slot: VisitSlot, cancelled: boolean, now = new Date()): NonNullable<Mail['attachments']>[number] {
    const good = this.goodName(slot.good);
    return {
      filename: 'visite.ics',
      contentType: `text/calendar; charset=utf-8; method=${calendarMethod({ cancelled })}`,
      content: visitCalendar(
        {
          uid: `visite-${booking.id}@${new URL(this.config.publicUrl).hostname}`,
          sequence: Math.max(0, Math.floor((now.getTime() - booking.createdAt.getTime()) / 1000)),
          cancelled,
          start: slot.startsAt,
          end: endOf(slot),
          summary: `Visite : ${good}`,
          location: slot.kind === 'virtual' ? slot.url! : slot.place!,
          description: cancelled ? 'Visite annulée.' : `Visite réservée par ${booking.name}. Pour l’annuler ou la déplacer : ${this.manageUrl(booking)}`,
          url: `${this.config.publicUrl}${this.pathOf(slot.good)}`,
        },
        now,
      ),
    };
  }

  private manageUrl(booking: VisitBooking): string {
    return `${this.config.publicUrl}/visites/${this.links.of(LINK, booking)}`;
  }

  private goodName(good: Good): string {
    return `${goodLabel(good)}${good.residence.city ? `, ${good.residence.city.name}` : ''}`;
  }

  private pathOf(good: Good): string {
    return goodPath(good.residence.slug, good);
  }

  private bookingView(booking: VisitBooking, slot: VisitSlot, taken: number): VisitBookingView {
    return {
      id: booking.id,
      name: booking.name,
      email: booking.email,
      phone: booking.phone,
      slot: slotView(slot, taken),
      good: { id: slot.good.id, label: goodLabel(slot.good), residence: slot.good.residence.name, city: slot.good.residence.city?.name ?? '', path: this.pathOf(slot.good) },
      cancelled_at: booking.cancelledAt?.toISOString() ?? null,
    };
  }

  private staffViews(slots: VisitSlot[]): VisitSlotStaffView[] {
    return slots.map((slot) => {
      const booked = slot.bookings.filter(active).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      return {
        ...slotView(slot, booked.length),
        good: { id: slot.good.id, label: goodLabel(slot.good), residence: slot.good.residence.name },
        bookings: booked.map((booking) => ({
          id: booking.id,
          name: booking.name,
          email: booking.email,
          phone: booking.phone,
          booked_at: booking.createdAt.toISOString(),
          record: booking.record ? { id: booking.record.id, reference: booking.record.reference } : null,
        })),
      };
    });
  }
}
