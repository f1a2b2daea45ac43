import { DECISION_OUTCOME_OPTIONS, type SessionGoodView } from '@hsa-lli/common/back-office';
import { labelOf } from '@hsa-lli/common/domain';
import { candidateName } from './committee-labels.js';

/** The committee's decision on a good, once the session is closed: the outcome, its condition, the ranking, the reasons. */
export function DecisionSummary({ good }: { good: SessionGoodView }) {
  if (!good.decision) return null;
  const ranked = good.candidates.filter((candidate) => candidate.rank !== null).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  const others = good.candidates.filter((candidate) => candidate.rank === null);
  return (
    <div className="committee-decision">
      <h3>Décision du comité</h3>
      <p>
        <strong>{labelOf(DECISION_OUTCOME_OPTIONS, good.decision.outcome)}</strong>
      </p>
      {good.decision.condition && <p>Condition : {good.decision.condition}</p>}
      {ranked.length > 0 && (
        <>
          <p className="committee-decision__term">{ranked.length > 1 ? 'Classement (le premier est retenu)' : 'Candidat retenu'}</p>
          <ol>
            {ranked.map((candidate) => (
              <li key={candidate.id}>{candidateName(candidate)}</li>
            ))}
          </ol>
        </>
      )}
      {others.length > 0 && (
        <>
          <p className="committee-decision__term">{others.length > 1 ? 'Candidats non retenus' : 'Candidat non retenu'}</p>
          <ul>
            {others.map((candidate) => (
              <li key={candidate.id}>
                {candidateName(candidate)} : {candidate.reason ?? 'motif non précisé'}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
