import { ALLOCATING_OUTCOMES, DECISION_OUTCOMES, decisionProblems, type Decision, type DecisionOutcome, type SessionCloseRequest, type SessionGoodView } from '@hsa-lli/common/back-office';
import { checkedValues } from '@hsa-lli/common/ui';

/**
 * The closing form keeps each good's decision in the forms store under the names the API gives its errors:
 * `decisions.<good_id>.outcome`, `.ranking` (the candidates' ids in order, joined by commas), `.condition` and
 * `.reasons.<candidate_id>`; a refusal of the API then shows by the field it is about.
 */
export const decisionField = (goodId: number, field: string) => `decisions.${goodId}.${field}`;

const OUTCOME_MISSING = 'Choisissez la décision pour ce logement.';

/** The ranking as the form holds it: the candidates' ids, the first one chosen. */
export const rankingOf = (values: Record<string, string>, goodId: number): number[] => checkedValues(values[decisionField(goodId, 'ranking')] ?? '').map(Number);

/** The ranking with one candidate moved up (-1) or down (+1); at either end it stays as it is. */
export function moved(ranking: readonly number[], candidateId: number, step: -1 | 1): number[] {
  const from = ranking.indexOf(candidateId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ranking.length) return [...ranking];
  const next = [...ranking];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

const isOutcome = (value: string): value is DecisionOutcome => (DECISION_OUTCOMES as readonly string[]).includes(value);

/**
 * A good's decision from the form's values. What the outcome does not use is left out rather than refused: a ranking
 * once the decision gives the good to nobody, a condition unless it is conditional, the reason of a candidate ranked.
 */
export function decisionOf(good: SessionGoodView, values: Record<string, string>): Decision | null {
  const outcome = values[decisionField(good.id, 'outcome')] ?? '';
  if (!isOutcome(outcome)) return null;
  const ranking = ALLOCATING_OUTCOMES.includes(outcome) ? rankingOf(values, good.id) : [];
  const condition = outcome === 'allocated_conditional' ? (values[decisionField(good.id, 'condition')] ?? '').trim() : '';
  const reasons: Record<string, string> = {};
  for (const candidate of good.candidates) {
    if (ranking.includes(candidate.id)) continue;
    const reason = (values[decisionField(good.id, `reasons.${candidate.id}`)] ?? '').trim();
    if (reason) reasons[String(candidate.id)] = reason;
  }
  return { good_id: good.id, outcome, ranking, ...(condition ? { condition } : {}), reasons };
}

/** What the closing form lacks, by field, as the API would say it (`decisionProblems` of common for each good). */
export function closeProblems(goods: readonly SessionGoodView[], values: Record<string, string>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const good of goods) {
    const decision = decisionOf(good, values);
    if (!decision) {
      problems[decisionField(good.id, 'outcome')] = OUTCOME_MISSING;
      continue;
    }
    const found = decisionProblems(decision, good.candidates.map((candidate) => candidate.id));
    for (const [field, problem] of Object.entries(found)) problems[decisionField(good.id, field)] = problem;
  }
  return problems;
}

/** `POST /api/committee/sessions/close`'s body, once `closeProblems` found nothing. */
export function closeBody(sessionId: number, goods: readonly SessionGoodView[], values: Record<string, string>): SessionCloseRequest {
  return { id: sessionId, decisions: goods.map((good) => decisionOf(good, values)).filter((decision): decision is Decision => decision !== null) };
}
