import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  CANDIDACY_LABELS,
  flatSizeLabel,
  PDF_DOCUMENTS,
  rentAboveCeiling,
  type ExecutiveCandidate,
  type ExecutiveGood,
  type ExecutiveNoteAnswer,
} from '@hsa-lli/common/back-office';
import {
  availabilityOf,
  ENERGY_CLASSES,
  EVENT_TYPE_OPTIONS,
  formatDate,
  formatEuros,
  formatNumber,
  formatPercent,
  formatSurface,
  isHeavyRent,
  labelOf,
  RENTAL_BANS,
  RESIDENCE_STATUS_OPTIONS,
  stageLabel,
  zoneLabel,
  type EnergyLetter,
} from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { PdfDownload } from '../../components/pdf-download.js';
import { PdfTable } from '../../components/pdf-table.js';
import './executive-note.css';

export async function executiveNoteLoader({ params, request }: LoaderFunctionArgs): Promise<ExecutiveGood> {
  const id = Number(params.id);
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? '')) throw new Response(null, { status: 404 });
  const { good } = await http.post<ExecutiveNoteAnswer>(PDF_DOCUMENTS.executive.call(id), { id }, { controller: request, minDuration: 0 });
  return good;
}


/** The rent without charges against the LLI ceiling of the good's zone, in words a director reads at a glance. */
/** « louée », « à partir du … » or « immédiate », as `availabilityOf` decides. */
function availabilityText(good: ExecutiveGood): string {
  const state = availabilityOf(good);
  if (state.kind === 'let') return 'louée (d’après le suivi des dossiers)';
  return state.kind === 'from' ? `à partir du ${formatDate(state.day)}` : 'immédiate';
}

function RentAgainstCeiling({ good }: { good: ExecutiveGood }) {
  const rent = good.rent_price - good.monthly_costs;
  const above = rentAboveCeiling(good.rent_price, good.monthly_costs, good.rent_ceiling);
  const margin = Math.abs(good.rent_ceiling - rent);
  return (
    <section aria-labelledby="note-rent">
      <h2 id="note-rent">Loyer et plafond LLI</h2>
      <p className={`pdf-verdict pdf-verdict--${above ? 'over' : 'ok'}`}>
        {above
          ? `Loyer hors charges au-dessus du plafond LLI de ${formatEuros(margin, 2)} : il doit être baissé pour rester en logement intermédiaire.`
          : `Loyer hors charges sous le plafond LLI, avec ${formatEuros(margin, 2)} de marge.`}
      </p>
      <PdfTable label="Loyer comparé au plafond">
        <caption>
          Plafond de loyer LLI {good.lli_year}, zone {zoneLabel(good.residence.area)}, pour {formatSurface(good.surface)} (art. 2 terdecies D, annexe III du CGI)
        </caption>
        <tbody>
          <tr>
            <th scope="row">Loyer mensuel charges comprises</th>
            <td className="pdf-number">{formatEuros(good.rent_price, 2)}</td>
          </tr>
          <tr>
            <th scope="row">Charges mensuelles</th>
            <td className="pdf-number">{formatEuros(good.monthly_costs, 2)}</td>
          </tr>
          <tr>
            <th scope="row">Loyer mensuel hors charges</th>
            <td className="pdf-number">
              <strong>{formatEuros(rent, 2)}</strong>
            </td>
          </tr>
          <tr>
            <th scope="row">Plafond LLI hors charges</th>
            <td className="pdf-number">
              <strong>{formatEuros(good.rent_ceiling, 2)}</strong>
            </td>
          </tr>
        </tbody>
      </PdfTable>
    </section>
  );
}

