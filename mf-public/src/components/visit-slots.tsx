import { useId, type ReactNode } from 'react';
import { formatDayOfWeek, formatTime, parisDay, plural, type VisitSlotView } from '@hsa-lli/common/domain';
import './visit-slots.css';

/** How long a visit lasts, in minutes. */
export const slotMinutes = (slot: Pick<VisitSlotView, 'starts_at' | 'ends_at'>) => Math.round((Date.parse(slot.ends_at) - Date.parse(slot.starts_at)) / 60_000);

/** « de 18 h 00 à 18 h 30 ». */
export const slotHours = (slot: Pick<VisitSlotView, 'starts_at' | 'ends_at'>) => `de ${formatTime(slot.starts_at)} à ${formatTime(slot.ends_at)}`;

/** « le jeudi 3 décembre 2026 de 18 h 00 à 18 h 30 »: a slot in a sentence. */
export const slotWhen = (slot: Pick<VisitSlotView, 'starts_at' | 'ends_at'>) => `le ${formatDayOfWeek(slot.starts_at)} ${slotHours(slot)}`;

/** « Sur place : 12 avenue de la Plage » or « Visite virtuelle ». */
export const slotPlace = (slot: Pick<VisitSlotView, 'kind' | 'place'>) => (slot.kind === 'virtual' ? 'Visite virtuelle' : `Sur place : ${slot.place ?? ''}`);

/** « sur place : 12 avenue de la Plage » or « visite virtuelle »: where, in a sentence. */
export const slotWhere = (slot: Pick<VisitSlotView, 'kind' | 'place'>) => (slot.kind === 'virtual' ? 'visite virtuelle' : `sur place : ${slot.place ?? ''}`);

const placesLeft = (remaining: number) => (remaining === 0 ? 'Complet' : plural(remaining, 'place restante', 'places restantes'));

/** The slots of each day (France's), days and slots in time order. */
function byDay(slots: readonly VisitSlotView[]): { day: string; slots: VisitSlotView[] }[] {
  const days = new Map<string, VisitSlotView[]>();
  for (const slot of [...slots].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id - b.id)) {
    const day = parisDay(new Date(slot.starts_at));
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days].map(([day, ofDay]) => ({ day, slots: ofDay }));
}

/**
 * The slots to choose from, one radio group grouped by day: each slot's hours, length, place and places left. A full
 * slot is shown « Complet » and cannot be chosen. The arrow keys move between the slots, as in any radio group.
 */
export function SlotChoices({
  slots,
  chosen,
  onChoose,
  legend,
  hint,
}: {
  slots: readonly VisitSlotView[];
  chosen: number | null;
  onChoose: (id: number) => void;
  legend: string;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="visit-slots" role="radiogroup" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="visit-slots__hint">
          {hint}
        </p>
      )}
      {byDay(slots).map(({ day, slots: ofDay }) => (
        <div key={day} className="visit-slots__day" role="group" aria-labelledby={`${id}-${day}`}>
          <h3 id={`${id}-${day}`} className="visit-slots__date">
            {formatDayOfWeek(day)}
          </h3>
          <div className="visit-slots__options">
            {ofDay.map((slot) => (
              <label key={slot.id} className={`visit-slot${slot.remaining === 0 ? ' visit-slot--full' : ''}`}>
                <input type="radio" name={`${id}-slot`} value={slot.id} checked={chosen === slot.id} disabled={slot.remaining === 0} onChange={() => onChoose(slot.id)} />
                <span className="visit-slot__text">
                  {/* The spaces between the lines keep them apart in what a screen reader says of the choice. */}
                  <span className="visit-slot__time">
                    {formatTime(slot.starts_at)} – {formatTime(slot.ends_at)}
                  </span>{' '}
                  <span>
                    {slotMinutes(slot)} min · {slotPlace(slot)}
                  </span>{' '}
                  <span className="visit-slot__places">{placesLeft(slot.remaining)}</span>
                </span>
              </label>
            ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
