import { useState } from 'react';
import { HOUSEHOLD_OPTIONS, LINK_OPTIONS, type MyRecord } from '@hsa-lli/common/domain';
import { Modal, RadioGroup, SelectField, type FormBinding } from '@hsa-lli/common/ui';
import { MembersFields } from './members-fields.js';
import { holdsSecondApplicant } from './record-values.js';

/** Alone or as a couple (a couple's link), and the dependants. */
export function HouseholdFields({ binding, record, addMember }: { binding: FormBinding; record: MyRecord; addMember: (rows: string) => void }) {
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
      <MembersFields binding={binding} add={addMember} />
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
