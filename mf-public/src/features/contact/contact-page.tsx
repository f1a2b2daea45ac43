import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CONTACT_SUBJECT_OPTIONS, contactSchema, findCommune, formatCents, validate, type ContactFormValues, type EligibilityResult } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { Loader, MessageBox, RequestErrorMessage, useSubmission } from '@hsa-lli/common/ui';
import './contact.css';

const euros = (amount: number) => formatCents(amount * 100).replace(',00', '');

/** The request the eligibility test prefills: its answers, written for the person who will read it. */
function messageFrom(result: EligibilityResult): string {
  const commune = findCommune(result.city);
  const household = result.household === 'couple' ? 'en couple' : 'seul(e)';
  return [
    'Bonjour,',
    `J'ai fait le test d'éligibilité : je vis ${household}, avec ${result.dependants} personne(s) à charge, et je cherche un logement à ${commune?.label ?? result.city} (zone ${result.zone}).`,
    `Revenu fiscal de référence du foyer : ${euros(result.income)} ; plafond ${result.year} : ${euros(result.ceiling)}. Résultat : ${result.eligible ? 'éligible' : 'non éligible'}.`,
    'Je souhaite déposer une demande de logement.',
  ].join('\n\n');
}

const EMPTY: ContactFormValues = { subject: '', name: '', email: '', phone: '', message: '', consent: false };

export function ContactPage() {
  const location = useLocation();
  const eligibility = (location.state as { eligibility?: EligibilityResult } | null)?.eligibility ?? null;
  const [values, setValues] = useState<ContactFormValues>(() =>
    eligibility ? { ...EMPTY, subject: 'new_record', message: messageFrom(eligibility) } : EMPTY,
  );
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { sending, failure, send } = useSubmission();
  const [sent, setSent] = useState<string | null>(null);

  const change = <K extends keyof ContactFormValues>(field: K, value: ContactFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const request = { ...values, website, eligibility };
    const checked = validate(contactSchema, request);
    setErrors(checked.success ? {} : checked.fields);
    if (!checked.success) return;
    const answer = await send(() => http.post<{ message: string }>('/contact-forms', request, { action: true }), setErrors);
    if (answer) setSent(answer.message);
  };

  const describedBy = (field: string) => (errors[field] ? `${field}-error` : undefined);
  const error = (field: string) =>
    errors[field] && (
      <p id={`${field}-error`} className="ui-field__error">
        {errors[field]}
      </p>
    );

  return (
    <div className="ui-page contact">
      <h1>Nous contacter</h1>
      <div className="contact__layout">
        <div>
          {sent ? (
            <MessageBox kind="info">{sent}</MessageBox>
          ) : (
            <form onSubmit={submit} noValidate aria-label="Demande de contact">
              {eligibility && <MessageBox kind="statement">Votre demande reprend les réponses de votre test d'éligibilité : relisez-la avant de l'envoyer.</MessageBox>}
              <div className={`ui-field${errors.subject ? ' ui-field--error' : ''}`}>
                <label htmlFor="subject">Objet de votre demande</label>
                <select id="subject" value={values.subject} aria-invalid={errors.subject ? true : undefined} aria-describedby={describedBy('subject')} onChange={(event) => change('subject', event.target.value)}>
                  <option value="">Choisissez un objet</option>
                  {CONTACT_SUBJECT_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
                {error('subject')}
              </div>
              <div className={`ui-field${errors.name ? ' ui-field--error' : ''}`}>
                <label htmlFor="name">Nom et prénom</label>
                <input id="name" autoComplete="name" value={values.name} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy('name')} onChange={(event) => change('name', event.target.value)} />
                {error('name')}
              </div>
              <div className={`ui-field${errors.email ? ' ui-field--error' : ''}`}>
                <label htmlFor="email">E-mail</label>
                <input id="email" type="email" autoComplete="email" value={values.email} aria-invalid={errors.email ? true : undefined} aria-describedby={describedBy('email')} onChange={(event) => change('email', event.target.value)} />
                {error('email')}
              </div>
              <div className={`ui-field${errors.phone ? ' ui-field--error' : ''}`}>
                <label htmlFor="phone">Téléphone (facultatif)</label>
                <input id="phone" type="tel" autoComplete="tel" value={values.phone} aria-invalid={errors.phone ? true : undefined} aria-describedby={describedBy('phone')} onChange={(event) => change('phone', event.target.value)} />
                {error('phone')}
              </div>
              <div className={`ui-field${errors.message ? ' ui-field--error' : ''}`}>
                <label htmlFor="message">Message</label>
                <textarea id="message" rows={8} value={values.message} aria-invalid={errors.message ? true : undefined} aria-describedby={describedBy('message')} onChange={(event) => change('message', event.target.value)} />
                {error('message')}
              </div>
              {/* A field people never see: robots fill it, and their request is dropped. */}
              <div className="contact__trap" aria-hidden="true">
                <label htmlFor="website">Ne remplissez pas ce champ</label>
                <input id="website" tabIndex={-1} autoComplete="off" value={website} onChange={(event) => setWebsite(event.target.value)} />
              </div>
              <div className={`contact__consent${errors.consent ? ' ui-field--error' : ''}`}>
                <input id="consent" type="checkbox" checked={values.consent} aria-invalid={errors.consent ? true : undefined} aria-describedby={describedBy('consent')} onChange={(event) => change('consent', event.target.checked)} />
                <label htmlFor="consent">
                  J'accepte d'être recontacté(e) au sujet de ma demande. Mes données sont traitées comme l'explique la page{' '}
                  <Link to="/reglement-general-sur-la-protection-des-donnees-personnelles">données personnelles</Link>.
                </label>
              </div>
              {error('consent')}
              {failure && <RequestErrorMessage error={failure} />}
              <button type="submit" className="ui-button" disabled={sending}>
                Envoyer ma demande
              </button>
              <Loader active={sending} label="Envoi en cours" />
            </form>
          )}
        </div>
        <aside className="ui-card contact__aside">
          <h2>Nos coordonnées</h2>
          <address>
            HSA Logement intermédiaire
            <br />2 allée du Port-Neuf, 64100 Bayonne
            <br />
            <a href="tel:+33559000000">05 59 00 00 00</a>, du lundi au vendredi de 9 h à 17 h
          </address>
        </aside>
      </div>
    </div>
  );
}
