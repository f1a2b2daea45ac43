import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  MAX_DEPENDANTS,
  communesByName,
  currentLliYear,
  eligibilitySchema,
  formatCents,
  parseNumber,
  validate,
  type EligibilityAnswer,
  type EligibilityResult,
  type Household,
} from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { Loader, MessageBox, RequestErrorMessage, useSubmission } from '@hsa-lli/common/ui';
import './eligibility.css';

const euros = (amount: number) => formatCents(amount * 100).replace(',00', '');

/** An income as typed: an empty field is a missing income, and what is no amount a wrong one (NaN). */
const amountOf = (typed: string) => (typed.trim() === '' ? null : (parseNumber(typed) ?? Number.NaN));

export function EligibilityPage() {
  const navigate = useNavigate();
  const year = currentLliYear();
  const [household, setHousehold] = useState<Household>('alone');
  const [dependants, setDependants] = useState('0');
  const [city, setCity] = useState('');
  const [incomes, setIncomes] = useState(['', '']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { sending, failure, send } = useSubmission();
  const [result, setResult] = useState<EligibilityResult | null>(null);

  const persons = household === 'couple' ? 2 : 1;
  const edit = (field: string, apply: () => void) => {
    apply();
    setResult(null);
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = validate(eligibilitySchema, { household, dependants: Number(dependants), city, incomes: incomes.slice(0, persons).map(amountOf), year });
    setErrors(checked.success ? {} : checked.fields);
    if (!checked.success) return;
    const question = checked.data;
    const answer = await send(() => http.post<EligibilityAnswer>('/eligibility/check', question, { action: true }), setErrors);
    if (answer) setResult({ ...question, ...answer });
  };

  return (
    <div className="ui-page eligibility">
      <h1>Tester mon éligibilité</h1>
      <p className="eligibility__intro">
        Le logement locatif intermédiaire est réservé aux ménages dont les revenus ne dépassent pas un plafond fixé par
        l'État, selon la composition du foyer et la zone de la commune. Le revenu retenu est le revenu fiscal de
        référence de l'année N-2 (celui de {year - 2} pour un bail signé en {year}), indiqué sur votre avis d'impôt.
      </p>
      <form onSubmit={submit} noValidate className="eligibility__form" aria-label="Test d'éligibilité">
        <fieldset className="ui-field">
          <legend>Vous êtes</legend>
          <label>
            <input type="radio" name="household" value="alone" checked={household === 'alone'} onChange={() => edit('household', () => setHousehold('alone'))} /> Une personne seule
          </label>
          <label>
            <input type="radio" name="household" value="couple" checked={household === 'couple'} onChange={() => edit('household', () => setHousehold('couple'))} /> Un couple
          </label>
        </fieldset>
        <div className="ui-field">
          <label htmlFor="dependants">Nombre de personnes à charge</label>
          <select id="dependants" value={dependants} onChange={(event) => edit('dependants', () => setDependants(event.target.value))}>
            {Array.from({ length: MAX_DEPENDANTS + 1 }, (_, count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
          {errors.dependants && <p className="ui-field__error">{errors.dependants}</p>}
        </div>
        <div className={`ui-field${errors.city ? ' ui-field--error' : ''}`}>
          <label htmlFor="city">Commune du logement recherché</label>
          <select id="city" value={city} aria-invalid={errors.city ? true : undefined} aria-describedby={errors.city ? 'city-error' : undefined} onChange={(event) => edit('city', () => setCity(event.target.value))}>
            <option value="">Choisissez une commune</option>
            {communesByName().map((commune) => (
              <option key={commune.value} value={commune.value}>
                {commune.label} ({commune.zip_code})
              </option>
            ))}
          </select>
          {errors.city && (
            <p id="city-error" className="ui-field__error">
              {errors.city}
            </p>
          )}
        </div>
        {Array.from({ length: persons }, (_, index) => (
          <div key={index} className={`ui-field${errors.incomes ? ' ui-field--error' : ''}`}>
            <label htmlFor={`income-${index}`}>
              Revenu fiscal de référence {year - 2}
              {persons === 2 ? ` de la personne ${index + 1}` : ''} (en euros)
            </label>
            <input
              id={`income-${index}`}
              inputMode="decimal"
              autoComplete="off"
              value={incomes[index]}
              aria-invalid={errors.incomes ? true : undefined}
              aria-describedby={errors.incomes ? 'incomes-error' : undefined}
              onChange={(event) => edit('incomes', () => setIncomes((current) => current.map((value, position) => (position === index ? event.target.value.replace(/[^\d\s.,]/g, '') : value))))}
            />
          </div>
        ))}
        {errors.incomes && (
          <p id="incomes-error" className="ui-field__error">
            {errors.incomes}
          </p>
        )}
        {failure && <RequestErrorMessage error={failure} />}
        <button type="submit" className="ui-button" disabled={sending}>
          Vérifier mon éligibilité
        </button>
        <Loader active={sending} label="Vérification en cours" />
      </form>
      {result && <EligibilityVerdict result={result} onContact={() => void navigate('/nous-contacter', { state: { eligibility: result } })} />}
    </div>
  );
}

function EligibilityVerdict({ result, onContact }: { result: EligibilityResult; onContact: () => void }) {
  const margin = result.ceiling - result.income;
  return (
    <section className="eligibility__result" aria-live="polite" aria-labelledby="eligibility-verdict">
      <MessageBox kind={result.eligible ? 'info' : 'warning'}>
        <h2 id="eligibility-verdict">{result.eligible ? 'Vous êtes éligible au logement locatif intermédiaire.' : "Vos revenus dépassent le plafond : vous n'êtes pas éligible."}</h2>
        <p>
          Le plafond de revenus {result.year} pour votre foyer en zone {result.zone} est de <strong>{euros(result.ceiling)}</strong> par an.
          Les revenus de votre foyer s'élèvent à <strong>{euros(result.income)}</strong>,{' '}
          {margin >= 0 ? (
            <>soit <strong>{euros(margin)}</strong> sous le plafond.</>
          ) : (
            <>soit <strong>{euros(-margin)}</strong> au-dessus du plafond.</>
          )}
        </p>
      </MessageBox>
      <p>
        {result.eligible
          ? 'Envoyez-nous une demande : nous vous proposerons les logements qui correspondent à votre foyer.'
          : 'Votre situation a peut-être changé depuis : contactez-nous, nous regarderons votre demande avec vous.'}
      </p>
      <button type="button" className="ui-button" onClick={onContact}>
        Envoyer une demande de contact
      </button>
    </section>
  );
}
