import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { DISCOVERY_SOURCE_OPTIONS, type MyRecord } from '@hsa-lli/common/domain';
import { formFilled, type RootState } from '@hsa-lli/common/store';
import { Loader, SelectField } from '@hsa-lli/common/ui';
import { useGetMyRecordQuery, useUpdateMyRecordMutation } from '../../lib/my-record-api.js';
import { NoRecord } from '../../lib/call-errors.js';
import { shownState, useAutosave } from './autosave.js';
import { HouseholdFields } from './household-fields.js';
import { Part } from './information-part.js';
import { Outlook } from './outlook.js';
import { PersonFields } from './person-fields.js';
import { personValues, recordValues, type Section } from './record-values.js';
import { WishesFields } from './wishes-fields.js';
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

function InformationForm({ record }: { record: MyRecord }) {
  const store = useStore<RootState>();
  const [update] = useUpdateMyRecordMutation();
  const { form, binding, states, flush, leave } = useAutosave(
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
      onBlur={() => void leave()}
    >
      <p className="my-information__intro">
        Vos réponses sont enregistrées au fur et à mesure, dès que vous quittez un champ. Elles servent à étudier votre demande de logement : complétez-les
        avant de déposer vos pièces justificatives.
      </p>
      <Part title="Votre foyer" {...part('household')}>
        <HouseholdFields binding={binding} record={record} addMember={(rows) => form.set('members', rows)} />
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
        <WishesFields binding={binding} />
      </Part>
      <Outlook record={record} />
    </form>
  );
}
