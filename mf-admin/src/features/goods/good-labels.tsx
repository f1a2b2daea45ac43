import { availabilityOf, formatCents, formatDate, type EnergyLetter } from '@hsa-lli/common/domain';
import './goods.css';

/** « 745,00 € »: an amount the API gives in euros. */
export const eurosText = (euros: number) => formatCents(Math.round(euros * 100));

/** « Loué » while a household lives in it, the day it can be let from, or « Immédiate » (`availabilityOf`). */
export function availabilityText(good: { available_from: string | null; occupied: boolean }): string {
  const state = availabilityOf(good);
  if (state.kind === 'let') return 'Loué';
  return state.kind === 'from' ? formatDate(state.day) : 'Immédiate';
}

/** A class of the DPE as its letter on the scale's colour; « — » where no DPE applies (a garage). */
export function EnergyBadge({ letter }: { letter: EnergyLetter | null }) {
  if (!letter)
    return (
      <span>
        —<span className="ui-visually-hidden"> sans DPE</span>
      </span>
    );
  return <span className={`good-energy good-energy--${letter}`}>{letter}</span>;
}
