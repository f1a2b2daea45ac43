import { useRef, useState } from 'react';
import { ALLOCATING_OUTCOMES, DECISION_OUTCOME_OPTIONS, type CommitteeSessionView, type SessionAnswer, type SessionGoodView } from '@hsa-lli/common/back-office';
import { formReset, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { ConfirmDialog, MessageBox, RequestErrorMessage, SelectField, TextareaField, useForm, useSubmission, type FormBinding } from '@hsa-lli/common/ui';
import { useCloseCommitteeSessionMutation } from './committee-api.js';
import { closeBody, closeProblems, decisionField, rankingOf } from './close-decisions.js';
import { candidateName, quorumText } from './committee-labels.js';
import { focusFirstError } from './focus-error.js';
import { RankingField } from './ranking-field.js';

/** The fields a good's decision shows for the outcome chosen: the outcome, the ranking, the condition, the reasons. */
function shownFields(good: SessionGoodView, values: Record<string, string>): string[] {
  const outcome = values[decisionField(good.id, 'outcome')] ?? '';
  const allocating = (ALLOCATING_OUTCOMES as readonly string[]).includes(outcome);
  const ranking = allocating ? rankingOf(values, good.id) : [];
  return [
    'outcome',
    ...(allocating ? ['ranking'] : []),
    ...(outcome === 'allocated_conditional' ? ['condition'] : []),
    ...good.candidates.filter((candidate) => !ranking.includes(candidate.id)).map((candidate) => `reasons.${candidate.id}`),
  ].map((field) => decisionField(good.id, field));
}

function GoodDecision({ form, good }: { form: FormBinding; good: SessionGoodView }) {
  const outcome = form.values[decisionField(good.id, 'outcome')] ?? '';
  const allocating = (ALLOCATING_OUTCOMES as readonly string[]).includes(outcome);
  const ranking = allocating ? rankingOf(form.values, good.id) : [];
  const notChosen = good.candidates.filter((candidate) => !ranking.includes(candidate.id));
  return (
    <fieldset className="bo-panel committee-decision-form">
      <legend>
        {good.reference} — {good.residence.name}, {good.city}
      </legend>
      <SelectField form={form} name={decisionField(good.id, 'outcome')} label="Décision" required options={DECISION_OUTCOME_OPTIONS} placeholder="Choisissez la décision" />
      {allocating && <RankingField form={form} good={good} />}
      {outcome === 'allocated_conditional' && (
        <TextareaField form={form} name={decisionField(good.id, 'condition')} label="Condition de l’attribution" required rows={2} maxLength={2000} hint="Par exemple : la pièce à fournir avant la signature du bail." />
      )}
      {outcome !== '' &&
        notChosen.map((candidate) => (
          <TextareaField
            key={candidate.id}
            form={form}
            name={decisionField(good.id, `reasons.${candidate.id}`)}
            label={`Motif pour ${candidateName(candidate)}, non retenu`}
            required
            rows={2}
            maxLength={2000}
          />
        ))}
    </fieldset>
  );
}

/**
 * Closing the session (the comitee role): a decision for each good, checked as the API checks it, then confirmed, for
 * a closed session cannot be opened again. Problems the form has no field for (the quorum) are said above it.
 */
export function CloseForm({ session, onChange }: { session: CommitteeSessionView; onChange: (answer: SessionAnswer) => void }) {
  const name = `committee-close-${session.id}`;
  const form = useForm(name);
  const dispatch = useAppDispatch();
  const [close] = useCloseCommitteeSessionMutation();
  const { sending, failure, send } = useSubmission();
  const [confirming, setConfirming] = useState(false);
  const element = useRef<HTMLFormElement>(null);
  const shown = new Set(session.goods.flatMap((good) => shownFields(good, form.values)));
  const general = Object.entries(form.errors).filter(([field]) => !shown.has(field));

  const confirm = async () => {
    const answer = await send(() => close(closeBody(session.id, session.goods, form.values)).unwrap(), (fields) => {
      form.showErrors(fields);
      focusFirstError(element.current);
    });
    setConfirming(false);
    if (!answer) return;
    onChange(answer);
    dispatch(formReset(name));
    dispatch(pushMessage({ kind: 'info', text: 'La séance est close : les décisions sont enregistrées et le procès-verbal peut être téléchargé.' }));
  };

  return (
    <section className="committee-close" aria-labelledby="committee-close-title">
      <h2 id="committee-close-title">Clore la séance</h2>
      <p>{quorumText(session.quorum)}</p>
      {!session.quorum.met && <MessageBox kind="warning">Le quorum n’est pas atteint : la séance ne pourra être close qu’une fois assez d’avis donnés.</MessageBox>}
      <form
        ref={element}
        noValidate
        aria-label="Décisions du comité"
        onSubmit={(event) => {
          event.preventDefault();
          const problems = closeProblems(session.goods, form.values);
          form.showErrors(problems);
          if (Object.keys(problems).length > 0) return focusFirstError(element.current);
          setConfirming(true);
        }}
      >
        {general.length > 0 && (
          <MessageBox kind="error">
            {general.map(([field, problem]) => (
              <p key={field}>{problem}</p>
            ))}
          </MessageBox>
        )}
        {session.goods.map((good) => (
          <GoodDecision key={good.id} form={form} good={good} />
        ))}
        {failure && <RequestErrorMessage error={failure} />}
        <div className="bo-actions">
          <button type="submit" className="ui-button" disabled={sending}>
            Clore la séance
          </button>
        </div>
      </form>
      <ConfirmDialog open={confirming} title="Clore la séance ?" confirmLabel="Clore la séance" busy={sending} onClose={() => setConfirming(false)} onConfirm={() => void confirm()}>
        <p>Les décisions seront enregistrées et la séance ne pourra plus être modifiée ; plus aucun avis ne sera reçu. Le procès-verbal pourra ensuite être téléchargé.</p>
      </ConfirmDialog>
    </section>
  );
}
