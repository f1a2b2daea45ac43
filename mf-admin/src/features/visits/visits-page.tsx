import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDayOfWeek, parisDay, plural } from '@hsa-lli/common/domain';
import type { RequestErrorData } from '@hsa-lli/common/http';
import { selectPages, useAppSelector } from '@hsa-lli/common/store';
import { Loader, RequestErrorMessage } from '@hsa-lli/common/ui';
import { VisitSlotCard, slotHours } from '../../components/visit-slot-card.js';
import { useDayVisitSlotsQuery } from '../../components/visit-slots-api.js';
import './visits.css';

// The address speaks French: ?jour=2026-12-03.
const DAY = 'jour';
const GOOD_PAGE = '/admin/liste-des-biens/[id]';
const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** A day ('YYYY-MM-DD') moved by a number of days. */
function shifted(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The day the address names when it is a real one (not 2026-02-30), else null. */
function dayOf(value: string | null): string | null {
  return value && DAY_FORMAT.test(value) && shifted(value, 0) === value ? value : null;
}

/**
 * « Visites »: every good's visit slots of one day with who booked them, today unless the address names another, with
 * the days before and after a click away; each slot links to its good's page and each booking to its file, for whoever
 * may open them.
 */
export function VisitsPage() {
  const [params, setParams] = useSearchParams();
  const today = parisDay(new Date());
  const day = dayOf(params.get(DAY)) ?? today;
  const slots = useDayVisitSlotsQuery(day);
  const { pages } = useAppSelector(selectPages);
  const fieldId = useId();
  const show = (next: string) => setParams(next === today ? {} : { [DAY]: next }, { preventScrollReset: true });
  const shown = slots.currentData;
  const bookings = shown?.reduce((count, slot) => count + slot.bookings.length, 0) ?? 0;

  return (
    <section className="visits-page">
      <div className="bo-heading">
        <h1>Visites</h1>
      </div>
      <div className="visits-day" role="group" aria-label="Jour affiché">
        <button type="button" className="ui-button ui-button--secondary" onClick={() => show(shifted(day, -1))}>
          <span aria-hidden="true">←</span> Jour précédent
        </button>
        <div className="ui-field visits-day__field">
          <label htmlFor={fieldId}>Jour</label>
          <input
            id={fieldId}
            type="date"
            value={day}
            onChange={(event) => {
              const chosen = dayOf(event.target.value);
              if (chosen) show(chosen);
            }}
          />
        </div>
        <button type="button" className="ui-button ui-button--secondary" onClick={() => show(shifted(day, 1))}>
          Jour suivant <span aria-hidden="true">→</span>
        </button>
        {day !== today && (
          <button type="button" className="ui-button ui-button--secondary" onClick={() => show(today)}>
            Aujourd’hui
          </button>
        )}
      </div>
      <h2 className="visits-page__day">
        {formatDayOfWeek(day)}
        {day === today && ' (aujourd’hui)'}
      </h2>
      {slots.error ? (
        <RequestErrorMessage error={slots.error as RequestErrorData} />
      ) : !shown ? (
        <Loader label="Chargement des visites" />
      ) : (
        <>
          <p role="status" className="visits-page__count">
            {shown.length === 0
              ? 'Aucune visite ce jour-là.'
              : `${plural(shown.length, 'créneau', 'créneaux')}, ${bookings === 0 ? 'aucune réservation' : plural(bookings, 'réservation', 'réservations')}.`}
          </p>
          {shown.length > 0 && (
            <ul className="bo-visits">
              {shown.map((slot) => (
                <li key={slot.id}>
                  <VisitSlotCard
                    slot={slot}
                    title={
                      <>
                        {slotHours(slot)} ·{' '}
                        {pages.includes(GOOD_PAGE) ? <Link to={`/admin/liste-des-biens/${slot.good.id}`}>{slot.good.label}</Link> : slot.good.label}
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
