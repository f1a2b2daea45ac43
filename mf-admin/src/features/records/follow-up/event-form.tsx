import { eventCreateSchema, type RecordEventView, type StaffRecord } from '@hsa-lli/common/back-office';
import { EVENT_TYPE_OPTIONS, eventType, labelOf, OUTCOME_OPTIONS, parisLocalDateTime, type EventType, type Option } from '@hsa-lli/common/domain';
import { formFilled, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { DateField, SelectField, TextareaField, useForm, type FormBinding } from '@hsa-lli/common/ui';
import { SubmitActions, useCheckedSubmission } from '../../../components/edit-form.js';
import { useCreateRecordEventMutation, useEventGoodOptionsQuery } from '../record-api.js';
import { useRecordResidenceOptionsQuery } from '../records-api.js';

/** The good field's choice that opens the residence and good lists. */
const OTHER_GOOD = 'other';

const idOrNull = (value: string) => (value === '' || value === OTHER_GOOD ? null : Number(value));

/** The good an event names: one the household wished first, else any good of any residence. */
function GoodFields({ form, record, required }: { form: FormBinding; record: StaffRecord; required: boolean }) {
  const other = form.values.good_id === OTHER_GOOD;
  const residence = Number(form.values.other_residence ?? '') || 0;
  const residences = useRecordResidenceOptionsQuery(undefined, { skip: !other });
  const goods = useEventGoodOptionsQuery(residence, { skip: !other || residence === 0 });
  const options: Option[] = [
    ...record.wished_goods.map((good) => ({ value: String(good.id), label: good.label })),
    { value: OTHER_GOOD, label: 'Un autre logement…' },
  ];
  // Another residence, another list of goods: the good chosen in the first one no longer stands.
  const residenceBinding: FormBinding = {
    ...form,
    set: (field, value) => {
      form.set(field, value);
      form.set('other_good', '');
    },
  };
  return (
    <>
      <SelectField
        form={form}
        name="good_id"
        label="Logement concerné"
        hint={record.wished_goods.length > 0 ? 'Les logements souhaités par le foyer, ou tout autre logement.' : 'Le foyer n’a souhaité aucun logement précis : choisissez-en un dans sa résidence.'}
        placeholder={required ? 'Choisissez un logement' : 'Aucun'}
        options={options}
        required={required}
      />
      {other && (
        <>
          <SelectField
            form={residenceBinding}
            name="other_residence"
            label="Résidence du logement"
            placeholder="Choisissez une résidence"
            options={(residences.data ?? []).map((option) => ({ value: String(option.value), label: option.label }))}
          />
          {residence !== 0 && (
            <SelectField
              form={form}
              name="other_good"
              label="Logement de la résidence"
              placeholder={goods.isFetching ? 'Chargement des logements…' : 'Choisissez un logement'}
              options={(goods.data ?? []).map((good) => ({ value: String(good.id), label: good.label }))}
              required
            />
          )}
        </>
      )}
    </>
  );
}

/** A follow-up event: its type, the sub-reason and good the type calls for, when, its outcome, a comment. */
export function EventForm({ record, onAdded }: { record: StaffRecord; onAdded: (event: RecordEventView) => void }) {
  const name = `record-event-${record.id}`;
  const form = useForm(name);
  const dispatch = useAppDispatch();
  const { sending, failure, submit } = useCheckedSubmission();
  const [create] = useCreateRecordEventMutation();
  const typeValue = form.value('type') as EventType | '';
  const type = typeValue ? eventType(typeValue) : null;
  const other = form.value('good_id') === OTHER_GOOD;
  // A new type keeps what still applies to it: its sub-reason if it has it, the good if it names one.
  const typeBinding: FormBinding = {
    ...form,
    set: (field, value) => {
      form.set(field, value);
      const next = EVENT_TYPE_OPTIONS.find((option) => option.value === value);
      if (!next || !next.reasons.some((reason) => reason.value === form.value('reason'))) form.set('reason', '');
      if (!next || next.good === 'none') form.set('good_id', '');
    },
  };
  // The API names the good `good_id`; picked among all goods, its error shows on that list.
  const fieldsOn = { ...form, showErrors: (errors: Record<string, string>) => form.showErrors(other && errors.good_id ? { ...errors, other_good: errors.good_id } : errors) };
  return (
    <form
      noValidate
      aria-label="Enregistrer un événement"
      className="record-event-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const body = {
          record_id: record.id,
          type: typeValue,
          reason: type && type.reasons.length > 0 ? form.value('reason') || null : null,
          good_id: type && type.good !== 'none' ? idOrNull(other ? form.value('other_good') : form.value('good_id')) : null,
          at: form.value('at'),
          outcome: form.value('outcome') || null,
          comment: form.value('comment') || null,
        };
        // The time is sent as typed: the API reads it as France's.
        const answer = await submit(fieldsOn, eventCreateSchema, body, (checked) => create(checked).unwrap());
        if (!answer) return;
        dispatch(formFilled({ form: name, values: { at: parisLocalDateTime(new Date()) }, source: `after-${answer.event.id}` }));
        onAdded(answer.event);
        dispatch(pushMessage({ kind: 'info', text: `L’événement « ${labelOf(EVENT_TYPE_OPTIONS, answer.event.type)} » est enregistré.` }));
      }}
    >
      <h3>Enregistrer un événement</h3>
      <div className="bo-form">
        <SelectField form={typeBinding} name="type" label="Type d’événement" placeholder="Choisissez un type" options={EVENT_TYPE_OPTIONS} required />
        {type && type.reasons.length > 0 && (
          <SelectField
            form={form}
            name="reason"
            label="Motif"
            placeholder={type.reasonRequired ? 'Choisissez un motif' : 'Aucun'}
            options={type.reasons}
            required={type.reasonRequired}
          />
        )}
        {type && type.good !== 'none' && <GoodFields form={form} record={record} required={type.good === 'required'} />}
        <DateField form={form} name="at" label="Date et heure" hint="Quand il a eu lieu, ou aura lieu." time defaultValue={parisLocalDateTime(new Date())} required />
        <SelectField form={form} name="outcome" label="Issue" placeholder="Aucune" options={OUTCOME_OPTIONS} />
        <div className="bo-form__wide">
          <TextareaField form={form} name="comment" label="Commentaire" rows={3} maxLength={2000} />
        </div>
      </div>
      <SubmitActions failure={failure} sending={sending}>Enregistrer l’événement</SubmitActions>
    </form>
  );
}
