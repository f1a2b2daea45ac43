import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ALERT_LIMITS, alertCreateSchema, describeFilters, validate, type MeAnswer, type ResidenceFilters } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { fieldChanged, selectForm, selectIsAuthenticated, useAppDispatch, useAppSelector } from '@hsa-lli/common/store';
import { Loader, MessageBox, Modal, RequestErrorMessage, TextField, useForm, useSubmission } from '@hsa-lli/common/ui';
import './alert-creation.css';

const FORM = 'residences-alert';
const PRIVACY_PAGE = '/reglement-general-sur-la-protection-des-donnees-personnelles';

/** The list's filters the API refused (a rent written by hand in the address…), in one sentence each. */
function filterProblems(fields: Record<string, string>): string[] {
  return Object.entries(fields)
    .filter(([field]) => field.startsWith('filters'))
    .map(([, message]) => message);
}

/** The signed-in person's address, written into the form unless something is typed there already. */
function usePrefilledEmail(open: boolean) {
  const dispatch = useAppDispatch();
  const authenticated = useAppSelector(selectIsAuthenticated);
  useEffect(() => {
    if (!open || !authenticated) return;
    const controller = new AbortController();
    http
      .post<MeAnswer>('/users/get-me', undefined, { controller, minDuration: 0 })
      .then(({ user }) =>
        dispatch((next, getState) => {
          if (!selectForm(getState(), FORM).values.email) next(fieldChanged({ form: FORM, field: 'email', value: user.email }));
        }),
      )
      // Without it the person types their address: nothing to tell.
      .catch(() => undefined);
    return () => controller.abort();
  }, [open, authenticated, dispatch]);
}

/** What the dialog asks: the address, under the search it follows and what will be sent. */
function AlertForm({ filters, onSent, onCancel }: { filters: ResidenceFilters; onSent: (email: string) => void; onCancel: () => void }) {
  const form = useForm(FORM);
  const { sending, failure, send } = useSubmission();
  const [refused, setRefused] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const filtered = Object.keys(filters).length > 0;

  const showErrors = (fields: Record<string, string>) => {
    form.showErrors(fields);
    setRefused(filterProblems(fields));
    if (fields.email) formRef.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const request = { email: form.value('email'), filters };
    const checked = validate(alertCreateSchema, request);
    if (!checked.success) return showErrors(checked.fields);
    showErrors({});
    const answer = await send(() => http.post<{ sent: true }>('/front/alerts/create', checked.data, { action: true }), showErrors);
    if (answer) onSent(checked.data.email);
  };

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Créer une alerte" className="alert-form">
      <p>
        Votre alerte suit la recherche : <strong className="alert-form__search">{describeFilters(filters)}</strong>
      </p>
      {!filtered && <p className="alert-form__hint">Pour une recherche plus précise, fermez cette fenêtre, choisissez vos filtres puis « Filtrer ».</p>}
      {refused.length > 0 && (
        <MessageBox kind="error">
          Cette recherche ne peut pas être suivie : {refused.join(' ')} Changez les filtres de la liste, puis créez l’alerte à nouveau.
        </MessageBox>
      )}
      <TextField form={form} name="email" label="Votre adresse e-mail" type="email" autoComplete="email" required />
      <ul className="alert-form__terms">
        <li>Nous vous envoyons d’abord un e-mail pour confirmer l’alerte : rien d’autre ne part sans cette confirmation.</li>
        <li>Ensuite, au plus un e-mail par jour, seulement quand un logement de cette recherche est publié ou se libère.</li>
        <li>Chaque e-mail permet de vous désinscrire en un clic.</li>
        <li>L’alerte s’arrête d’elle-même au bout de {ALERT_LIMITS.months} mois, sauf si vous choisissez de la garder.</li>
      </ul>
      <p className="alert-form__hint">
        Votre adresse ne sert qu’à vos alertes : voyez notre page <Link to={PRIVACY_PAGE}>données personnelles</Link>.
      </p>
      {failure && <RequestErrorMessage error={failure} />}
      <div className="ui-modal__actions">
        <button type="submit" className="ui-button" disabled={sending}>
          Créer mon alerte
        </button>
        <button type="button" className="ui-button ui-button--secondary" onClick={onCancel}>
          Annuler
        </button>
      </div>
      <Loader active={sending} label="Envoi en cours" />
    </form>
  );
}

/** What follows the request: the confirmation e-mail, to open. */
function AlertSent({ email, onClose }: { email: string; onClose: () => void }) {
  const message = useRef<HTMLDivElement>(null);
  // Focus leaves the form that went away for what replaced it, so that it is read.
  useEffect(() => message.current?.focus(), []);
  return (
    <>
      <div ref={message} tabIndex={-1} className="alert-form__sent">
        <MessageBox kind="info">
          Un e-mail de confirmation a été envoyé à <strong className="alert-form__email">{email}</strong> : ouvrez-le pour activer votre alerte.
        </MessageBox>
        <p className="alert-form__hint">
          Son lien est valable {ALERT_LIMITS.confirmationDays} jours. Vous ne le trouvez pas ? Regardez dans vos courriers indésirables.
        </p>
      </div>
      <div className="ui-modal__actions">
        <button type="button" className="ui-button" onClick={onClose}>
          Retour à la liste
        </button>
      </div>
    </>
  );
}

/**
 * « Créer une alerte » on the list: a dialog asks for an address to e-mail the homes of the list's current search that
 * are published or become available. The address typed stays in the forms' store while the visitor is on the site.
 */
export function AlertCreation({ filters }: { filters: ResidenceFilters }) {
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);
  usePrefilledEmail(open);

  // Once the dialog is shown (by the modal's own effect, which runs first), focus goes to the address: what the
  // person has to type. Closing it gives focus back to the button that opened it (the native dialog does).
  useEffect(() => {
    if (open) body.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
  }, [open]);

  const show = () => {
    setSentTo(null);
    setOpen(true);
  };
  const close = () => setOpen(false);

  return (
    <>
      <div className="residences-alert">
        <p>Recevez par e-mail les logements de cette recherche dès qu’ils sont publiés ou se libèrent.</p>
        <button type="button" className="ui-button ui-button--secondary" onClick={show}>
          Créer une alerte
        </button>
      </div>
      <Modal open={open} title="Créer une alerte" onClose={close}>
        <div ref={body}>
          {open && (sentTo ? <AlertSent email={sentTo} onClose={close} /> : <AlertForm filters={filters} onSent={setSentTo} onCancel={close} />)}
        </div>
      </Modal>
    </>
  );
}
