import { useState } from 'react';
import { stageMoveSchema, type FollowUpView, type StaffRecord } from '@hsa-lli/common/back-office';
import { formatDate, formatDateTime, STAGE_MOVES, stageLabel, type RecordStage } from '@hsa-lli/common/domain';
import type { RequestErrorData } from '@hsa-lli/common/http';
import { formReset, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { RadioGroup, TextareaField, useForm } from '@hsa-lli/common/ui';
import { SubmitActions, useCheckedSubmission } from '../../../components/edit-form.js';
import { useLazyRecordFollowUpQuery, useMoveRecordStageMutation } from '../record-api.js';
import type { OnFollowUp } from './on-follow-up.js';

/** A file's stage, as a badge. */
export function StageBadge({ stage }: { stage: RecordStage }) {
  return <span className={`bo-badge record-stage record-stage--${stage}`}>{stageLabel(stage)}</span>;
}

/** The stage, the moves that make sense from it, and how the file got there. */
export function StagePanel({ record, view, onChange }: { record: StaffRecord; view: FollowUpView; onChange: OnFollowUp }) {
  const name = `record-stage-${record.id}`;
  const form = useForm(name);
  const dispatch = useAppDispatch();
  const { sending, failure, submit } = useCheckedSubmission();
  const [move] = useMoveRecordStageMutation();
  const [reload] = useLazyRecordFollowUpQuery();
  // The API refused « Complet » because documents are not all validated: the form offers to force it, with a reason.
  const [forcing, setForcing] = useState(false);
  const moves = STAGE_MOVES[view.stage];
  const forceComplete = forcing && form.value('stage') === 'complete';
  const since = view.stage_changes[0]?.at ?? record.created_at;
  return (
    <section className="bo-panel" id="stade" aria-labelledby="record-stage-title">
      <h2 id="record-stage-title">Stade du dossier</h2>
      <p>
        Au stade <StageBadge stage={view.stage} /> depuis le {formatDate(since)}.
      </p>
      {moves.length === 0 ? (
        <p>Un dossier au stade « {stageLabel(view.stage)} » ne change plus de stade : un départ du logement s’enregistre comme un événement.</p>
      ) : (
        <form
          noValidate
          aria-label="Changer de stade"
          onSubmit={async (event) => {
            event.preventDefault();
            const body = { id: record.id, stage: form.value('stage'), comment: form.value('comment') || null, ...(forceComplete && { force_reason: form.value('force_reason') }) };
            const answer = await submit(form, stageMoveSchema, body, (checked) =>
              move(checked)
                .unwrap()
                .catch(async (error: RequestErrorData) => {
                  // Someone moved the file meanwhile: the moves offered are those of its stage now.
                  if (error.code === 'documents_not_validated') setForcing(true);
                  else if (error.status === 409) onChange(await reload(record.id).unwrap());
                  throw error;
                }),
            );
            if (!answer) return;
            dispatch(formReset(name));
            setForcing(false);
            onChange(answer);
            dispatch(pushMessage({ kind: 'info', text: `Le dossier est passé au stade « ${stageLabel(answer.stage)} ».` }));
          }}
        >
          <RadioGroup form={form} name="stage" label="Passer au stade" options={moves.map((stage) => ({ value: stage, label: stageLabel(stage) }))} required />
          <TextareaField form={form} name="comment" label="Commentaire" hint="Facultatif : la raison du changement, gardée dans l’historique." rows={2} maxLength={2000} />
          {forceComplete && (
            <TextareaField
              form={form}
              name="force_reason"
              label="Raison du passage forcé"
              hint="Le dossier passera au stade « Complet » sans que toutes ses pièces soient validées : cette raison est gardée dans l’historique."
              rows={2}
              maxLength={2000}
              required
            />
          )}
          <SubmitActions failure={failure} sending={sending}>
            {forceComplete ? 'Forcer le passage au stade « Complet »' : 'Changer de stade'}
          </SubmitActions>
        </form>
      )}
      <h3>Historique des stades</h3>
      {view.stage_changes.length === 0 ? (
        <p>Aucun changement depuis l’ouverture du dossier, le {formatDate(record.created_at)}.</p>
      ) : (
        <ol className="record-entries">
          {view.stage_changes.map((change, index) => (
            <li key={`${change.at}-${index}`}>
              <p>
                <strong>
                  {stageLabel(change.from)} → {stageLabel(change.to)}
                </strong>
              </p>
              <p className="record-muted">
                Le <time dateTime={change.at}>{formatDateTime(change.at)}</time>, par {change.by}
              </p>
              {change.comment && <p className="record-text">{change.comment}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
