import { Link, useLoaderData } from 'react-router';
import { EQUIPMENT_TYPE_OPTIONS, equipmentSchema, equipmentUpdateSchema, usageText } from '@hsa-lli/common/back-office';
import { formReset, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { RadioGroup, TextField, type FormBinding } from '@hsa-lli/common/ui';
import { DeleteButton, type HistoryField, HistoryPanel, SaveActions, SubmitActions, UnsavedChangesGuard, useCheckedSubmission, useEditForm, useLatestAnswer, useLeave } from '../../components/edit-form.js';
import '../../components/back-office.css';
import { useCreateEquipmentMutation, useDeleteEquipmentMutation, useUpdateEquipmentMutation } from './equipments-api.js';
import { equipmentTypeLabel } from './equipment-labels.js';
import type { equipmentLoader } from '../../loaders.js';

const LIST = '/admin/liste-des-equipements';
const EMPTY = { name: '', type: '' };
const NEW_FORM = 'equipment-new';

const HISTORY_FIELDS: Record<string, HistoryField> = {
  name: { label: 'Nom' },
  type: { label: 'Type', format: (value) => equipmentTypeLabel(String(value)) },
};

function EquipmentFields({ form }: { form: FormBinding }) {
  return (
    <div className="bo-form">
      <TextField form={form} name="name" label="Nom" required maxLength={120} />
      <RadioGroup form={form} name="type" label="Type" required options={EQUIPMENT_TYPE_OPTIONS} />
    </div>
  );
}

const bodyOf = (values: Record<string, string>) => ({ name: values.name ?? '', type: values.type ?? '' });

export function NewEquipmentPage() {
  const dispatch = useAppDispatch();
  const { form, ready, dirty, discard } = useEditForm(NEW_FORM, EMPTY, 'new');
  const { sending, failure, submit } = useCheckedSubmission();
  const [create] = useCreateEquipmentMutation();
  const { leaving, leaveTo } = useLeave();

  return (
    <section>
      <Link className="bo-back" to={LIST}>
        ← Tous les équipements
      </Link>
      <h1>Nouvel équipement</h1>
      {ready && (
        <form
          noValidate
          aria-label="Nouvel équipement"
          className="bo-panel"
          onSubmit={async (event) => {
            event.preventDefault();
            const answer = await submit(form, equipmentSchema, bodyOf(form.values), (body) => create(body).unwrap());
            if (!answer) return;
            dispatch(pushMessage({ kind: 'info', text: `L'équipement « ${answer.equipment.name} » a été créé.` }));
            dispatch(formReset(NEW_FORM));
            leaveTo(`${LIST}/${answer.equipment._id}`);
          }}
        >
          <EquipmentFields form={form} />
          <SubmitActions failure={failure} sending={sending}>Créer l'équipement</SubmitActions>
        </form>
      )}
      <UnsavedChangesGuard when={dirty && !leaving} onDiscard={discard} />
    </section>
  );
}

export function EquipmentPage() {
  const loaded = useLoaderData<typeof equipmentLoader>();
  const dispatch = useAppDispatch();
  const [{ equipment, history }, setSaved] = useLatestAnswer(loaded);
  const { form, ready, dirty, discard } = useEditForm(`equipment-${equipment._id}`, { name: equipment.name, type: equipment.type }, `${equipment._id}@${equipment.version}`);
  const { sending, failure, submit, send } = useCheckedSubmission();
  const [update] = useUpdateEquipmentMutation();
  const [remove] = useDeleteEquipmentMutation();
  const { leaving, leaveTo } = useLeave();
  const inUse = equipment.used_by.residences + equipment.used_by.goods > 0;

  return (
    <section>
      <Link className="bo-back" to={LIST}>
        ← Tous les équipements
      </Link>
      <div className="bo-heading">
        <h1>{equipment.name}</h1>
      </div>
      {ready && (
        <form
          noValidate
          aria-label={`Équipement ${equipment.name}`}
          className="bo-panel"
          onSubmit={async (event) => {
            event.preventDefault();
            const body = { id: equipment._id, version: equipment.version, ...bodyOf(form.values) };
            const answer = await submit(form, equipmentUpdateSchema, body, (checked) => update(checked).unwrap());
            if (!answer) return;
            setSaved(answer);
            dispatch(pushMessage({ kind: 'info', text: 'Les modifications ont été enregistrées.' }));
          }}
        >
          <EquipmentFields form={form} />
          <dl className="bo-meta">
            <dt>Utilisé par</dt>
            <dd>{usageText(equipment.used_by)}</dd>
          </dl>
          <SaveActions failure={failure} sending={sending} dirty={dirty}>
            <DeleteButton
              title="Supprimer cet équipement ?"
              onConfirm={async () => {
                const done = await send(() => remove({ id: equipment._id }).unwrap(), form.showErrors);
                if (!done) return;
                dispatch(pushMessage({ kind: 'info', text: `L'équipement « ${equipment.name} » a été supprimé.` }));
                leaveTo(LIST);
              }}
            >
              <p>
                {inUse
                  ? `« ${equipment.name} » est indiqué pour ${usageText(equipment.used_by)} : il ne pourra être supprimé qu’une fois retiré de leurs fiches.`
                  : `« ${equipment.name} » ne sera plus proposé dans les fiches des résidences et des logements.`}
              </p>
            </DeleteButton>
          </SaveActions>
        </form>
      )}
      <HistoryPanel entries={history} fields={HISTORY_FIELDS} />
      <UnsavedChangesGuard when={dirty && !leaving} onDiscard={discard} />
    </section>
  );
}
