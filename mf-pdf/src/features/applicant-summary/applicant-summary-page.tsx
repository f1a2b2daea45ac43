import type { ReactNode } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  applicantsLabel,
  flatSizeLabel,
  householdLabel,
  PDF_DOCUMENTS,
  type ApplicantSummary,
  type ApplicantSummaryAnswer,
  type RecordEventView,
} from '@hsa-lli/common/back-office';
import {
  ageInYears,
  completenessWords,
  DISCOVERY_SOURCE_OPTIONS,
  documentLabel,
  eventType,
  formatCents,
  formatDate,
  formatDateTime,
  formatEuros,
  formatPercent,
  HOUSING_SITUATION_OPTIONS,
  isHeavyRent,
  labelOf,
  LINK_OPTIONS,
  MEMBER_ROLE_OPTIONS,
  OUTCOME_OPTIONS,
  PRO_SITUATION_OPTIONS,
  RENT_RATIO_LIMIT,
  REQUIREMENT_STATE_OPTIONS,
  requirementState,
  stageLabel,
  zoneLabel,
  type PersonFields,
} from '@hsa-lli/common/domain';
import { http, RequestError } from '@hsa-lli/common/http';
import { MessageBox } from '@hsa-lli/common/ui';
import { PdfDownload } from '../../components/pdf-download.js';
import { PdfTable } from '../../components/pdf-table.js';
import './applicant-summary.css';

/** The summary; or, once the staff member consulted as many files as they may today, why not. */
type SummaryLoaded = { record: ApplicantSummary } | { refused: string };

export async function applicantSummaryLoader({ params, request }: LoaderFunctionArgs): Promise<SummaryLoaded> {
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? '')) throw new Response(null, { status: 404 });
  const id = Number(params.id);
  try {
    return await http.post<ApplicantSummaryAnswer>(PDF_DOCUMENTS.summary.call(id), { id }, { controller: request, minDuration: 0 });
  } catch (error) {
    // Opening the summary is a consultation of the file: past the daily number of files, the API's words say whom to ask.
    if (error instanceof RequestError && error.status === 429) return { refused: error.error };
    throw error;
  }
}

const NOT_GIVEN = 'Non renseigné';

function personName(person: Pick<PersonFields, 'first_name' | 'last_name'>, position: 1 | 2): string {
  return `${person.first_name} ${person.last_name}`.trim() || (position === 1 ? 'Premier demandeur' : 'Second demandeur');
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children ?? <span className="pdf-muted">{NOT_GIVEN}</span>}</dd>
    </>
  );
}

