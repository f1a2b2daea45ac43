import { Link, useLoaderData } from 'react-router';
import { contactReplySchema, splitName, type ContactEligibility, type ContactFormAnswer, type ContactFormView } from '@hsa-lli/common/back-office';
import { findCommune, formatDate, formatDateTime, formatEuros, HOUSEHOLD_OPTIONS, labelOf, zoneLabel } from '@hsa-lli/common/domain';
import { formReset, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { CheckboxField, RequestErrorMessage, TextareaField, useForm, useSubmission } from '@hsa-lli/common/ui';
import { ConfirmButton, type HistoryField, HistoryPanel, SubmitActions, useCheckedSubmission, useLatestAnswer } from '../../components/edit-form.js';
import '../../components/back-office.css';
import { ContactStatusBadge, RgpdFlag, statusLabel, subjectLabel } from './contact-labels.js';
import { useChangeContactRequestMutation, useReplyToContactRequestMutation } from './contact-requests-api.js';
import { CONTACT_REQUESTS } from './contact-requests-list-page.js';
import { RgpdTools } from './rgpd-tools.js';
import './contact-requests.css';
import type { contactRequestLoader } from '../../loaders.js';

const HISTORY_FIELDS: Record<string, HistoryField> = {
  status: { label: 'Statut', format: (value) => statusLabel(String(value)) },
  record: { label: 'Dossier' },
  identity: { label: 'Identité vérifiée' },
};


/** The eligibility test's answers, as a person reads them. */
function EligibilityAnswers({ answers }: { answers: ContactEligibility }) {
  const household = labelOf(HOUSEHOLD_OPTIONS, answers.household);
  const commune = answers.city ? findCommune(answers.city) : undefined;
  return (
    <section className="bo-panel" aria-labelledby="contact-eligibility-title">
      <h2 id="contact-eligibility-title">Test d’éligibilité</h2>
      <p>
        <strong>{answers.eligible ? 'Éligible' : 'Non éligible'}</strong> : revenus du foyer de {formatEuros(answers.income, 0)} pour un plafond de {formatEuros(answers.ceiling, 0)} en zone{' '}
        {zoneLabel(answers.zone)}
        {answers.year ? ` (plafonds ${answers.year})` : ''}.
      </p>
      <dl className="bo-meta">
        <dt>Situation</dt>
        <dd>{household}</dd>
        <dt>Personnes à charge</dt>
        <dd>{answers.dependants === 0 ? 'Aucune' : answers.dependants}</dd>
        <dt>Commune recherchée</dt>
        <dd>{commune ? commune.label : '—'}</dd>
        {answers.incomes.map((income, index) => (
          <Fact key={index} term={answers.incomes.length > 1 ? `Revenu fiscal de référence, personne ${index + 1}` : 'Revenu fiscal de référence'} value={formatEuros(income, 0)} />
        ))}
      </dl>
    </section>
  );
}

/** One term of a description list and its value. */
function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** The form that mails the requester an answer, and may mark the request done with it. */
function ReplyForm({ contact, onSent }: { contact: ContactFormView; onSent: (answer: ContactFormAnswer) => void }) {
  const name = `contact-reply-${contact.id}`;
  const form = useForm(name);
  const dispatch = useAppDispatch();
  const { sending, failure, submit } = useCheckedSubmission();
  const [reply] = useReplyToContactRequestMutation();
  return (
    <form
      noValidate
      aria-label="Répondre par e-mail"
      className="bo-panel"
      onSubmit={async (event) => {
        event.preventDefault();
        const complete = form.value('complete') !== '';
        const body = { id: contact.id, message: form.value('message'), ...(complete ? { complete } : {}) };
        const answer = await submit(form, contactReplySchema, body, (checked) => reply(checked).unwrap());
        if (!answer) return;
        dispatch(formReset(name));
        onSent(answer);
        dispatch(pushMessage({ kind: 'info', text: `Votre réponse a été envoyée à ${contact.email}.` }));
      }}
    >
      <h2>Répondre par e-mail</h2>
      <TextareaField
        form={form}
        name="message"
        label="Votre réponse"
        hint={`Envoyée à ${contact.email}, précédée d’un rappel de l’objet de la demande et signée « L’équipe HSA Logement intermédiaire ».`}
        required
        rows={7}
        maxLength={5000}
      />
      {contact.status === 'new' && <CheckboxField form={form} name="complete" label="Marquer la demande comme terminée" />}
      <SubmitActions failure={failure} sending={sending}>Envoyer la réponse</SubmitActions>
    </form>
  );
}

/** A contact request: what was asked, what the eligibility test answered, the replies sent, what to do with it. */
export function ContactRequestPage() {
  const loaded = useLoaderData<typeof contactRequestLoader>();
  const dispatch = useAppDispatch();
  const [{ contact_form: contact, history, replies }, setSaved] = useLatestAnswer(loaded);
  const action = useSubmission();
  const [change] = useChangeContactRequestMutation();
  const names = splitName(contact.name);

  const act = async (kind: 'complete' | 'reopen' | 'convert', done: (answer: ContactFormAnswer) => string) => {
    const answer = await action.send(() => change({ action: kind, id: contact.id }).unwrap(), () => undefined);
    if (!answer) return;
    setSaved(answer);
    dispatch(pushMessage({ kind: 'info', text: done(answer) }));
  };

  return (
    <section>
      <Link className="bo-back" to={CONTACT_REQUESTS}>
        ← Toutes les demandes
      </Link>
      <div className="bo-heading">
        <div className="contact-title">
          <h1>{subjectLabel(contact.subject)}</h1>
          <ContactStatusBadge status={contact.status} />
          <RgpdFlag row={contact} />
        </div>
      </div>

      <section className="bo-panel" aria-labelledby="contact-request-title">
        <h2 id="contact-request-title">Demande de {contact.name}</h2>
        <dl className="bo-meta contact-meta">
          <dt>Reçue le</dt>
          <dd>{formatDateTime(contact.created_at)}</dd>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </dd>
          <dt>Téléphone</dt>
          <dd>{contact.phone ? <a href={`tel:${contact.phone.replace(/[\s.-]/g, '')}`}>{contact.phone}</a> : 'Non indiqué'}</dd>
          <dt>Dossier</dt>
          <dd>{contact.record ? contact.record.reference : 'Aucun'}</dd>
          {contact.completed_at && (
            <>
              <dt>Terminée le</dt>
              <dd>{formatDateTime(contact.completed_at)}</dd>
            </>
          )}
          {contact.rgpd && contact.rgpd_deadline && (
            <>
              <dt>Réponse due le</dt>
              <dd>
                {formatDate(contact.rgpd_deadline)} (un mois après réception, article 12 du RGPD){contact.overdue ? ' : en retard' : ''}
              </dd>
            </>
          )}
        </dl>
        <h3>Message</h3>
        <p className="contact-message">{contact.message}</p>
      </section>

      {contact.eligibility && <EligibilityAnswers answers={contact.eligibility} />}

      {contact.rgpd && <RgpdTools contactId={contact.id} />}

      <section className="bo-panel" aria-labelledby="contact-actions-title">
        <h2 id="contact-actions-title">Suite à donner</h2>
        {action.failure && <RequestErrorMessage error={action.failure} />}
        <div className="bo-actions">
          {contact.status === 'new' ? (
            <ConfirmButton
              label="Marquer comme terminée"
              title="Marquer cette demande comme terminée ?"
              confirmLabel="Marquer comme terminée"
              onConfirm={() => act('complete', () => 'La demande est marquée comme terminée.')}
            >
              <p>Elle restera dans la liste, au statut « Terminé ». Vous pourrez la rouvrir.</p>
            </ConfirmButton>
          ) : (
            <ConfirmButton label="Rouvrir" title="Rouvrir cette demande ?" confirmLabel="Rouvrir la demande" onConfirm={() => act('reopen', () => 'La demande est rouverte.')}>
              <p>Elle repassera au statut « Nouveau ».</p>
            </ConfirmButton>
          )}
          {!contact.record && (
            <ConfirmButton
              label="Créer le dossier et inviter le demandeur"
              title="Créer le dossier et inviter le demandeur ?"
              confirmLabel="Créer le dossier et inviter"
              onConfirm={() => act('convert', (answer) => `Le dossier ${answer.contact_form.record?.reference ?? ''} est ouvert ; ${contact.email} a reçu son invitation s’il n’avait pas encore de mot de passe.`)}
            >
              <p>
                Un compte client est créé pour {names.first_name} {names.last_name} ({contact.email}), qui reçoit par e-mail un lien, valable sept jours, pour
                choisir son mot de passe. Si cette adresse a déjà un compte client sans dossier, le dossier lui est rattaché.
              </p>
              <p>
                Son dossier est ouvert avec {contact.eligibility ? 'sa situation, ses personnes à charge et les revenus du test d’éligibilité' : 'son nom'}
                {contact.phone ? ', son téléphone' : ''} et son adresse e-mail. La demande est liée au dossier et marquée comme terminée.
              </p>
            </ConfirmButton>
          )}
        </div>
      </section>

      <ReplyForm contact={contact} onSent={setSaved} />

      <section className="bo-panel" aria-labelledby="contact-replies-title">
        <h2 id="contact-replies-title">Réponses envoyées</h2>
        {replies.length === 0 ? (
          <p>Aucune réponse envoyée pour le moment.</p>
        ) : (
          <ol className="contact-replies">
            {replies.map((reply) => (
              <li key={reply.id}>
                <p>
                  <time dateTime={reply.sent_at}>{formatDateTime(reply.sent_at)}</time>, par {reply.author}
                </p>
                <p className="contact-message">{reply.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <HistoryPanel entries={history} fields={HISTORY_FIELDS} />
    </section>
  );
}