/** One DPE scale, A to G, its class marked. */
function EnergyScale({ title, letter, value, unit, limit }: { title: string; letter: EnergyLetter; value: number; unit: string; limit: 'kwh' | 'kgC02' }) {
  return (
    <figure className="note-energy">
      <figcaption>
        {title} : <strong>classe {letter}</strong> ({formatNumber(value)} {unit})
      </figcaption>
      <ol className="note-energy__scale" aria-label={`${title}, de A à G`}>
        {ENERGY_CLASSES.map((energyClass, index) => (
          <li
            key={energyClass.letter}
            className={`note-energy__step note-energy__step--${energyClass.letter}${energyClass.letter === letter ? ' note-energy__step--current' : ''}`}
            style={{ width: `${34 + index * 11}%` }}
            aria-current={energyClass.letter === letter ? 'true' : undefined}
          >
            <span>{energyClass.letter}</span>
            <span className="note-energy__bound">{energyClass.letter === 'G' ? `> ${ENERGY_CLASSES[index - 1]![limit]}` : `≤ ${energyClass[limit]}`}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

function EnergyLabels({ good }: { good: ExecutiveGood }) {
  const ban = good.energy_class ? RENTAL_BANS[good.energy_class] : undefined;
  return (
    <section aria-labelledby="note-energy">
      <h2 id="note-energy">Diagnostic de performance énergétique</h2>
      {good.dpe_kwh === null || good.dpe_kgco2 === null || !good.kwh_class || !good.kgco2_class ? (
        <p>Non concerné : aucun DPE n’est enregistré pour ce bien.</p>
      ) : (
        <>
          <p>
            Classe finale <strong>{good.energy_class}</strong>, la moins bonne des deux étiquettes (méthode DPE 2021).
            {ban && <strong className="pdf-over"> Un logement de classe {good.energy_class} ne peut plus être loué à partir du {formatDate(ban)}.</strong>}
          </p>
          <div className="pdf-columns">
            <EnergyScale title="Consommation d’énergie" letter={good.kwh_class} value={good.dpe_kwh} unit="kWh/m²/an" limit="kwh" />
            <EnergyScale title="Émissions de gaz à effet de serre" letter={good.kgco2_class} value={good.dpe_kgco2} unit="kg CO₂/m²/an" limit="kgC02" />
          </div>
        </>
      )}
    </section>
  );
}

function eligibilityText(candidate: ExecutiveCandidate): string {
  if (candidate.eligible === null) return 'Revenus non renseignés';
  return candidate.eligible ? 'Éligible' : 'Au-dessus du plafond';
}

function Candidates({ good }: { good: ExecutiveGood }) {
  const { candidates } = good;
  return (
    <section aria-labelledby="note-candidates">
      <h2 id="note-candidates">Dossiers candidats ({candidates.length})</h2>
      <p className="pdf-muted">
        Les dossiers qui souhaitent ce logement, que l’équipe a positionnés dessus, ou auxquels il a été proposé ou fait visiter. Éligibilité et taux d’effort
        calculés pour ce logement (zone {zoneLabel(good.residence.area)}).
      </p>
      {candidates.length === 0 ? (
        <p>Aucun dossier candidat pour ce logement.</p>
      ) : (
        <PdfTable label="Dossiers candidats et leur stade" className="note-candidates">
          <thead>
            <tr>
              <th scope="col">Dossier</th>
              <th scope="col">Foyer</th>
              <th scope="col">Candidature</th>
              <th scope="col">Stade</th>
              <th scope="col">Plafond LLI</th>
              <th scope="col">Taux d’effort</th>
              <th scope="col">Dernier événement</th>
            </tr>
          </thead>
          <tbody>
            {candidates.map((candidate) => (
              <tr key={candidate.id}>
                <th scope="row">{candidate.reference}</th>
                <td>{candidate.household}</td>
                <td>{candidate.kinds.map((kind) => CANDIDACY_LABELS[kind]).join(', ')}</td>
                <td>
                  <span className="pdf-badge">{stageLabel(candidate.stage)}</span>
                </td>
                <td className={candidate.eligible === false ? 'pdf-over' : undefined}>{eligibilityText(candidate)}</td>
                <td className={`pdf-number${isHeavyRent(candidate.rent_ratio) ? ' pdf-over' : ''}`}>
                  {candidate.rent_ratio === null ? '—' : formatPercent(candidate.rent_ratio)}
                </td>
                <td>{candidate.last_event ? `${labelOf(EVENT_TYPE_OPTIONS, candidate.last_event.type)}, le ${formatDate(candidate.last_event.at)}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </PdfTable>
      )}
    </section>
  );
}

/** The executive note on a good (`/PDF/note-de-direction/<id>`), laid out for A4. */
export function ExecutiveNotePage() {
  const good = useLoaderData<typeof executiveNoteLoader>();
  const flatSize = flatSizeLabel(good.flat_size);
  const { residence } = good;
  return (
    <article className="pdf-sheet executive-note" data-pdf-ready="true">
      <PdfDownload call={PDF_DOCUMENTS.executive.call(good.id)} />
      <header className="pdf-header">
        <div>
          <p className="pdf-header__kind">Note de direction</p>
          <h1>
            {residence.name} — {flatSize} de {formatSurface(good.surface)}
          </h1>
          <p>
            {residence.address_line_1}
            {residence.neighborhood ? ` (${residence.neighborhood})` : ''}, {residence.city.zip_code} {residence.city.label} — zone {zoneLabel(residence.area)}
          </p>
        </div>
        <div className="pdf-header__meta">
          <p>
            Bien <strong>{good.reference}</strong>
          </p>
          <p>Éditée le {formatDate(new Date())}</p>
        </div>
      </header>

      <section aria-labelledby="note-good">
        <h2 id="note-good">Le logement</h2>
        <dl className="pdf-facts">
          <dt>Référence</dt>
          <dd>{good.reference}</dd>
          <dt>Typologie</dt>
          <dd>{flatSize}</dd>
          <dt>Surface habitable</dt>
          <dd>{formatSurface(good.surface)}</dd>
          <dt>Disponibilité</dt>
          <dd>{availabilityText(good)}</dd>
          <dt>Publication</dt>
          <dd>
            {good.enabled ? 'Bien en ligne' : 'Bien désactivé'}, résidence « {labelOf(RESIDENCE_STATUS_OPTIONS, residence.status).toLowerCase()} »
          </dd>
          <dt>Équipements</dt>
          <dd>{good.facilities.length > 0 ? good.facilities.join(', ') : 'Aucun'}</dd>
        </dl>
      </section>

      <RentAgainstCeiling good={good} />
      <EnergyLabels good={good} />
      <Candidates good={good} />

      {good.description && (
        <section aria-labelledby="note-description">
          <h2 id="note-description">Description</h2>
          <p className="note-description">{good.description}</p>
        </section>
      )}
      <footer className="pdf-footer">Document interne à HSA Logement intermédiaire, édité le {formatDate(new Date())}. Ne pas diffuser.</footer>
    </article>
  );
}