function Household({ record }: { record: ApplicantSummary }) {
  const couple = record.person_2 !== null;
  const persons = [record.person_1, ...(record.person_2 ? [record.person_2] : [])];
  return (
    <section aria-labelledby="summary-household">
      <h2 id="summary-household">Foyer</h2>
      <dl className="pdf-facts">
        <Fact term="Composition">{householdLabel(record.situation, record.members)}</Fact>
        {couple && <Fact term="Lien entre les demandeurs">{record.link && labelOf(LINK_OPTIONS, record.link)}</Fact>}
        <Fact term="Personnes à charge">
          {record.members.length === 0
            ? 'Aucune'
            : record.members
                .map(
                  (member) =>
                    `${member.first_name} (${labelOf(MEMBER_ROLE_OPTIONS, member.role).toLowerCase()}${member.birth_date ? `, ${ageInYears(member.birth_date)} ans` : ''})`,
                )
                .join(', ')}
        </Fact>
        <Fact term="A connu la plateforme par">{record.discovery_source && labelOf(DISCOVERY_SOURCE_OPTIONS, record.discovery_source)}</Fact>
      </dl>
      <PdfTable label="Les demandeurs" className="summary-persons">
        <caption>Les demandeurs, leur situation professionnelle et de logement</caption>
        <thead>
          <tr>
            <td />
            {persons.map((person, index) => (
              <th key={index} scope="col">
                {couple && <span className="summary-rank">{index === 0 ? 'Premier demandeur' : 'Second demandeur'}</span>}
                {personName(person, (index + 1) as 1 | 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(
            [
              ['Date de naissance', (person) => person.birth_date && `${formatDate(person.birth_date)} (${ageInYears(person.birth_date)} ans)`],
              ['E-mail', (person) => person.email],
              ['Téléphone', (person) => person.phone],
              ['Adresse', (person) => [person.address, [person.zip_code, person.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null],
              ['Situation professionnelle', (person) => person.pro_situation && labelOf(PRO_SITUATION_OPTIONS, person.pro_situation)],
              ['Employeur ou entreprise', (person) => person.employer],
              ['Situation de logement', (person) => person.housing_situation && labelOf(HOUSING_SITUATION_OPTIONS, person.housing_situation)],
              ['Revenu fiscal de référence', (person) => (person.tax_income === null ? null : formatEuros(person.tax_income))],
            ] as [string, (person: PersonFields) => string | null][]
          ).map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {persons.map((person, index) => (
                <td key={index}>{value(person) ?? <span className="pdf-muted">{NOT_GIVEN}</span>}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </PdfTable>
    </section>
  );
}

function Incomes({ record }: { record: ApplicantSummary }) {
  const { eligibility } = record;
  const eligibleZones = eligibility?.by_zone.filter((zone) => zone.eligible).map((zone) => zoneLabel(zone.zone)) ?? [];
  return (
    <section aria-labelledby="summary-incomes">
      <h2 id="summary-incomes">Ressources et plafonds LLI</h2>
      {eligibility === null ? (
        <p className="pdf-verdict pdf-verdict--unknown">
          L’éligibilité ne peut pas encore être calculée : un revenu fiscal de référence manque, ou le foyer n’a choisi aucune résidence ni aucun logement.
        </p>
      ) : (
        <>
          <p className={`pdf-verdict pdf-verdict--${eligibleZones.length > 0 ? 'ok' : 'over'}`}>
            {eligibleZones.length > 0
              ? `Éligible au LLI en zone ${eligibleZones.join(', ')}.`
              : 'Non éligible : les revenus du foyer dépassent le plafond de chaque zone souhaitée.'}
          </p>
          <PdfTable label="Plafonds de ressources des zones souhaitées">
            <caption>
              Revenus du foyer : {formatEuros(eligibility.income)} (revenu fiscal de référence {eligibility.year - 2}), comparés aux plafonds de ressources LLI {eligibility.year}
            </caption>
            <thead>
              <tr>
                <th scope="col">Zone</th>
                <th scope="col" className="pdf-number">
                  Plafond
                </th>
                <th scope="col">Revenus du foyer</th>
              </tr>
            </thead>
            <tbody>
              {eligibility.by_zone.map((zone) => (
                <tr key={zone.zone}>
                  <th scope="row">{zoneLabel(zone.zone)}</th>
                  <td className="pdf-number">{formatEuros(zone.ceiling)}</td>
                  <td className={zone.eligible ? 'pdf-ok' : 'pdf-over'}>
                    {zone.eligible ? `Dans le plafond (${formatEuros(zone.ceiling - eligibility.income)} de marge)` : `Au-dessus de ${formatEuros(eligibility.income - zone.ceiling)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </PdfTable>
        </>
      )}
      <h3>Taux d’effort des logements souhaités</h3>
      <p className="pdf-muted">Loyer mensuel charges comprises rapporté au douzième des revenus annuels ; au-delà du tiers ({formatPercent(RENT_RATIO_LIMIT)}), il est jugé lourd.</p>
      {record.wished_goods.length === 0 ? (
        <p>Le foyer n’a choisi aucun logement précis.</p>
      ) : (
        <PdfTable label="Taux d’effort par logement">
          <thead>
            <tr>
              <th scope="col">Logement</th>
              <th scope="col" className="pdf-number">
                Loyer mensuel
              </th>
              <th scope="col" className="pdf-number">
                Taux d’effort
              </th>
            </tr>
          </thead>
          <tbody>
            {record.wished_goods.map((good) => (
              <tr key={good.id}>
                <th scope="row">{good.label}</th>
                <td className="pdf-number">{formatCents(good.rent_cents)}</td>
                <td className={`pdf-number${isHeavyRent(good.rent_ratio) ? ' pdf-over' : ''}`}>
                  {good.rent_ratio === null ? 'Inconnu' : formatPercent(good.rent_ratio)}
                </td>
              </tr>
            ))}
          </tbody>
        </PdfTable>
      )}
      <dl className="pdf-facts">
        <Fact term="Résidences souhaitées">{record.wished_residences.length > 0 ? record.wished_residences.map((residence) => residence.name).join(', ') : 'Aucune'}</Fact>
        <Fact term="Typologies">{record.wishes.flat_sizes.length > 0 ? record.wishes.flat_sizes.map(flatSizeLabel).join(', ') : 'Toutes'}</Fact>
        <Fact term="Loyer maximum">{record.wishes.max_rent !== null ? `${formatEuros(record.wishes.max_rent)} par mois, charges comprises` : null}</Fact>
      </dl>
    </section>
  );
}

function Documents({ record }: { record: ApplicantSummary }) {
  const persons = record.person_2 ? 2 : 1;
  const words = completenessWords(record.completeness);
  const extra = record.documents.filter((document) => !record.required_documents.includes(document.type));
  return (
    <section aria-labelledby="summary-documents">
      <h2 id="summary-documents">Pièces justificatives</h2>
      <p>
        {words.provided}, {words.validated}.
      </p>
      <PdfTable label="État de chaque pièce">
        <thead>
          <tr>
            <th scope="col">Pièce demandée</th>
            <th scope="col">État</th>
            <th scope="col">Fichiers reçus</th>
          </tr>
        </thead>
        <tbody>
          {[...record.required_documents, ...new Set(extra.map((document) => document.type))].map((name) => {
            const files = record.documents.filter((document) => document.type === name);
            const state = requirementState(files.map((file) => file.status));
            return (
              <tr key={name}>
                <th scope="row">{documentLabel(name, persons)}</th>
                <td className={state === 'declined' || state === 'missing' ? 'pdf-over' : state === 'validated' ? 'pdf-ok' : undefined}>
                  {labelOf(REQUIREMENT_STATE_OPTIONS, state)}
                </td>
                <td>
                  {files.length === 0
                    ? '—'
                    : files.map((file) => (
                        <p key={file.id} className="summary-file">
                          {file.file_name}, reçu le {formatDate(file.uploaded_at)} : {labelOf(REQUIREMENT_STATE_OPTIONS, file.status).toLowerCase()}
                          {file.reason ? ` (${file.reason})` : ''}
                        </p>
                      ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </PdfTable>
    </section>
  );
}

function eventText(event: RecordEventView): string {
  const type = eventType(event.type);
  const reason = event.reason && labelOf(type.reasons, event.reason);
  return reason ? `${type.label} · ${reason}` : type.label;
}

function History({ record }: { record: ApplicantSummary }) {
  return (
    <section aria-labelledby="summary-history">
      <h2 id="summary-history">Historique du suivi</h2>
      <h3>Stades du dossier</h3>
      {record.stage_changes.length === 0 ? (
        <p>Le dossier est au stade « {stageLabel(record.stage)} » depuis son ouverture.</p>
      ) : (
        <PdfTable label="Changements de stade">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Changement</th>
              <th scope="col">Par</th>
              <th scope="col">Commentaire</th>
            </tr>
          </thead>
          <tbody>
            {record.stage_changes.map((change, index) => (
              <tr key={index}>
                <td className="summary-date">{formatDateTime(change.at)}</td>
                <th scope="row">
                  {stageLabel(change.from)} → {stageLabel(change.to)}
                </th>
                <td>{change.by}</td>
                <td>{change.comment ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </PdfTable>
      )}
      <h3>Événements</h3>
      {record.events.length === 0 ? (
        <p>Aucun événement enregistré.</p>
      ) : (
        <PdfTable label="Événements du suivi">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Événement</th>
              <th scope="col">Issue</th>
              <th scope="col">Par</th>
              <th scope="col">Détails</th>
            </tr>
          </thead>
          <tbody>
            {record.events.map((event) => (
              <tr key={event.id}>
                <td className="summary-date">{formatDateTime(event.at)}</td>
                <th scope="row">{eventText(event)}</th>
                <td>{event.outcome ? labelOf(OUTCOME_OPTIONS, event.outcome) : '—'}</td>
                <td>{event.by}</td>
                <td>{[event.good?.label, event.comment].filter(Boolean).join(' — ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </PdfTable>
      )}
    </section>
  );
}

/** The applicant summary of a file (`/PDF/fiche-synthese-demandeur/<id>`), laid out for A4. */
export function ApplicantSummaryPage() {
  const loaded = useLoaderData<typeof applicantSummaryLoader>();
  if ('refused' in loaded) {
    return (
      <section className="pdf-sheet">
        <h1>Consultation impossible</h1>
        <MessageBox kind="warning">{loaded.refused}</MessageBox>
      </section>
    );
  }
  return <Summary record={loaded.record} />;
}

function Summary({ record }: { record: ApplicantSummary }) {
  const applicants = applicantsLabel([record.person_1, ...(record.person_2 ? [record.person_2] : [])]) || 'Demandeurs non nommés';
  return (
    <article className="pdf-sheet applicant-summary" data-pdf-ready="true">
      <PdfDownload call={PDF_DOCUMENTS.summary.call(record.id)} />
      <header className="pdf-header">
        <div>
          <p className="pdf-header__kind">Fiche de synthèse du demandeur</p>
          <h1>{applicants}</h1>
          <p>{householdLabel(record.situation, record.members)}</p>
        </div>
        <div className="pdf-header__meta">
          <p>
            Dossier <strong>{record.reference}</strong>
          </p>
          <p>Stade : {stageLabel(record.stage)}</p>
          <p>Éditée le {formatDate(new Date())}</p>
        </div>
      </header>
      <dl className="pdf-facts">
        <Fact term="Suivi par">{record.follower?.name ?? 'Personne'}</Fact>
        <Fact term="Dossier ouvert le">{formatDate(record.created_at)}</Fact>
        <Fact term="Mis à jour le">{formatDateTime(record.updated_at)}</Fact>
      </dl>
      <Household record={record} />
      <Incomes record={record} />
      <Documents record={record} />
      <History record={record} />
      <footer className="pdf-footer">
        Document confidentiel : données personnelles du demandeur, réservées à l’étude de sa demande de logement par HSA Logement intermédiaire. Éditée le{' '}
        {formatDate(new Date())}.
      </footer>
    </article>
  );
}
