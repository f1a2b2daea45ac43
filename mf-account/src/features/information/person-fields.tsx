import { HOUSING_SITUATION_OPTIONS, PRO_SITUATION_OPTIONS, type PersonPosition } from '@hsa-lli/common/domain';
import { DateField, MaskedField, MoneyField, SelectField, TextField, type FormBinding } from '@hsa-lli/common/ui';

/** One applicant's identity, contact details, work, housing and income. */
export function PersonFields({ binding, position }: { binding: FormBinding; position: PersonPosition }) {
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
