import { useState, type FormEvent } from 'react';
import { emailChangeSchema } from '@hsa-lli/common/domain';
import { formReset, useAppDispatch } from '@hsa-lli/common/store';
import { Loader, MessageBox, RequestErrorMessage, TextField, useForm, useSubmission } from '@hsa-lli/common/ui';
import { useChangeEmailMutation } from './credentials-api.js';

const FORM = 'credentials-email';

/** The account's address, and the request for a new one, which the link sent to it confirms. */
export function EmailSection({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const form = useForm(FORM, emailChangeSchema);
  const { sending, failure, send } = useSubmission();
  const [changeEmail] = useChangeEmailMutation();
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    const values = form.submit(event);
    if (!values) return;
    setSent(null);
    const answer = await send(() => changeEmail({ new_email: values.new_email ?? '', password: values.password ?? '' }).unwrap(), form.showErrors);
    if (!answer) return;
    dispatch(formReset(FORM));
    setSent(answer.message);
  };

  return (
    <section className="ui-card credentials__section" aria-labelledby="credentials-email-title">
      <h2 id="credentials-email-title">Adresse e-mail</h2>
      <p>
        Vous vous connectez avec l’adresse <strong className="credentials__email">{email}</strong>. C’est aussi à elle que nous vous écrivons.
      </p>
      {sent && (
        <MessageBox kind="info">
          {sent} D’ici là, votre adresse actuelle reste celle de votre compte.
        </MessageBox>
      )}
      <form onSubmit={onSubmit} noValidate aria-labelledby="credentials-email-form-title" className="credentials__form">
        <h3 id="credentials-email-form-title">Changer d’adresse e-mail</h3>
        <p className="credentials__hint">
          Nous enverrons un lien de confirmation à la nouvelle adresse : le changement prendra effet quand vous l’aurez ouvert.
        </p>
        {failure && <RequestErrorMessage error={failure} />}
        <TextField form={form} name="new_email" label="Nouvelle adresse e-mail" type="email" autoComplete="email" required />
        <TextField form={form} name="password" label="Mot de passe actuel" type="password" autoComplete="current-password" required />
        <button type="submit" className="ui-button" disabled={sending}>
          Recevoir le lien de confirmation
        </button>
        <Loader active={sending} label="Envoi en cours" />
      </form>
    </section>
  );
}
