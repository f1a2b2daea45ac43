import { useState } from 'react';
import { Link } from 'react-router';
import { USUAL_CANDIDATES, type CandidateView, type CommitteeSessionView, type SessionAnswer, type SessionGoodView } from '@hsa-lli/common/back-office';
import { plural, stageLabel } from '@hsa-lli/common/domain';
import type { RequestErrorData } from '@hsa-lli/common/http';
import { pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { MessageBox, RequestErrorMessage } from '@hsa-lli/common/ui';
import { ConfirmButton } from '../../components/edit-form.js';
import { useAddCommitteeCandidateMutation, useCommitteeRecordOptionsQuery, useRemoveCommitteeCandidateMutation } from './committee-api.js';
import { candidateName, waitingText } from './committee-labels.js';
import { DecisionSummary } from './decision-summary.js';
import { GoodSummary } from './good-summary.js';
import { OptionPicker, useSettledText } from './option-picker.js';

/** A failed call of the panel, whatever field the API names: said in one message. */
const failureOf = (error: unknown): RequestErrorData => {
  const failed = error as RequestErrorData;
  const fields = Object.values(failed.fields ?? {});
  return fields.length > 0 ? { ...failed, error: fields.join(' ') } : failed;
};

/** « Ajouter un candidat »: a file in instruction, or already presented, chosen among those the API offers for the good. */
function AddCandidate({ session, good, onChange }: { session: CommitteeSessionView; good: SessionGoodView; onChange: (answer: SessionAnswer) => void }) {
  const dispatch = useAppDispatch();
  const search = useSettledText();
  const query = useCommitteeRecordOptionsQuery({ good_id: good.id, search: search.settled });
  const [add, { isLoading }] = useAddCommitteeCandidateMutation();
  const [failure, setFailure] = useState<RequestErrorData | null>(null);
  return (
    <details className="committee-add">
      <summary>Ajouter un candidat</summary>
      <OptionPicker
        label={`Dossier candidat pour ${good.reference}`}
        searchHint="Par la référence du dossier ou le nom des demandeurs. Seuls les dossiers « En instruction » ou « Présenté en comité » sont proposés."
        search={search}
        options={query.data}
        exclude={good.candidates.map((candidate) => candidate.record_id)}
        loading={query.isFetching}
        error={query.error}
        addLabel="Ajouter ce candidat"
        busy={isLoading}
        onAdd={async (option) => {
          setFailure(null);
          try {
            const answer = await add({ session_id: session.id, good_id: good.id, record_id: option.id }).unwrap();
            onChange(answer);
            const added = answer.session.goods.find((each) => each.id === good.id)?.candidates.find((each) => each.record_id === option.id);
            dispatch(pushMessage({ kind: 'info', text: `${added ? candidateName(added) : 'Le dossier'} est présenté au comité pour ${good.reference}.` }));
          } catch (error) {
            setFailure(failureOf(error));
          }
        }}
      />
      {failure && <RequestErrorMessage error={failure} />}
    </details>
  );
}

function CandidateRow({ candidate, editable, onRemove }: { candidate: CandidateView; editable: boolean; onRemove: () => Promise<void> }) {
  return (
    <li className="committee-candidate-row">
      <span>
        <strong>{candidateName(candidate)}</strong>
        <br />
        <Link to={`/admin/liste-des-dossiers/${candidate.record_id}`}>Dossier {candidate.reference}</Link> · {stageLabel(candidate.stage)} · {waitingText(candidate.waiting_days)}
      </span>
      {editable && (
        <ConfirmButton label={<>Retirer<span className="ui-visually-hidden"> {candidateName(candidate)}</span></>} title="Retirer ce candidat ?" confirmLabel="Retirer le candidat" onConfirm={onRemove}>
          <p>
            {candidateName(candidate)} (dossier {candidate.reference}) ne sera plus examiné pour ce logement lors de cette séance.
          </p>
        </ConfirmButton>
      )}
    </li>
  );
}

/** A good on the agenda as staff prepare it: its candidates, added or taken away until the session closes, then the decision. */
export function GoodCandidatesPanel({ session, good, onChange }: { session: CommitteeSessionView; good: SessionGoodView; onChange: (answer: SessionAnswer) => void }) {
  const dispatch = useAppDispatch();
  const [remove] = useRemoveCommitteeCandidateMutation();
  const [failure, setFailure] = useState<RequestErrorData | null>(null);
  const editable = session.can.edit;
  const few = good.candidates.length < USUAL_CANDIDATES;
  return (
    <section className="bo-panel committee-good" aria-labelledby={`committee-good-${good.id}`}>
      <GoodSummary good={good} />
      <h3>Candidats</h3>
      {few && session.state !== 'closed' && (
        <MessageBox kind="warning">
          Moins de trois candidats pour ce logement ({plural(good.candidates.length, 'candidat', 'candidats')}).
        </MessageBox>
      )}
      {good.candidates.length === 0 ? (
        <p>Aucun candidat pour le moment.</p>
      ) : (
        <ul className="committee-candidate-rows">
          {good.candidates.map((candidate) => (
            <CandidateRow
              key={candidate.id}
              candidate={candidate}
              editable={editable}
              onRemove={async () => {
                setFailure(null);
                try {
                  onChange(await remove({ id: candidate.id }).unwrap());
                  dispatch(pushMessage({ kind: 'info', text: `${candidateName(candidate)} n’est plus candidat pour ${good.reference}.` }));
                } catch (error) {
                  setFailure(failureOf(error));
                }
              }}
            />
          ))}
        </ul>
      )}
      {failure && <RequestErrorMessage error={failure} />}
      {editable && <AddCandidate session={session} good={good} onChange={onChange} />}
      <DecisionSummary good={good} />
    </section>
  );
}

