import {
  ALLOCATING_OUTCOMES,
  DECISION_OUTCOME_OPTIONS,
  flatSizeLabel,
  OPINION_OPTIONS,
  OPINIONS,
  type CandidateView,
  type SessionGoodView,
} from '@hsa-lli/common/back-office';
import { formatEuros, formatPercent, formatSurface, isHeavyRent, labelOf, plural, zoneLabel } from '@hsa-lli/common/domain';
import { PdfTable } from '../../components/pdf-table.js';

/** The candidates in the committee's order: the ranked ones by rank, then the others in the order they were presented. */
export function inDecisionOrder(candidates: readonly CandidateView[]): CandidateView[] {
  const ranked = candidates.filter((candidate) => candidate.rank !== null).sort((a, b) => a.rank! - b.rank!);
  return [...ranked, ...candidates.filter((candidate) => candidate.rank === null)];
}

/** « Retenu (rang 1) », « Rang 2 », or « Non retenu » with the reason the committee gave. */
export function outcomeText(candidate: CandidateView, allocating: boolean): string {
  if (candidate.rank === 1 && allocating) return 'Retenu (rang 1)';
  if (candidate.rank !== null) return `Rang ${candidate.rank}`;
  return `Non retenu${candidate.reason ? ` : ${candidate.reason}` : ''}`;
}

const nameOf = (candidate: CandidateView) => (candidate.name ? `${candidate.label} — ${candidate.name}` : candidate.label);

/** « Favorable : 2 · Défavorable : 1 · … », every opinion in its order, none left out. */
function Tally({ candidate }: { candidate: CandidateView }) {
  const tally = candidate.recommendations!.tally;
  return <p className="minutes-tally">{OPINIONS.map((opinion) => `${labelOf(OPINION_OPTIONS, opinion)} : ${tally[opinion]}`).join(' · ')}</p>;
}

/** Each member's recommendation on a candidate, its reason, and a declared conflict of interest as such. */
function Recommendations({ candidate, good }: { candidate: CandidateView; good: SessionGoodView }) {
  const items = candidate.recommendations?.items ?? [];
  if (items.length === 0) return <p className="pdf-muted">Aucune recommandation n’a été donnée sur ce candidat.</p>;
  return (
    <>
      <Tally candidate={candidate} />
      <PdfTable label={`Recommandations sur ${candidate.label}, logement ${good.reference}`} className="minutes-recommendations">
        <thead>
          <tr>
            <th scope="col">Membre</th>
            <th scope="col">Avis</th>
            <th scope="col">Motif</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.member}>
              <th scope="row">{item.member}</th>
              <td>{item.conflict_of_interest ? <strong>Conflit d’intérêts déclaré : s’abstient</strong> : labelOf(OPINION_OPTIONS, item.opinion)}</td>
              <td className="minutes-reason">{item.reason ?? <span className="pdf-muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </PdfTable>
    </>
  );
}

function Candidate({ candidate, good, allocating }: { candidate: CandidateView; good: SessionGoodView; allocating: boolean }) {
  const chosen = candidate.rank === 1 && allocating;
  return (
    <section className="minutes-candidate" aria-label={`${nameOf(candidate)}, logement ${good.reference}`}>
      <h4>
        {nameOf(candidate)} <span className="pdf-muted">({candidate.reference})</span>
      </h4>
      <p>
        <span className={chosen ? 'pdf-ok' : candidate.rank === null ? 'pdf-over' : undefined}>{outcomeText(candidate, allocating)}</span>
        {' — '}
        {candidate.household.label}
      </p>
      <Recommendations candidate={candidate} good={good} />
    </section>
  );
}

/** What the committee knew of each candidate, in one table: household, income against the ceiling, rent-to-income, documents. */
function CandidatesTable({ good, candidates, allocating }: { good: SessionGoodView; candidates: CandidateView[]; allocating: boolean }) {
  return (
    <PdfTable label={`Candidats du logement ${good.reference}`} className="minutes-candidates">
      <caption>Plafond de ressources LLI {good.lli_year}, zone {zoneLabel(good.zone)}</caption>
      <thead>
        <tr>
          <th scope="col">Candidat</th>
          <th scope="col">Foyer</th>
          <th scope="col">Revenu fiscal / plafond</th>
          <th scope="col">Taux d’effort</th>
          <th scope="col">Pièces</th>
          <th scope="col">Décision</th>
        </tr>
      </thead>
      <tbody>
        {candidates.map((candidate) => (
          <tr key={candidate.id}>
            <th scope="row">
              {nameOf(candidate)}
              <br />
              <span className="pdf-muted">{candidate.reference}</span>
            </th>
            <td>{candidate.household.label}</td>
            <td className={candidate.margin !== null && candidate.margin < 0 ? 'pdf-over' : undefined}>
              {candidate.income === null ? 'Non renseigné' : formatEuros(candidate.income)} / {formatEuros(candidate.income_ceiling)}
            </td>
            <td className={`pdf-number${isHeavyRent(candidate.rent_ratio) ? ' pdf-over' : ''}`}>{candidate.rent_ratio === null ? '—' : formatPercent(candidate.rent_ratio)}</td>
            <td>{candidate.documents.complete ? 'Complet' : `${plural(candidate.documents.validated, 'pièce validée', 'pièces validées')} sur ${candidate.documents.required}`}</td>
            <td>{outcomeText(candidate, allocating)}</td>
          </tr>
        ))}
      </tbody>
    </PdfTable>
  );
}

/** One good of the agenda: the flat, the decision and its condition, the candidates in order, each with its recommendations. */
export function MinutesGood({ good, position }: { good: SessionGoodView; position: number }) {
  const headingId = `minutes-good-${good.id}`;
  const decision = good.decision;
  const allocating = decision !== null && ALLOCATING_OUTCOMES.includes(decision.outcome);
  const candidates = inDecisionOrder(good.candidates);
  return (
    <section aria-labelledby={headingId} className="minutes-good">
      {/* The good's label names its residence already (« T3 de 64 m² — Arrosa »). */}
      <h2 id={headingId}>
        {position}. {good.label}, {good.city}
      </h2>
      <dl className="pdf-facts">
        <dt>Référence</dt>
        <dd>{good.reference}</dd>
        <dt>Logement</dt>
        <dd>
          {flatSizeLabel(good.flat_size)} de {formatSurface(good.surface)}, zone {zoneLabel(good.zone)}
        </dd>
        <dt>Loyer mensuel</dt>
        <dd>{formatEuros(good.rent, 2)} charges comprises</dd>
      </dl>
      <p className={`pdf-verdict pdf-verdict--${decision === null ? 'unknown' : allocating ? 'ok' : 'over'}`}>
        Décision : {decision === null ? 'aucune décision enregistrée' : labelOf(DECISION_OUTCOME_OPTIONS, decision.outcome)}
      </p>
      {decision?.condition && (
        <p>
          <strong>Condition :</strong> <span className="minutes-reason">{decision.condition}</span>
        </p>
      )}
      <h3>Candidats ({candidates.length})</h3>
      {candidates.length === 0 ? (
        <p>Aucun candidat n’a été présenté pour ce logement.</p>
      ) : (
        <>
          <CandidatesTable good={good} candidates={candidates} allocating={allocating} />
          <h3>Recommandations des membres</h3>
          {candidates.map((candidate) => (
            <Candidate key={candidate.id} candidate={candidate} good={good} allocating={allocating} />
          ))}
        </>
      )}
    </section>
  );
}
