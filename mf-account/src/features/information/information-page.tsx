import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import {
  DISCOVERY_SOURCE_OPTIONS,
  FLAT_SIZE_OPTIONS,
  HOUSEHOLD_OPTIONS,
  HOUSING_SITUATION_OPTIONS,
  LINK_OPTIONS,
  MAX_MEMBERS,
  MEMBER_ROLE_OPTIONS,
  PRO_SITUATION_OPTIONS,
  formatCents,
  formatNumber,
  labelOf,
  plural,
  type MyRecord,
  type PersonPosition,
} from '@hsa-lli/common/domain';
import { formFilled, skipToken, type RootState } from '@hsa-lli/common/store';
import {
  CheckboxGroup,
  DateField,
  Loader,
  MaskedField,
  MessageBox,
  Modal,
  MoneyField,
  RadioGroup,
  SelectField,
  TextField,
  checkedValues,
  type FormBinding,
} from '@hsa-lli/common/ui';
import { useGetMyRecordQuery, useListGoodsOfQuery, useListResidencesQuery, useUpdateMyRecordMutation } from '../../lib/my-record-api.js';
import { CallError, NoRecord } from '../../lib/call-errors.js';
import { shownState, useAutosave, type SaveState } from './autosave.js';
import { eligibilitySentences, listInFrench, missingForEligibility, rentSentence } from './eligibility.js';
import { holdsSecondApplicant, memberRows, membersText, newMember, personValues, recordValues, type Section } from './record-values.js';
import './information.css';

const FORM = 'my-information';

export function InformationPage() {
  const { data: record, error, isLoading } = useGetMyRecordQuery();
  return (
    <section className="ui-page my-information">
      <h1>Mes informations</h1>
      {isLoading && <Loader label="Chargement de votre dossier" />}
      {error && <NoRecord error={error} />}
      {record && <InformationForm record={record} />}
    </section>
  );
}

/** « Enregistrement… », « Enregistré », or what went wrong, read out when it changes. */
function SaveStatus({ state, onRetry }: { state: SaveState | undefined; onRetry: () => void }) {
  const kind = state?.kind ?? 'idle';
  return (
    <div className={`my-information__status my-information__status--${kind}`}>
      <p role="status">
        {kind === 'saving' && 'Enregistrement…'}
        {kind === 'saved' && 'Enregistré'}
        {kind === 'invalid' && 'Une réponse est à corriger : elle n’est pas enregistrée.'}
        {state?.kind === 'failed' && `Non enregistré : ${state.message}`}
      </p>
      {kind === 'failed' && (
        <button type="button" className="ui-button ui-button--secondary ui-button--small" onClick={onRetry}>
          Réessayer
        </button>
      )}
    </div>
  );
}

function Part({ title, state, onRetry, children }: { title: string; state: SaveState | undefined; onRetry: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <section className="ui-card my-information__part" aria-labelledby={id}>
      <div className="my-information__part-head">
        <h2 id={id}>{title}</h2>
        <SaveStatus state={state} onRetry={onRetry} />
      </div>
      {children}
    </section>
  );
}

