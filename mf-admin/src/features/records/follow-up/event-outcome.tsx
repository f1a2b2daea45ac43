import { eventOutcomeSchema, type RecordEventView } from '@hsa-lli/common/back-office';
import { formatDateTime, labelOf, OUTCOME_OPTIONS } from '@hsa-lli/common/domain';
import { pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { SelectField, useForm } from '@hsa-lli/common/ui';
import { SubmitActions, useCheckedSubmission } from '../../../components/edit-form.js';
import { useSetRecordEventOutcomeMutation } from '../record-api.js';

/**
 * « Issue de la visite », for a visit booked online once its time has passed: recorded without an outcome, it gets one
 * here, once (the API refuses a second one, or one before the visit, and says why).
 */
export function EventOutcome({ event, onSaved }: { event: RecordEventView; onSaved: (event: RecordEventView) => void }) {
  const form = useForm(`event-outcome-${event.id}`);
  const dispatch = useAppDispatch();
  const { sending, failure, submit } = useCheckedSubmission();
  const [save] = useSetRecordEventOutcomeMutation();
  return (
    <form
      noValidate
      aria-label={`Issue de la visite du ${formatDateTime(event.at)}`}
      className="record-event-outcome"
      onSubmit={async (submitted) => {
        submitted.preventDefault();
        const answer = await submit(form, eventOutcomeSchema, { id: event.id, outcome: form.value('outcome') }, (checked) => save(checked).unwrap());
        if (!answer) return;
        onSaved(answer.event);
        dispatch(pushMessage({ kind: 'info', text: `L’issue « ${labelOf(OUTCOME_OPTIONS, answer.event.outcome ?? '')} » est enregistrée.` }));
      }}
    >
      <SelectField form={form} name="outcome" label="Issue de la visite" placeholder="Choisissez une issue" options={OUTCOME_OPTIONS} required />
      <SubmitActions failure={failure} sending={sending}>
        Enregistrer l’issue
      </SubmitActions>
    </form>
  );
}
