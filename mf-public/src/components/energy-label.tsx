import { ENERGY_CLASSES, formatNumber, type EnergyLetter } from '@hsa-lli/common/domain';

/** Classes whose colour is too light for white letters. */
const DARK_TEXT: EnergyLetter[] = ['C', 'D', 'E'];

const COLORS: Record<EnergyLetter, string> = {
  A: '#007a43',
  B: '#2f8a48',
  C: '#79b752',
  D: '#f5e51a',
  E: '#f0b40f',
  F: '#eb8235',
  G: '#d7221f',
};

function Scale({ title, unit, value, current }: { title: string; unit: string; value: number; current: EnergyLetter }) {
  return (
    <figure className="energy-scale">
      <figcaption>
        {title} : <strong>{formatNumber(value)}</strong> {unit}, classe <strong>{current}</strong>
      </figcaption>
      <ol aria-hidden="true">
        {ENERGY_CLASSES.map(({ letter }, index) => (
          <li
            key={letter}
            className={letter === current ? 'energy-scale__bar energy-scale__bar--current' : 'energy-scale__bar'}
            style={{
              width: `${40 + index * 9}%`,
              // The class of the value in full colour; the others pale, with dark letters that stay readable.
              background: letter === current ? COLORS[letter] : `color-mix(in srgb, ${COLORS[letter]} 30%, white)`,
              color: letter === current && !DARK_TEXT.includes(letter) ? '#fff' : '#1d2430',
            }}
          >
            {letter}
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** The energy and climate labels of a home, each value's class, and the final class (the worse of the two). */
export function EnergyLabel({
  kwh,
  kgco2,
  kwhClass,
  kgco2Class,
  finalClass,
}: {
  kwh: number;
  kgco2: number;
  kwhClass: EnergyLetter;
  kgco2Class: EnergyLetter;
  finalClass: EnergyLetter;
}) {
  return (
    <section className="energy" aria-labelledby="energy-title">
      <h2 id="energy-title">Performance énergétique</h2>
      <p className="energy__final">
        Classe du logement : <span className="energy__badge" style={{ background: COLORS[finalClass], color: DARK_TEXT.includes(finalClass) ? '#1d2430' : '#fff' }}>
          {finalClass}
        </span>
      </p>
      <div className="energy__scales">
        <Scale title="Consommation d'énergie" unit="kWh/m²/an" value={kwh} current={kwhClass} />
        <Scale title="Émissions de gaz à effet de serre" unit="kg CO₂/m²/an" value={kgco2} current={kgco2Class} />
      </div>
      <p className="energy__note">La classe du logement est la moins bonne des deux (méthode du DPE 2021).</p>
    </section>
  );
}
