import { Link, useLoaderData, useRevalidator } from 'react-router';
import {
  DEFAULT_CLOSED_LABEL,
  flatSizeLabel,
  residenceSchema,
  residenceStatusLabel,
  residenceUpdateSchema,
  type ResidenceAdminView,
} from '@hsa-lli/common/back-office';
import {
  ADVANTAGE_OPTIONS,
  CERTIFICATION_OPTIONS,
  communesByName,
  findCommune,
  labelOf,
  RESIDENCE_STATUS_OPTIONS,
  zoneLabel,
} from '@hsa-lli/common/domain';
import { formReset, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import {
  checkedValues,
  CheckboxGroup,
  DateField,
  RadioGroup,
  SelectField,
  TextareaField,
  TextField,
  type FormBinding,
} from '@hsa-lli/common/ui';
import { DeleteButton, type HistoryField, HistoryPanel, SaveActions, SubmitActions, UnsavedChangesGuard, useCheckedSubmission, useEditForm, useLatestAnswer, useLeave } from '../../components/edit-form.js';
import '../../components/back-office.css';
import { type EquipmentOptions, useEquipmentOptions } from '../../components/equipment-options.js';
import { OptionsField, OptionsGate } from '../../components/loaded-options.js';
import { PhotoManager } from '../../components/photo-manager.js';
import { useCreateResidenceMutation, useDeleteResidenceMutation, useUpdateResidenceMutation } from './residences-api.js';
import { StatusBadge } from './status-badge.js';
import type { residenceLoader } from '../../loaders.js';

const LIST = '/admin/liste-des-residences';
const NEW_FORM = 'residence-new';
const COMMUNE_OPTIONS = communesByName().map((commune) => ({ value: commune.value, label: `${commune.label} (${commune.zip_code})` }));
const labelsIn = (options: readonly { value: string; label: string }[]) => (value: unknown) =>
  (Array.isArray(value) ? value : [value]).map((item) => labelOf(options, String(item))).join(', ');

/** The form's values (texts, lists joined by commas) from a saved residence, or empty for a new one. */
function valuesOf(residence?: ResidenceAdminView): Record<string, string> {
  return {
    status: residence?.status ?? 'draft',
    closed_label: residence?.closed_label ?? '',
    reference: residence?.reference ?? '',
    name: residence?.name ?? '',
    city: residence?.city ?? '',
    neighborhood: residence?.neighborhood ?? '',
    delivery_date: residence?.delivery_date ?? '',
    limit_date: residence?.limit_date ?? '',
    facilities: residence?.facilities.join(',') ?? '',
    advantages: residence?.advantages.join(',') ?? '',
    certifications: residence?.certifications.join(',') ?? '',
    description: residence?.description ?? '',
    district_desc: residence?.district_desc ?? '',
    address_line_1: residence?.address_line_1 ?? '',
    address_line_2: residence?.address_line_2 ?? '',
  };
}

/** The request body from the form's values: the shared schema checks it, as the API will. */
function bodyOf(values: Record<string, string>) {
  const text = (name: string) => values[name] ?? '';
  const orNull = (name: string) => (text(name).trim() === '' ? null : text(name));
  return {
    status: text('status'),
    closed_label: text('status') === 'closed' ? orNull('closed_label') : null,
    reference: text('reference'),
    name: text('name'),
    city: text('city'),
    neighborhood: orNull('neighborhood'),
    delivery_date: orNull('delivery_date'),
    limit_date: orNull('limit_date'),
    facilities: checkedValues(text('facilities')).map(Number),
    advantages: checkedValues(text('advantages')),
    certifications: checkedValues(text('certifications')),
    description: text('description'),
    district_desc: orNull('district_desc'),
    address_line_1: text('address_line_1'),
    address_line_2: orNull('address_line_2'),
  };
}

function ResidenceFields({ form, equipments }: { form: FormBinding; equipments: EquipmentOptions }) {
  const commune = findCommune(form.values.city ?? '');
  return (
    <>
      <fieldset className="bo-panel">
        <legend>Publication</legend>
        <div className="bo-form">
          <RadioGroup form={form} name="status" label="Statut" required options={RESIDENCE_STATUS_OPTIONS} hint="Seule une résidence publiée apparaît sur le site." />
          {form.values.status === 'closed' && (
            <TextField form={form} name="closed_label" label="Libellé affiché une fois fermée" required maxLength={60} hint={`Par exemple « ${DEFAULT_CLOSED_LABEL} ».`} />
          )}
        </div>
      </fieldset>
      <fieldset className="bo-panel">
        <legend>Identification et adresse</legend>
        <div className="bo-form">
          <TextField form={form} name="name" label="Nom" required maxLength={160} />
          <TextField form={form} name="reference" label="Référence" required maxLength={40} hint="Propre à chaque résidence, par exemple RES-ANG-01." />
          <SelectField form={form} name="city" label="Commune" required options={COMMUNE_OPTIONS} placeholder="Choisissez la commune" />
          <div className="ui-field">
            <span className="bo-label">Zone (selon la commune)</span>
            <p className="bo-value" aria-live="polite">
              {commune ? zoneLabel(commune.areas) : 'Choisissez d’abord la commune.'}
            </p>
          </div>
          <TextField form={form} name="neighborhood" label="Quartier" maxLength={160} />
          <TextField form={form} name="address_line_1" label="Adresse" required maxLength={200} autoComplete="off" />
          <TextField form={form} name="address_line_2" label="Complément d'adresse" maxLength={200} autoComplete="off" />
          <DateField form={form} name="delivery_date" label="Date de livraison" />
          <DateField form={form} name="limit_date" label="Date limite de candidature" />
        </div>
      </fieldset>
      <fieldset className="bo-panel">
        <legend>Description</legend>
        <div className="bo-form">
          <div className="bo-form__wide">
            <TextareaField form={form} name="description" label="Description de la résidence" required rows={6} maxLength={5000} />
            <TextareaField form={form} name="district_desc" label="Description du quartier" rows={4} maxLength={5000} />
          </div>
          <OptionsField list={equipments} what="La liste des équipements de la résidence">
            <CheckboxGroup form={form} name="facilities" label="Équipements de la résidence" options={equipments.options} />
          </OptionsField>
          <div>
            <CheckboxGroup form={form} name="advantages" label="Avantages" options={ADVANTAGE_OPTIONS} />
            <CheckboxGroup form={form} name="certifications" label="Certifications" options={CERTIFICATION_OPTIONS} />
          </div>
        </div>
      </fieldset>
    </>
  );
}

export function NewResidencePage() {
  const dispatch = useAppDispatch();
  const { form, ready, dirty, discard } = useEditForm(NEW_FORM, valuesOf(), 'new');
  const equipments = useEquipmentOptions('residence');
  const { sending, failure, submit } = useCheckedSubmission();
  const [create] = useCreateResidenceMutation();
  const { leaving, leaveTo } = useLeave();

  return (
    <section>
      <Link className="bo-back" to={LIST}>
        ← Toutes les résidences
      </Link>
      <h1>Nouvelle résidence</h1>
      <OptionsGate lists={[equipments]}>
        {ready && (
          <form
            noValidate
            aria-label="Nouvelle résidence"
            onSubmit={async (event) => {
              event.preventDefault();
              const answer = await submit(form, residenceSchema, bodyOf(form.values), (body) => create(body).unwrap());
              if (!answer) return;
              dispatch(pushMessage({ kind: 'info', text: `La résidence « ${answer.residence.name} » a été créée. Ajoutez-lui des photos.` }));
              dispatch(formReset(NEW_FORM));
              leaveTo(`${LIST}/${answer.residence.id}`);
            }}
          >
            <ResidenceFields form={form} equipments={equipments} />
            <SubmitActions failure={failure} sending={sending}>Créer la résidence</SubmitActions>
          </form>
        )}
      </OptionsGate>
      <UnsavedChangesGuard when={dirty && !leaving} onDiscard={discard} />
    </section>
  );
}

const HISTORY_FIELDS: Record<string, HistoryField> = {
  status: { label: 'Statut', format: (value) => residenceStatusLabel(String(value)) },
  closed_label: { label: 'Libellé de fermeture' },
  reference: { label: 'Référence' },
  name: { label: 'Nom' },
  city: { label: 'Commune', format: (value) => findCommune(String(value))?.label ?? String(value) },
  neighborhood: { label: 'Quartier' },
  delivery_date: { label: 'Date de livraison' },
  limit_date: { label: 'Date limite de candidature' },
  advantages: { label: 'Avantages', format: labelsIn(ADVANTAGE_OPTIONS) },
  certifications: { label: 'Certifications', format: labelsIn(CERTIFICATION_OPTIONS) },
  description: { label: 'Description' },
  district_desc: { label: 'Description du quartier' },
  address_line_1: { label: 'Adresse' },
  address_line_2: { label: "Complément d'adresse" },
};

export function ResidencePage() {
  const loaded = useLoaderData<typeof residenceLoader>();
  const dispatch = useAppDispatch();
  const revalidator = useRevalidator();
  const [{ residence, history }, setSaved] = useLatestAnswer(loaded);
  const { form, ready, dirty, discard } = useEditForm(`residence-${residence.id}`, valuesOf(residence), `${residence.id}@${residence.version}`);
  const { sending, failure, submit, send } = useCheckedSubmission();
  const [update] = useUpdateResidenceMutation();
  const [remove] = useDeleteResidenceMutation();
  const { leaving, leaveTo } = useLeave();
  const equipments = useEquipmentOptions('residence');
  const historyFields = { ...HISTORY_FIELDS, facilities: { label: 'Équipements', format: labelsIn(equipments.options) } };

  return (
    <section>
      <Link className="bo-back" to={LIST}>
        ← Toutes les résidences
      </Link>
      <div className="bo-heading">
        <h1>{residence.name}</h1>
        <div className="bo-heading__links">
          <StatusBadge status={residence.status} closedLabel={residence.closed_label} />
          {residence.status === 'published' && (
            <a href={`/residences/${residence.slug}`} target="_blank" rel="noreferrer">
              Voir sur le site (nouvel onglet)
            </a>
          )}
        </div>
      </div>
      <OptionsGate lists={[equipments]}>
        {ready && (
          <form
            noValidate
            aria-label={`Résidence ${residence.name}`}
            onSubmit={async (event) => {
              event.preventDefault();
              const body = { id: residence.id, version: residence.version, ...bodyOf(form.values) };
              const answer = await submit(form, residenceUpdateSchema, body, (checked) => update(checked).unwrap());
              if (!answer) return;
              setSaved(answer);
              dispatch(pushMessage({ kind: 'info', text: 'Les modifications ont été enregistrées.' }));
            }}
          >
            <ResidenceFields form={form} equipments={equipments} />
            <SaveActions failure={failure} sending={sending} dirty={dirty}>
              <DeleteButton
                title="Supprimer cette résidence ?"
                onConfirm={async () => {
                  const done = await send(() => remove({ id: residence.id }).unwrap(), form.showErrors);
                  if (!done) return;
                  dispatch(pushMessage({ kind: 'info', text: `La résidence « ${residence.name} » a été supprimée.` }));
                  leaveTo(LIST);
                }}
              >
                <p>
                  {residence.goods.length > 0
                    ? `Cette résidence compte ${residence.goods.length} bien(s) : elle ne pourra pas être supprimée. Pour la retirer du site, passez-la en « Brouillon » ou « Fermée ».`
                    : 'La résidence et ses photos seront supprimées définitivement.'}
                </p>
              </DeleteButton>
            </SaveActions>
          </form>
        )}
      </OptionsGate>
      <PhotoManager
        owner="residence"
        ownerId={residence.id}
        kind="photo"
        label="Photos de la résidence"
        images={residence.photos}
        // The history shows each change of photos: the page reads it again (the form keeps what is being typed).
        onChange={() => void revalidator.revalidate()}
      />
      <section className="bo-panel" aria-labelledby="residence-goods">
        <h2 id="residence-goods">Biens de la résidence</h2>
        {residence.goods.length === 0 ? (
          <p>Aucun bien pour le moment.</p>
        ) : (
          <ul>
            {residence.goods.map((good) => (
              <li key={good.id}>
                <Link to={`/admin/liste-des-biens/${good.id}`}>
                  {good.reference} — {flatSizeLabel(good.flat_size)}
                </Link>
                {!good.enabled && ' (non proposé sur le site)'}
              </li>
            ))}
          </ul>
        )}
        <div className="bo-actions">
          <Link className="ui-button" to={`/admin/liste-des-biens/nouveau?residence=${residence.id}`}>
            Ajouter un bien
          </Link>
          <Link to={`/admin/liste-des-biens?residence=${residence.id}`}>Voir ces biens dans la liste</Link>
        </div>
      </section>
      <HistoryPanel entries={history} fields={historyFields} />
      <UnsavedChangesGuard when={dirty && !leaving} onDiscard={discard} />
    </section>
  );
}
