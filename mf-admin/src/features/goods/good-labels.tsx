import { formatCents, formatDate, type EnergyLetter } from '@hsa-lli/common/domain';
import './goods.css';

/** « 745,00 € »: an amount the API gives in euros. */
export const eurosText = (euros: number) => formatCents(Math.round(euros * 100));

/** « Immédiate », or the day the good can be let from. */
export const availabilityText = (availableFrom: string | null) => (availableFrom ? formatDate(availableFrom) : 'Immédiate');

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