function InformationForm({ record }: { record: MyRecord }) {
  const store = useStore<RootState>();
  const [update] = useUpdateMyRecordMutation();
  const { form, binding, states, flush } = useAutosave(
    FORM,
    (body) => update(body).unwrap(),
    (saved, fields, fill) => {
      // The second applicant the server made is shown as it has it.
      if (fields.includes('situation') && saved.person_2) fill(personValues(2, saved.person_2));
    },
  );
  // Filled from the record once; coming back, the form holds what was typed (a refused answer included).
  const ready = form.source === String(record.id);
  useEffect(() => {
    if (!ready) store.dispatch(formFilled({ form: FORM, values: recordValues(record), source: String(record.id) }));
  }, [store, record, ready]);

  if (!ready) return <Loader label="Chargement de votre dossier" />;
  const couple = form.value('situation') === 'couple';
  const part = (section: Section) => ({ state: shownState(section, states[section], form.errors), onRetry: () => void flush() });

  return (
    <form
      noValidate
      aria-label="Mes informations"
      onSubmit={(event) => {
        event.preventDefault();
        void flush();
      }}
      // Leaving a field sends what it holds at once.
      onBlur={() => void flush()}
    >
      <p className="my-information__intro">
        Vos réponses sont enregistrées au fur et à mesure, dès que vous quittez un champ. Elles servent à étudier votre demande de logement : complétez-les
        avant de déposer vos pièces justificatives.
      </p>
      <Part title="Votre foyer" {...part('household')}>
        <Household binding={binding} record={record} addMember={(rows) => form.set('members', rows)} />
      </Part>
      <Part title={couple ? 'Premier demandeur' : 'Vous'} {...part('person_1')}>
        <PersonFields binding={binding} position={1} />
      </Part>
      {couple && (
        <Part title="Second demandeur" {...part('person_2')}>
          {record.person_2 ? <PersonFields binding={binding} position={2} /> : <Loader label="Ajout du second demandeur" />}
        </Part>
      )}
      <Part title="Comment nous avez-vous connus ?" {...part('discovery')}>
        <SelectField form={binding} name="discovery_source" label="Par quel moyen ?" options={DISCOVERY_SOURCE_OPTIONS} placeholder="Choisissez une réponse" />
      </Part>
      <Part title="Ce que vous recherchez" {...part('wishes')}>
        <Wishes binding={binding} />
      </Part>
      <Outlook record={record} />
    </form>
  );
}

