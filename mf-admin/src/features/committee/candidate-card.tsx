import { Fragment } from 'react';
import { Link } from 'react-router';
import { OPINION_OPTIONS, PDF_DOCUMENTS, type CandidateView, type SessionAnswer, type SessionGoodView } from '@hsa-lli/common/back-office';
import {
  completenessWords,
  formatDate,
  formatEuros,
  formatPercent,
  HOUSING_SITUATION_OPTIONS,
  isHeavyRent,
  labelOf,
  MEMBER_ROLE_OPTIONS,
  plural,
  PRO_SITUATION_OPTIONS,
} from '@hsa-lli/common/domain';
import { selectPages, useAppSelector } from '@hsa-lli/common/store';
import { candidateName } from './committee-labels.js';
import { GivenOpinion, RecommendationForm } from './recommendation-form.js';

const NOT_GIVEN = 'Non renseigné';

/** « Enfant, 7 ans », « Autre, âge non renseigné ». */
const dependantText = ({ role, age }: CandidateView['household']['dependants'][number]) =>
  `${labelOf(MEMBER_ROLE_OPTIONS, role)}, ${age === null ? 'âge non renseigné' : plural(age, 'an', 'ans')}`;

/** The household's income against the LLI ceiling: the margin under it, or how far over it. */
function IncomeAgainstCeiling({ candidate, year }: { candidate: CandidateView; year: number }) {
  if (candidate.income === null || candidate.margin === null) return <>{NOT_GIVEN} (plafond LLI {year} : {formatEuros(candidate.income_ceiling)})</>;
  return (
    <>
      {formatEuros(candidate.income)} pour un plafond LLI {year} de {formatEuros(candidate.income_ceiling)} —{' '}
      {candidate.margin >= 0 ? (
        <>marge de {formatEuros(candidate.margin)}</>
      ) : (
        <strong className="committee-alert">{formatEuros(-candidate.margin)} au-dessus du plafond</strong>
      )}
    </>
  );
}

/** The documents: how many of the required ones are provided and validated, and what is left to review. */
function DocumentsState({ documents }: { documents: CandidateView['documents'] }) {
  const words = completenessWords(documents);
  const more = [
    documents.to_process > 0 ? plural(documents.to_process, 'à examiner', 'à examiner') : null,
    documents.declined > 0 ? plural(documents.declined, 'refusée', 'refusées') : null,
  ].filter(Boolean);
  return (
    <>
      {words.provided}, {words.validated}
      {more.length > 0 && ` (${more.join(', ')})`}
      {' — '}
      {documents.complete ? <span className="bo-badge">Complet</span> : <span className="bo-badge bo-badge--warning">Incomplet</span>}
    </>
  );
}

/** The others' opinions on the candidate: the tally, then each with its author and reason. */
function OthersOpinions({ candidate }: { candidate: CandidateView }) {
  const { recommendations } = candidate;
  if (!recommendations) {
    return candidate.my_recommendation ? (
      <p className="committee-muted">Les avis des autres membres s’affichent une fois votre avis donné sur chaque candidat de ce logement.</p>
    ) : null;
  }
  return (
    <div className="committee-opinions">
      <h5>Avis des membres</h5>
      <p>{OPINION_OPTIONS.map((option) => `${option.label} : ${recommendations.tally[option.value]}`).join(' · ')}</p>
      {recommendations.items.length > 0 && (
        <ul>
          {recommendations.items.map((item, index) => (
            <li key={`${item.member}-${index}`}>
              {item.member} — <strong>{labelOf(OPINION_OPTIONS, item.opinion)}</strong>
              {item.reason && <> : {item.reason}</>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A candidate as the committee reads them: only the figures the decision needs (no document, no birth date), the name
 * and the applicant summary to the comitee role alone; then the member's opinion and, once given, the others'.
 */
export function CandidateCard({
  candidate,
  good,
  recommend,
  onChange,
}: {
  candidate: CandidateView;
  good: Pick<SessionGoodView, 'reference' | 'lli_year'>;
  recommend: boolean;
  onChange: (answer: SessionAnswer) => void;
}) {
  const { pages } = useAppSelector(selectPages);
  const titleId = `committee-candidate-${candidate.id}`;
  return (
    <article className="committee-card" aria-labelledby={titleId}>
      <h4 id={titleId}>{candidateName(candidate)}</h4>
      {candidate.name && pages.includes(PDF_DOCUMENTS.summary.page) && (
        <p>
          <Link to={PDF_DOCUMENTS.summary.path(candidate.record_id)}>Fiche de synthèse de {candidate.label} (PDF)</Link>
        </p>
      )}
      <dl className="bo-meta committee-card__facts">
        <dt>Foyer</dt>
        <dd>
          {candidate.household.label}
          {candidate.household.dependants.length > 0 && (
            <ul className="committee-inline-list">
              {candidate.household.dependants.map((dependant, index) => (
                <li key={index}>{dependantText(dependant)}</li>
              ))}
            </ul>
          )}
        </dd>
        {candidate.persons.map((person, index) => (
          <Fragment key={index}>
            <dt>{candidate.persons.length > 1 ? `Demandeur ${index + 1}` : 'Demandeur'}</dt>
            <dd>
              {person.pro_situation ? labelOf(PRO_SITUATION_OPTIONS, person.pro_situation) : 'Situation professionnelle non renseignée'} ;{' '}
              {person.housing_situation ? labelOf(HOUSING_SITUATION_OPTIONS, person.housing_situation).toLowerCase() : 'logement actuel non renseigné'}
            </dd>
          </Fragment>
        ))}
        <dt>Revenu de référence</dt>
        <dd>
          <IncomeAgainstCeiling candidate={candidate} year={good.lli_year} />
        </dd>
        <dt>Taux d’effort</dt>
        <dd>
          {candidate.rent_ratio === null ? NOT_GIVEN : formatPercent(candidate.rent_ratio)}
          {isHeavyRent(candidate.rent_ratio) && <span className="bo-badge bo-badge--warning">Plus d’un tiers du revenu</span>}
        </dd>
        <dt>Reste après loyer</dt>
        <dd>{candidate.income_left === null ? NOT_GIVEN : `${formatEuros(candidate.income_left)} par mois`}</dd>
        <dt>Pièces</dt>
        <dd>
          <DocumentsState documents={candidate.documents} />
        </dd>
        <dt>Attente</dt>
        <dd>
          {candidate.waiting_days === 0 ? 'Dossier ouvert aujourd’hui' : `${plural(candidate.waiting_days, 'jour', 'jours')}, dossier ouvert le ${formatDate(candidate.waiting_since)}`}
        </dd>
      </dl>
      {recommend ? (
        <RecommendationForm candidate={candidate} goodReference={good.reference} onChange={onChange} />
      ) : (
        candidate.my_recommendation && (
          <div>
            <h5>Mon avis</h5>
            <GivenOpinion given={candidate.my_recommendation} />
          </div>
        )
      )}
      <OthersOpinions candidate={candidate} />
    </article>
  );
}
