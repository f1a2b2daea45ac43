import { useRevalidator } from 'react-router';
import { recordViewsAllowanceSchema } from '@hsa-lli/common/back-office';
import { parseNumber } from '@hsa-lli/common/domain';
import { pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { MessageBox, TextField, useForm } from '@hsa-lli/common/ui';
import { SubmitActions, useCheckedSubmission } from '../../components/edit-form.js';
import { useAllowRecordViewsMutation, useRecordViewsQuery } from './users-api.js';

/**
 * How many application files a staff member consulted in the last 24 hours against what they may (RECORD_VIEWS_PER_DAY
 * and what administrators allowed), and the form to allow more: the guard against bulk extraction, raised by hand.
 */
export function RecordViewsPanel({ id, name }: { id: number; name: string }) {
  const dispatch = useAppDispatch();
  // The account's history, read by the page's loader, gets the new allowance too.
  const revalidator = useRevalidator();
  const { data } = useRecordViewsQuery({ id });
  const [allow] = useAllowRecordViewsMutation();
  const form = useForm(`record-views-${id}`);
  const { sending, failure, submit } = useCheckedSubmission();
  if (!data) return null;
  const reached = data.consulted >= data.allowed;
  return (
    <section className="bo-panel" aria-labelledby="user-record-views-title">
      <h2 id="user-record-views-title">Consultation des dossiers</h2>
      <p>
        {name} a consulté <strong>{data.consulted}</strong> dossier{data.consulted > 1 ? 's' : ''} ces dernières 24 heures, sur{' '}
        <strong>{data.allowed}</strong> permis.
      </p>
      {reached && <MessageBox kind="warning">La limite est atteinte : {name} ne peut plus ouvrir d’autre dossier sans que vous la releviez.</MessageBox>}
      <form
        noValidate
        aria-label="Relever la limite de consultation"
        onSubmit={async (event) => {
          event.preventDefault();
          const extra = parseNumber(form.value('extra'));
          const answer = await submit(form, recordViewsAllowanceSchema, { id, extra }, (checked) => allow(checked).unwrap());
          if (!answer) return;
          form.set('extra', '');
          void revalidator.revalidate();
          dispatch(pushMessage({ kind: 'info', text: `${name} peut désormais consulter ${answer.allowed} dossiers sur 24 heures.` }));
        }}
      >
        <div className="bo-form">
          <TextField
            form={form}
            name="extra"
            label="Dossiers supplémentaires"
            hint="Pour les 24 prochaines heures, en plus de la limite habituelle."
            inputMode="numeric"
            maxLength={5}
          />
        </div>
        <SubmitActions failure={failure} sending={sending}>Relever la limite</SubmitActions>
      </form>
    </section>
  );
}
