import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { VisitSlotStaffView } from '@hsa-lli/common/back-office';
import { formatDateTime, formatDayOfWeek, formatTime, plural } from '@hsa-lli/common/domain';
import { selectPages, useAppSelector } from '@hsa-lli/common/store';
import './visit-slots.css';

const RECORD_PAGE = '/admin/liste-des-dossiers/[id]';

/** How long a visit lasts, in minutes. */
export const slotMinutes = (slot: Pick<VisitSlotStaffView, 'starts_at' | 'ends_at'>) => Math.round((Date.parse(slot.ends_at) - Date.parse(slot.starts_at)) / 60_000);

/** « 18 h 00 – 18 h 30 ». */
export const slotHours = (slot: Pick<VisitSlotStaffView, 'starts_at' | 'ends_at'>) => `${formatTime(slot.starts_at)} – ${formatTime(slot.ends_at)}`;

/** « le jeudi 3 décembre 2026 de 18 h 00 à 18 h 30 »: a slot in a sentence. */
export const slotWhen = (slot: Pick<VisitSlotStaffView, 'starts_at' | 'ends_at'>) =>
  `le ${formatDayOfWeek(slot.starts_at)} de ${formatTime(slot.starts_at)} à ${formatTime(slot.ends_at)}`;

/** « 4 places : 1 réservée, 3 restantes », « 2 places, aucune réservée », « Complet : 2 places réservées ». */
function placesText(slot: VisitSlotStaffView): string {
  const booked = slot.bookings.length;
  if (slot.remaining === 0) return `Complet : ${plural(slot.capacity, 'place réservée', 'places réservées')}`;
  if (booked === 0) return `${plural(slot.capacity, 'place', 'places')}, aucune réservée`;
  return `${plural(slot.capacity, 'place', 'places')} : ${plural(booked, 'réservée', 'réservées')}, ${plural(slot.remaining, 'restante', 'restantes')}`;
}

/**
 * A visit slot as staff see it: when (`title`: the day on a good's page, the good on a day's page), how long, where,
 * its places, and who booked (name, address, phone, and their application file when they have one: a link for whoever
 * may open it). `children`: what may be done with it while it is to come (a slot past stays as it was, a record).
 */
export function VisitSlotCard({ slot, title, children }: { slot: VisitSlotStaffView; title: ReactNode; children?: ReactNode }) {
  const id = useId();
  const { pages } = useAppSelector(selectPages);
  const [shownAt] = useState(Date.now);
  const past = Date.parse(slot.starts_at) <= shownAt;
  return (
    <article className="bo-visit" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="bo-visit__title">
        {title}
      </h3>
      <p className="bo-visit__facts">
        {past && (
          <>
            <span className="bo-badge bo-badge--off">Passé</span>{' '}
          </>
        )}
        {slotMinutes(slot)} min ·{' '}
        {slot.kind === 'virtual' ? (
          <>
            Visite virtuelle :{' '}
            <a href={slot.url ?? undefined} target="_blank" rel="noreferrer">
              {slot.url}
              <span className="ui-visually-hidden"> (nouvel onglet)</span>
            </a>
          </>
        ) : (
          <>Sur place : {slot.place}</>
        )}
      </p>
      <p className={`bo-visit__places${slot.remaining === 0 ? ' bo-visit__places--full' : ''}`}>{placesText(slot)}</p>
      {slot.bookings.length > 0 && (
        <ul className="bo-visit__bookings" aria-label={`Réservations ${slotWhen(slot)}`}>
          {slot.bookings.map((booking) => (
            <li key={booking.id}>
              {/* The spaces keep the parts apart in what a screen reader says; the list lays them out. */}
              <strong>{booking.name}</strong>{' '}
              <span>
                <a href={`mailto:${booking.email}`}>{booking.email}</a>
              </span>{' '}
              <span>
                <a href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`}>{booking.phone}</a>
              </span>{' '}
              <span>
                {booking.record ? (
                  pages.includes(RECORD_PAGE) ? (
                    <Link to={`/admin/liste-des-dossiers/${booking.record.id}`}>Dossier {booking.record.reference}</Link>
                  ) : (
                    `Dossier ${booking.record.reference}`
                  )
                ) : (
                  <span className="bo-visit__muted">Sans dossier</span>
                )}
              </span>{' '}
              <span className="bo-visit__muted">
                Réservée le <time dateTime={booking.booked_at}>{formatDateTime(booking.booked_at)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      {!past && children}
    </article>
  );
}
