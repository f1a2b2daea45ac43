import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CONTACT_SUBJECT_OPTIONS, contactSchema, findCommune, formatCents, validate, type ContactFormValues, type EligibilityResult } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { fieldChanged, formReset, useAppDispatch } from '@hsa-lli/common/store';
import { CHECKED, CheckboxField, Loader, MessageBox, RequestErrorMessage, SelectField, TextareaField, TextField, useForm, useSubmission } from '@hsa-lli/common/ui';
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

const FORM = 'contact';

export function ContactPage() {
  const location = useLocation();
  const eligibility = (location.state as { eligibility?: EligibilityResult } | null)?.eligibility ?? null;
  const dispatch = useAppDispatch();
  const form = useForm(FORM);
  const { sending, failure, send } = useSubmission();
  const [sent, setSent] = useState<string | null>(null);

  // Coming from the eligibility test, the request is written from its answers, over what the form held.
  useEffect(() => {
    if (!eligibility) return;
    dispatch(fieldChanged({ form: FORM, field: 'subject', value: 'new_record' }));
    dispatch(fieldChanged({ form: FORM, field: 'message', value: messageFrom(eligibility) }));
  }, [dispatch, eligibility]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const values: ContactFormValues = {
      subject: form.value('subject'),
      name: form.value('name'),
      email: form.value('email'),
      phone: form.value('phone'),
      message: form.value('message'),
      consent: form.value('consent') === CHECKED,
    };
    const request = { ...values, website: form.value('website'), eligibility };
    const checked = validate(contactSchema, request);
    form.showErrors(checked.success ? {} : checked.fields);
    if (!checked.success) return;
    const answer = await send(() => http.post<{ message: string }>('/contact-forms', request, { action: true }), form.showErrors);
    if (!answer) return;
    setSent(answer.message);
    // A request sent is not offered again when the visitor comes back to the page.
    dispatch(formReset(FORM));
  };

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
              <SelectField form={form} name="subject" label="Objet de votre demande" placeholder="Choisissez un objet" options={CONTACT_SUBJECT_OPTIONS} />
              <TextField form={form} name="name" label="Nom et prénom" autoComplete="name" />
              <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
              <TextField form={form} name="phone" label="Téléphone (facultatif)" type="tel" autoComplete="tel" />
              <TextareaField form={form} name="message" label="Message" rows={8} />
              {/* A field people never see: robots fill it, and their request is dropped. */}
              <div className="contact__trap" aria-hidden="true">
                <label htmlFor="website">Ne remplissez pas ce champ</label>
                <input id="website" tabIndex={-1} autoComplete="off" {...form.bind('website')} />
              </div>
              <CheckboxField
                form={form}
                name="consent"
                label={
                  <>
                    J'accepte d'être recontacté(e) au sujet de ma demande. Mes données sont traitées comme l'explique la page{' '}
                    <Link to="/reglement-general-sur-la-protection-des-donnees-personnelles">données personnelles</Link>.
                  </>
                }
              />
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
