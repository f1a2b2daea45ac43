import { useEffect, useId, useRef } from 'react';
import { MAX_MEMBERS, MEMBER_ROLE_OPTIONS } from '@hsa-lli/common/domain';
import { DateField, SelectField, TextField, type FormBinding } from '@hsa-lli/common/ui';
import { memberRows, membersText, newMember } from './record-values.js';

/** The dependants: saved as one list, each row's changes sending it whole; `add` shows a row without saving it. */
export function MembersFields({ binding, add }: { binding: FormBinding; add: (rows: string) => void }) {
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
