import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  MAX_DEPENDANTS,
  communesByName,
  currentLliYear,
  eligibilitySchema,
  formatEuros,
  parseNumber,
  validate,
  type EligibilityAnswer,
  type EligibilityResult,
} from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { Loader, MessageBox, NumericField, RadioGroup, RequestErrorMessage, SelectField, useForm, useSubmission } from '@hsa-lli/common/ui';
import './eligibility.css';

/** An income as typed: an empty field is a missing income, and what is no amount a wrong one (NaN). */
const amountOf = (typed: string) => (typed.trim() === '' ? null : (parseNumber(typed) ?? Number.NaN));

const HOUSEHOLDS = [
  { value: 'alone', label: 'Une personne seule' },
  { value: 'couple', label: 'Un couple' },
];
const DEPENDANTS = Array.from({ length: MAX_DEPENDANTS + 1 }, (_, count) => ({ value: String(count), label: String(count) }));
const CITIES = communesByName().map((commune) => ({ value: commune.value, label: `${commune.label} (${commune.zip_code})` }));

export function EligibilityPage() {
  const navigate = useNavigate();
  const year = currentLliYear();
  const form = useForm('eligibility');
  const { sending, failure, send } = useSubmission();
  // The verdict stands for the answers it was given: any edit takes it away.
  const [answered, setAnswered] = useState<{ values: Record<string, string>; result: EligibilityResult } | null>(null);
  const result = answered && answered.values === form.values ? answered.result : null;

  const persons = form.value('household') === 'couple' ? 2 : 1;
  const incomeFields = Array.from({ length: persons }, (_, index) => `income_${index + 1}`);
  // The question has one list of incomes: what is wrong with it shows under the last income field.
  const showErrors = ({ incomes, ...fields }: Record<string, string>) => form.showErrors(incomes ? { ...fields, [incomeFields.at(-1)!]: incomes } : fields);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const checked = validate(eligibilitySchema, {
      household: values.household,
      dependants: Number(values.dependants),
      city: values.city ?? '',
      incomes: incomeFields.map((field) => amountOf(values[field] ?? '')),
      year,
    });
    showErrors(checked.success ? {} : checked.fields);
    if (!checked.success) return;
    const question = checked.data;
    const answer = await send(() => http.post<EligibilityAnswer>('/eligibility/check', question, { action: true }), showErrors);
    if (answer) setAnswered({ values, result: { ...question, ...answer } });
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
        <RadioGroup form={form} name="household" label="Vous êtes" options={HOUSEHOLDS} defaultValue="alone" />
        <SelectField form={form} name="dependants" label="Nombre de personnes à charge" options={DEPENDANTS} />
        <SelectField form={form} name="city" label="Commune du logement recherché" placeholder="Choisissez une commune" options={CITIES} />
        {incomeFields.map((field, index) => (
          <NumericField
            key={field}
            form={form}
            name={field}
            label={`Revenu fiscal de référence ${year - 2}${persons === 2 ? ` de la personne ${index + 1}` : ''} (en euros)`}
          />
        ))}
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

/**
 * Brings the verdict into view when it is not wholly in it: on a phone it comes below the form, out of sight of the
 * button just pressed. A smooth scroll, unless the person asked for less motion.
 */
function useShownWhenGiven(result: EligibilityResult) {
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = section.current;
    if (!element) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }, [result]);
  return section;
}

function EligibilityVerdict({ result, onContact }: { result: EligibilityResult; onContact: () => void }) {
  const margin = result.ceiling - result.income;
  const section = useShownWhenGiven(result);
  return (
    <section ref={section} className="eligibility__result" aria-live="polite" aria-labelledby="eligibility-verdict">
      <MessageBox kind={result.eligible ? 'info' : 'warning'}>
        <h2 id="eligibility-verdict">{result.eligible ? 'Vous êtes éligible au logement locatif intermédiaire.' : "Vos revenus dépassent le plafond : vous n'êtes pas éligible."}</h2>
        <p>
          Le plafond de revenus {result.year} pour votre foyer en zone {result.zone} est de <strong>{formatEuros(result.ceiling)}</strong> par an.
          Les revenus de votre foyer s'élèvent à <strong>{formatEuros(result.income)}</strong>,{' '}
          {margin >= 0 ? (
            <>soit <strong>{formatEuros(margin)}</strong> sous le plafond.</>
          ) : (
            <>soit <strong>{formatEuros(-margin)}</strong> au-dessus du plafond.</>
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
