import { useMemo } from 'react';
import { Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import {
  GOOD_DESCRIPTION_MAX,
  GOOD_REFERENCE_MAX,
  flatSizeLabel,
  goodRentCeiling,
  goodSchema,
  goodUpdateSchema,
  PDF_DOCUMENTS,
  rentAboveCeiling,
  rentCeilingProblem,
  type GoodAdminView,
  type GoodRequest,
  type ResidenceOption,
} from '@hsa-lli/common/back-office';
import {
  FLAT_SIZE_OPTIONS,
  climateClass,
  currentLliYear,
  energyClass,
  finalEnergyClass,
  formatDate,
  formatNumber,
  formatSurface,
  goodPath,
  labelOf,
  parseNumber,
  zoneLabel,
  type Option,
} from '@hsa-lli/common/domain';
import { formReset, pushMessage, selectPages, useAppDispatch, useAppSelector } from '@hsa-lli/common/store';
import {
  CHECKED,
  CheckboxField,
  CheckboxGroup,
  DateField,
  MessageBox,
  MoneyField,
  NumericField,
  SelectField,
  TextareaField,
  TextField,
  checkedValues,
  type FormBinding,
} from '@hsa-lli/common/ui';
import { DeleteButton, type HistoryField, HistoryPanel, SaveActions, SubmitActions, UnsavedChangesGuard, useCheckedSubmission, useEditForm, useLatestAnswer, useLeave } from '../../components/edit-form.js';
import { type EquipmentOptions, useEquipmentOptions } from '../../components/equipment-options.js';
import { OptionsField, OptionsGate, optionsState, type OptionsState } from '../../components/loaded-options.js';
import { PhotoManager } from '../../components/photo-manager.js';
import '../../components/back-office.css';
import { EnergyBadge, eurosText } from './good-labels.js';
import { GoodVisits } from './good-visits.js';
import { useCreateGoodMutation, useDeleteGoodMutation, useResidenceOptionsQuery, useUpdateGoodMutation } from './goods-api.js';
import type { goodLoader } from '../../loaders.js';

const LIST = '/admin/liste-des-biens';
const NEW_FORM = 'good-new';

/** An amount as the money field writes it: « 1 250,50 ». */
const moneyValue = (euros: number) => formatNumber(euros, 2);

/** The form's values (texts, the facilities joined by commas) from a saved good, or empty for a new one. */
function valuesOf(good?: GoodAdminView, residence = ''): Record<string, string> {
  return {
    enabled: good?.enabled ? CHECKED : '',
    residence: good ? String(good.residence) : residence,
    reference: good?.reference ?? '',
    flat_size: good?.flat_size ?? '',
    surface: good ? formatNumber(good.surface) : '',
    rent_price: good ? moneyValue(good.rent_price) : '',
    monthly_costs: good ? moneyValue(good.monthly_costs) : '',
    available_from: good?.available_from ?? '',
    description: good?.description ?? '',
    facilities: good?.facilities.join(',') ?? '',
    dpe_kwh: good?.dpe_kwh === null || good?.dpe_kwh === undefined ? '' : String(good.dpe_kwh),
    dpe_kgco2: good?.dpe_kgco2 === null || good?.dpe_kgco2 === undefined ? '' : String(good.dpe_kgco2),
  };
}

/** A number as typed: an empty field is no value, and what is no number a wrong one (NaN), which the schema refuses. */
const numberOf = (typed: string | undefined) => (!typed || typed.trim() === '' ? null : (parseNumber(typed) ?? Number.NaN));

/** The request body from the form's values: the shared schema checks it, as the API will. */
function bodyOf(values: Record<string, string>) {
  const text = (name: string) => values[name] ?? '';
  return {
    enabled: text('enabled') === CHECKED,
    residence: text('residence') === '' ? null : Number(text('residence')),
    reference: text('reference'),
    flat_size: text('flat_size'),
    surface: numberOf(text('surface')),
    rent_price: numberOf(text('rent_price')),
    monthly_costs: numberOf(text('monthly_costs')),
    available_from: text('available_from') === '' ? null : text('available_from'),
    description: text('description'),
    facilities: checkedValues(text('facilities')).map(Number),
    dpe_kwh: numberOf(text('dpe_kwh')),
    dpe_kgco2: numberOf(text('dpe_kgco2')),
  };
}

/** A DPE value as typed, when it is one: a whole number, zero or more. */
const dpeValue = (typed: string | undefined) => {
  const value = numberOf(typed);
  return value !== null && Number.isInteger(value) && value >= 0 ? value : null;
};

/** The energy and climate classes of the values being typed, and the home's class, the worse of the two. */
function EnergyClasses({ values }: { values: Record<string, string> }) {
  const kwh = dpeValue(values.dpe_kwh);
  const kgco2 = dpeValue(values.dpe_kgco2);
  return (
    <dl className="bo-meta good-figures">
      <dt>Étiquette énergie</dt>
      <dd>{kwh === null ? 'Indiquez la consommation.' : <EnergyBadge letter={energyClass(kwh)} />}</dd>
      <dt>Étiquette climat</dt>
      <dd>{kgco2 === null ? 'Indiquez les émissions.' : <EnergyBadge letter={climateClass(kgco2)} />}</dd>
      <dt>Classe du logement</dt>
      <dd>{kwh === null || kgco2 === null ? 'La moins bonne des deux étiquettes.' : <EnergyBadge letter={finalEnergyClass(kwh, kgco2)} />}</dd>
    </dl>
  );
}

/** The LLI rent ceiling of the residence's zone for the surface typed, and a warning when the rent goes beyond it. */
function RentCeiling({ values, residence }: { values: Record<string, string>; residence: ResidenceOption | undefined }) {
  const surface = numberOf(values.surface);
  const rent = numberOf(values.rent_price);
  const costs = numberOf(values.monthly_costs) ?? 0;
  const year = currentLliYear();
  if (values.flat_size === 'garage') return <p className="good-figures">Le plafond de loyer LLI ne s’applique pas à un garage.</p>;
  if (!residence) return <p className="good-figures">Choisissez la résidence pour voir le plafond de loyer LLI de sa zone.</p>;
  if (surface === null || !(surface > 0 && surface <= 500)) return <p className="good-figures">Indiquez la surface pour voir le plafond de loyer LLI.</p>;
  const ceiling = goodRentCeiling(residence.area, surface, year);
  const above = rent !== null && Number.isFinite(rent) && Number.isFinite(costs) && rentAboveCeiling(rent, costs, ceiling);
  return (
    <>
      <dl className="bo-meta good-figures">
        <dt>Plafond de loyer LLI {year}</dt>
        <dd>
          {eurosText(ceiling)} par mois hors charges (zone {zoneLabel(residence.area)}, {formatSurface(surface)})
        </dd>
        {rent !== null && Number.isFinite(rent) && Number.isFinite(costs) && (
          <>
            <dt>Loyer hors charges</dt>
            <dd>{eurosText(rent - costs)}</dd>
          </>
        )}
      </dl>
      {above && (
        <MessageBox kind="warning">
          Le loyer hors charges ({eurosText(rent! - costs)}) dépasse de {eurosText(rent! - costs - ceiling)} le plafond LLI de la zone pour cette surface : un
          logement intermédiaire ne peut pas être loué à ce prix, ni proposé sur le site.
        </MessageBox>
      )}
    </>
  );
}

/** The residences a good may be in, as the form reads them. */
type ResidenceChoices = OptionsState & { options: readonly ResidenceOption[] };

/** Sends a good the schema passed, unless it is offered on the site above its zone's rent ceiling: said on the rent, as the API would. */
function withinCeiling<Answer>(good: GoodRequest, residences: ResidenceChoices, send: () => Promise<Answer>): Promise<Answer> {
  const zone = residences.options.find((option) => option.value === good.residence)?.area;
  const problem = zone === undefined ? null : rentCeilingProblem(good, zone);
  return problem ? Promise.reject({ fields: { rent_price: problem } }) : send();
}

function useResidenceChoices(): ResidenceChoices {
  const query = useResidenceOptionsQuery();
  return { options: query.data ?? [], ...optionsState(query) };
}

function GoodFields({ form, residences, equipments }: { form: FormBinding; residences: ResidenceChoices; equipments: EquipmentOptions }) {
  const residenceOptions = residences.options.map((option) => ({ value: String(option.value), label: option.label }));
  const residence = residences.options.find((option) => String(option.value) === form.values.residence);
  return (
    <>
      <fieldset className="bo-panel">
        <legend>Publication</legend>
        <CheckboxField form={form} name="enabled" label="Proposer ce bien sur le site" hint="Seul un bien proposé, dans une résidence publiée, apparaît sur le site." />
      </fieldset>
      <fieldset className="bo-panel">
        <legend>Identification</legend>
        <div className="bo-form">
          <OptionsField list={residences} what="La liste des résidences">
            <SelectField form={form} name="residence" label="Résidence" required options={residenceOptions} placeholder="Choisissez la résidence" />
          </OptionsField>
          <TextField form={form} name="reference" label="Référence" required maxLength={GOOD_REFERENCE_MAX} hint="Propre à chaque bien, par exemple RES-001-05." />
          <SelectField form={form} name="flat_size" label="Typologie" required options={FLAT_SIZE_OPTIONS} placeholder="Choisissez la typologie" />
          <NumericField form={form} name="surface" label="Surface (m²)" required hint="Par exemple 46,5." />
          <DateField form={form} name="available_from" label="Disponible à partir du" hint="Laissez vide si le bien est disponible tout de suite." />
        </div>
      </fieldset>
      <fieldset className="bo-panel">
        <legend>Loyer</legend>
        <div className="bo-form">
          <MoneyField form={form} name="rent_price" label="Loyer mensuel charges comprises" required hint="Ce que le locataire paie chaque mois." />
          <MoneyField form={form} name="monthly_costs" label="Dont charges mensuelles" required hint="0 s’il n’y en a pas." />
        </div>
        <RentCeiling values={form.values} residence={residence} />
      </fieldset>
      <fieldset className="bo-panel">
        <legend>Diagnostic de performance énergétique</legend>
        <div className="bo-form">
          <NumericField form={form} name="dpe_kwh" label="Consommation d’énergie (kWh/m²/an)" hint="Laissez vide pour un garage." />
          <NumericField form={form} name="dpe_kgco2" label="Émissions de gaz à effet de serre (kgCO₂/m²/an)" hint="Laissez vide pour un garage." />
        </div>
        <EnergyClasses values={form.values} />
      </fieldset>
      <fieldset className="bo-panel">
        <legend>Description</legend>
        <div className="bo-form">
          <div className="bo-form__wide">
            <TextareaField form={form} name="description" label="Description du bien" required rows={6} maxLength={GOOD_DESCRIPTION_MAX} />
          </div>
          <OptionsField list={equipments} what="La liste des équipements du logement">
            <CheckboxGroup form={form} name="facilities" label="Équipements du logement" options={equipments.options} />
          </OptionsField>
        </div>
      </fieldset>
    </>
  );
}

export function NewGoodPage() {
  const dispatch = useAppDispatch();
  const [address] = useSearchParams();
  const residences = useResidenceChoices();
  const equipments = useEquipmentOptions('good');
  // Opened from a residence's page (?residence=<id>), the new good is in that residence.
  // A new good from a residence's page starts in that residence, whatever an earlier new good was left with.
  const residenceAsked = address.get('residence') ?? '';
  const { form, ready, dirty, discard } = useEditForm(NEW_FORM, valuesOf(undefined, residenceAsked), `new:${residenceAsked}`);
  const { sending, failure, submit } = useCheckedSubmission();
  const [create] = useCreateGoodMutation();
  const { leaving, leaveTo } = useLeave();

  return (
    <section>
      <Link className="bo-back" to={LIST}>
        ← Tous les biens
      </Link>
      <h1>Nouveau bien</h1>
      <OptionsGate lists={[residences, equipments]}>
        {ready && (
          <form
            noValidate
            aria-label="Nouveau bien"
            onSubmit={async (event) => {
              event.preventDefault();
              const answer = await submit(form, goodSchema, bodyOf(form.values), (body) => withinCeiling(body, residences, () => create(body).unwrap()));
              if (!answer) return;
              dispatch(pushMessage({ kind: 'info', text: `Le bien ${answer.good.reference} a été créé. Ajoutez-lui des photos et un plan.` }));
              dispatch(formReset(NEW_FORM));
              leaveTo(`${LIST}/${answer.good.id}`);
            }}
          >
            <GoodFields form={form} residences={residences} equipments={equipments} />
            <p className="bo-panel">Les photos et le plan s’ajoutent une fois le bien créé.</p>
            {/* Without the residences' list, a good cannot be placed in one: nothing to send until it is read. */}
            <SubmitActions failure={failure} sending={sending} disabled={sending || (residences.failure !== null && !form.values.residence)}>
              Créer le bien
            </SubmitActions>
          </form>
        )}
      </OptionsGate>
      <UnsavedChangesGuard when={dirty && !leaving} onDiscard={discard} />
    </section>
  );
}

/** How the history names each field and writes its values. */
function useHistoryFields(residences: readonly ResidenceOption[], facilities: readonly Option[]): Record<string, HistoryField> {
  return useMemo(() => {
    const labelIn = (options: readonly Option[]) => (value: unknown) => labelOf(options, String(value), `n° ${String(value)}`);
    return {
      enabled: { label: 'Proposé sur le site' },
      residence: { label: 'Résidence', format: labelIn(residences.map((option) => ({ value: String(option.value), label: option.label }))) },
      reference: { label: 'Référence' },
      flat_size: { label: 'Typologie', format: (value) => flatSizeLabel(String(value)) },
      surface: { label: 'Surface', format: (value) => formatSurface(Number(value)) },
      rent_price: { label: 'Loyer charges comprises', format: (value) => eurosText(Number(value)) },
      monthly_costs: { label: 'Charges', format: (value) => eurosText(Number(value)) },
      available_from: { label: 'Disponible à partir du', format: (value) => formatDate(String(value)) },
      occupied: { label: 'Loué d’après le suivi des dossiers' },
      description: { label: 'Description' },
      facilities: { label: 'Équipements', format: (value) => (value as unknown[]).map(labelIn(facilities)).join(', ') },
      dpe_kwh: { label: 'Consommation d’énergie', format: (value) => `${String(value)} kWh/m²/an` },
      dpe_kgco2: { label: 'Émissions de gaz à effet de serre', format: (value) => `${String(value)} kgCO₂/m²/an` },
    };
  }, [residences, facilities]);
}

export function GoodPage() {
  const loaded = useLoaderData<typeof goodLoader>();
  const dispatch = useAppDispatch();
  const revalidator = useRevalidator();
  const residences = useResidenceChoices();
  const equipments = useEquipmentOptions('good');
  const [{ good, history }, setSaved] = useLatestAnswer(loaded);
  const { form, ready, dirty, discard } = useEditForm(`good-${good.id}`, valuesOf(good), `${good.id}@${good.version}`);
  const { sending, failure, submit, send } = useCheckedSubmission();
  const [update] = useUpdateGoodMutation();
  const [remove] = useDeleteGoodMutation();
  const { leaving, leaveTo } = useLeave();
  const historyFields = useHistoryFields(residences.options, equipments.options);
  const onSite = good.enabled && good._residence.status === 'published';
  const { pages } = useAppSelector(selectPages);
  const title = `${good.reference} — ${flatSizeLabel(good.flat_size)} de ${formatSurface(good.surface)}`;

  return (
    <section>
      <Link className="bo-back" to={LIST}>
        ← Tous les biens
      </Link>
      <div className="bo-heading">
        <h1>{title}</h1>
        <div className="bo-heading__links">
          {onSite ? <span className="bo-badge">Sur le site</span> : <span className="bo-badge bo-badge--off">Absent du site</span>}
          {good.occupied && <span className="bo-badge">Loué d’après le suivi des dossiers</span>}
          {onSite && (
            <a href={goodPath(good._residence.slug, good)} target="_blank" rel="noreferrer">
              Voir sur le site (nouvel onglet)
            </a>
          )}
          <Link to={`/admin/liste-des-residences/${good._residence.id}`}>
            {good._residence.name} — {good._residence.city.label}
          </Link>
          {pages.includes(PDF_DOCUMENTS.executive.page) && <Link to={PDF_DOCUMENTS.executive.path(good.id)}>Note de direction (PDF)</Link>}
        </div>
      </div>
      <OptionsGate lists={[residences, equipments]}>
        {ready && (
          <form
            noValidate
            aria-label={`Bien ${good.reference}`}
            onSubmit={async (event) => {
              event.preventDefault();
              const body = { id: good.id, version: good.version, ...bodyOf(form.values) };
              const answer = await submit(form, goodUpdateSchema, body, (checked) => withinCeiling(checked, residences, () => update(checked).unwrap()));
              if (!answer) return;
              setSaved(answer);
              dispatch(pushMessage({ kind: 'info', text: 'Les modifications ont été enregistrées.' }));
            }}
          >
            <GoodFields form={form} residences={residences} equipments={equipments} />
            <SaveActions failure={failure} sending={sending} dirty={dirty}>
              <DeleteButton
                title="Supprimer ce bien ?"
                onConfirm={async () => {
                  const done = await send(() => remove({ id: good.id }).unwrap(), form.showErrors);
                  if (!done) return;
                  dispatch(pushMessage({ kind: 'info', text: `Le bien ${good.reference} a été supprimé.` }));
                  leaveTo(LIST);
                }}
              >
                <p>
                  Le bien {good.reference}, ses photos et son plan seront supprimés définitivement. S’il figure dans un dossier, il ne pourra pas l’être : décochez
                  plutôt « Proposer ce bien sur le site ».
                </p>
              </DeleteButton>
            </SaveActions>
          </form>
        )}
      </OptionsGate>
      <PhotoManager owner="good" ownerId={good.id} kind="photo" label="Photos du logement" images={good.photos} onChange={() => revalidator.revalidate()} />
      <PhotoManager owner="good" ownerId={good.id} kind="plan" label="Plan du logement" images={good.plan} onChange={() => revalidator.revalidate()} />
      <GoodVisits goodId={good.id} onSite={onSite} />
      <HistoryPanel entries={history} fields={historyFields} />
      <UnsavedChangesGuard when={dirty && !leaving} onDiscard={discard} />
    </section>
  );
}
