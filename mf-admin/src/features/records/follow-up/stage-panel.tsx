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
  const moves = STAGE_MOVES[view.stage];
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
            const body = { id: record.id, stage: form.value('stage'), comment: form.value('comment') || null };
            const answer = await submit(form, stageMoveSchema, body, (checked) =>
              move(checked)
                .unwrap()
                .catch(async (error: RequestErrorData) => {
                  // Someone moved the file meanwhile: the moves offered are those of its stage now.
                  if (error.status === 409) onChange(await reload(record.id).unwrap());
                  throw error;
                }),
            );
            if (!answer) return;
            dispatch(formReset(name));
            onChange(answer);
            dispatch(pushMessage({ kind: 'info', text: `Le dossier est passé au stade « ${stageLabel(answer.stage)} ».` }));
          }}
        >
          <RadioGroup form={form} name="stage" label="Passer au stade" options={moves.map((stage) => ({ value: stage, label: stageLabel(stage) }))} required />
          <TextareaField form={form} name="comment" label="Commentaire" hint="Facultatif : la raison du changement, gardée dans l’historique." rows={2} maxLength={2000} />
          <SubmitActions failure={failure} sending={sending}>Changer de stade</SubmitActions>
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