function Household({ binding, record, addMember }: { binding: FormBinding; record: MyRecord; addMember: (rows: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const second = record.person_2;
  const name = [second?.first_name, second?.last_name].filter(Boolean).join(' ');
  // Going back to a person alone deletes the second applicant and their documents: asked first when there are some.
  const situation: FormBinding = {
    ...binding,
    set: (field, value) => (value === 'alone' && holdsSecondApplicant(record) ? setConfirming(true) : binding.set(field, value)),
  };
  return (
    <>
      <RadioGroup form={situation} name="situation" label="Vous faites la demande" options={HOUSEHOLD_OPTIONS} inline required />
      {binding.values.situation === 'couple' && (
        <SelectField form={binding} name="link" label="Lien entre les deux demandeurs" options={LINK_OPTIONS} placeholder="Choisissez le lien" />
      )}
      <Members binding={binding} add={addMember} />
      <Modal open={confirming} title="Faire la demande seul(e) ?" onClose={() => setConfirming(false)}>
        <p>
          Les informations et les pièces justificatives du second demandeur{name ? ` (${name})` : ''} seront supprimées de votre dossier. Elles ne
          pourront pas être récupérées.
        </p>
        <div className="my-information__actions">
          <button
            type="button"
            className="ui-button"
            onClick={() => {
              setConfirming(false);
              binding.set('situation', 'alone');
            }}
          >
            Oui, je fais la demande seul(e)
          </button>
          <button type="button" className="ui-button ui-button--secondary" onClick={() => setConfirming(false)}>
            Annuler
          </button>
        </div>
      </Modal>
    </>
  );
}

/** The dependants: saved as one list, each row's changes sending it whole; `add` shows a row without saving it. */
function Members({ binding, add }: { binding: FormBinding; add: (rows: string) => void }) {
  const rows = memberRows(binding.values.members);
  const error = binding.errors.members;
  const errorId = useId();
  const added = useRef(false);
  const lastName = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    lastName.current?.querySelector('input')?.focus();
  }, [rows.length]);
  const save = (next: typeof rows) => binding.set('members', membersText(next));
  const row = (index: number): FormBinding => ({
    values: { ...rows[index]! },
    errors: {},
    set: (field, value) => save(rows.map((each, at) => (at === index ? { ...each, [field]: value } : each))),
  });
  return (
    <fieldset className="my-information__members" aria-describedby={error ? errorId : undefined}>
      <legend>Personnes à charge</legend>
      <p className="ui-field__hint">Les enfants et les autres personnes qui vivront dans le logement avec vous.</p>
      {rows.length === 0 && <p>Aucune personne à charge.</p>}
      <ol className="my-information__member-list">
        {rows.map((member, index) => (
          <li key={index}>
            <fieldset className="my-information__member">
              <legend>Personne à charge {index + 1}</legend>
              <div ref={index === rows.length - 1 ? lastName : undefined}>
                <TextField form={row(index)} name="first_name" label="Prénom" required autoComplete="off" />
              </div>
              <DateField form={row(index)} name="birth_date" label="Date de naissance" />
              <SelectField form={row(index)} name="role" label="Lien avec le foyer" options={MEMBER_ROLE_OPTIONS} />
              <button
                type="button"
                className="ui-button ui-button--secondary ui-button--small my-information__remove"
                aria-label={`Retirer la personne à charge ${index + 1}${member.first_name ? ` (${member.first_name})` : ''}`}
                onClick={() => save(rows.filter((_, at) => at !== index))}
              >
                Retirer
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
      {rows.length < MAX_MEMBERS && (
        <button
          type="button"
          className="ui-button ui-button--secondary"
          onClick={() => {
            added.current = true;
            // Saved once its first name is typed: an empty row would only be refused.
            add(membersText([...rows, newMember()]));
          }}
        >
          Ajouter une personne à charge
        </button>
      )}
    </fieldset>
  );
}

function PersonFields({ binding, position }: { binding: FormBinding; position: PersonPosition }) {
  const name = (field: string) => `person_${position}.${field}`;
  // The browser fills in the first applicant's own details only.
  const auto = (token: string) => (position === 1 ? token : 'off');
  const year = new Date().getFullYear();
  return (
    <>
      <fieldset className="my-information__group">
        <legend>Identité</legend>
        <div className="my-information__grid">
          <TextField form={binding} name={name('first_name')} label="Prénom" required autoComplete={auto('given-name')} />
          <TextField form={binding} name={name('last_name')} label="Nom" required autoComplete={auto('family-name')} />
          <DateField form={binding} name={name('birth_date')} label="Date de naissance" autoComplete={auto('bday')} />
        </div>
      </fieldset>
      <fieldset className="my-information__group">
        <legend>Coordonnées</legend>
        <div className="my-information__grid">
          <TextField form={binding} name={name('email')} label="E-mail" type="email" autoComplete={auto('email')} />
          <TextField form={binding} name={name('phone')} label="Téléphone" type="tel" autoComplete={auto('tel')} hint="Par exemple 06 12 34 56 78" />
          <TextField form={binding} name={name('address')} label="Adresse" autoComplete={auto('street-address')} />
          <MaskedField form={binding} name={name('zip_code')} label="Code postal" mask="99999" autoComplete={auto('postal-code')} />
          <TextField form={binding} name={name('city')} label="Commune" autoComplete={auto('address-level2')} />
        </div>
      </fieldset>
      <fieldset className="my-information__group">
        <legend>Situation professionnelle</legend>
        <div className="my-information__grid">
          <SelectField form={binding} name={name('pro_situation')} label="Situation professionnelle" options={PRO_SITUATION_OPTIONS} placeholder="Choisissez une situation" />
          <TextField form={binding} name={name('employer')} label="Employeur" hint="Ou le nom de votre entreprise si vous êtes indépendant(e)." autoComplete="off" />
        </div>
      </fieldset>
      <fieldset className="my-information__group">
        <legend>Logement et revenus</legend>
        <div className="my-information__grid">
          <SelectField form={binding} name={name('housing_situation')} label="Situation de logement actuelle" options={HOUSING_SITUATION_OPTIONS} placeholder="Choisissez une situation" />
          <MoneyField
            form={binding}
            name={name('tax_income')}
            label="Revenu fiscal de référence"
            hint={`Celui de l’année N-2, soit vos revenus de ${year - 2} : il figure en première page de votre avis d’impôt ${year - 1}, dans le cadre « Vos références ». En euros, sans centimes ; 0 si vous n’avez pas de revenus.`}
          />
        </div>
      </fieldset>
    </>
  );
}

function Wishes({ binding }: { binding: FormBinding }) {
  const residences = useListResidencesQuery();
  const chosen = checkedValues(binding.values['wishes.residences'] ?? '').map(Number);
  const slugs = (residences.data ?? []).filter((residence) => chosen.includes(residence.id)).map((residence) => residence.slug);
  const goods = useListGoodsOfQuery(slugs.length > 0 ? slugs : skipToken);
  const offered = slugs.length > 0 ? (goods.data ?? []) : [];
  // A residence no longer chosen takes its goods with it.
  const wishes: FormBinding = {
    ...binding,
    set: (field, value) => {
      binding.set(field, value);
      if (field !== 'wishes.residences') return;
      const still = checkedValues(value).map(Number);
      const wished = checkedValues(binding.values['wishes.goods'] ?? '');
      const kept = wished.filter((id) => {
        const good = goods.data?.find((each) => String(each.id) === id);
        return !good || still.includes(good.residence.id);
      });
      if (kept.length !== wished.length) binding.set('wishes.goods', kept.join(','));
    },
  };
  return (
    <>
      {residences.isLoading && <Loader label="Chargement des résidences" />}
      {residences.error && <CallError error={residences.error} />}
      {goods.error && <CallError error={goods.error} />}
      {residences.data && (
        <CheckboxGroup
          form={wishes}
          name="wishes.residences"
          label="Les résidences qui vous intéressent"
          options={residences.data.map((residence) => ({ value: String(residence.id), label: `${residence.name} (${residence.city.label})` }))}
        />
      )}
      {slugs.length === 0 ? (
        <p className="ui-field__hint">Cochez une résidence pour choisir parmi ses logements.</p>
      ) : goods.isFetching && !goods.data ? (
        <Loader label="Chargement des logements" />
      ) : (
        <CheckboxGroup
          form={wishes}
          name="wishes.goods"
          label="Les logements qui vous intéressent"
          hint="Parmi ceux des résidences cochées ; aucun si tous vous conviennent."
          options={offered.map((good) => ({
            value: String(good.id),
            label: `${good.residence.name} — ${labelOf(FLAT_SIZE_OPTIONS, good.flat_size)} de ${formatNumber(good.surface)} m², ${formatCents(good.rent_price_cents)} par mois charges comprises`,
          }))}
        />
      )}
      <CheckboxGroup form={wishes} name="wishes.flat_sizes" label="Les typologies qui vous conviennent" options={FLAT_SIZE_OPTIONS} inline />
      <MoneyField form={wishes} name="wishes.max_rent" label="Loyer maximum" hint="Par mois, charges comprises, en euros." />
    </>
  );
}

/** The household's eligibility and what the chosen goods' rents would weigh, as the server last worked them out. */
function Outlook({ record }: { record: MyRecord }) {
  const missing = missingForEligibility(record);
  const id = useId();
  return (
    <section className="ui-card my-information__part" aria-labelledby={id}>
      <h2 id={id}>Votre éligibilité</h2>
      {record.eligibility ? (
        <>
          <p>
            Vos revenus sont la somme des revenus fiscaux de référence de votre foyer, comparée aux plafonds {record.eligibility.year} du logement locatif
            intermédiaire pour {record.situation === 'couple' ? 'un couple' : 'une personne seule'}
            {record.members.length > 0 ? ` avec ${plural(record.members.length, 'personne', 'personnes')} à charge` : ''}.
          </p>
          <ul className="my-information__verdicts">
            {eligibilitySentences(record.eligibility).map((sentence) => (
              <li key={sentence.text} className={sentence.eligible ? 'my-information__verdict--yes' : 'my-information__verdict--no'}>
                {sentence.text}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          {missing.length > 0
            ? `Pour savoir si vous êtes éligible, indiquez ${listInFrench(missing)}.`
            : 'Votre éligibilité sera calculée dès que vos réponses seront enregistrées.'}
        </p>
      )}
      <h3>Le loyer des logements choisis</h3>
      {record.wished_goods.length === 0 ? (
        <p>Choisissez des logements ci-dessus pour voir la part de vos revenus que représenterait leur loyer.</p>
      ) : (
        <ul className="my-information__rents">
          {record.wished_goods.map((good) => {
            const { text, heavy } = rentSentence(good);
            return <li key={good.id}>{heavy ? <MessageBox kind="warning">{text}</MessageBox> : text}</li>;
          })}
        </ul>
      )}
    </section>
  );
}
