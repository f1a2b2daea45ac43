import { useMemo, useState, type FormEvent } from 'react';
import { PASSWORD_RULES_TEXT, passwordChangeSchema, problemOf, SAME_PASSWORD } from '@hsa-lli/common/domain';
import type { PasswordOwner } from '@hsa-lli/common/password-strength';
import { PasswordStrengthMeter, usePasswordRule } from '@hsa-lli/common/password-strength-meter';
import { formReset, useAppDispatch } from '@hsa-lli/common/store';
import { Loader, MessageBox, RequestErrorMessage, TextField, useForm, useSubmission, type Checks } from '@hsa-lli/common/ui';
import { useChangePasswordMutation } from './credentials-api.js';

const FORM = 'credentials-password';
const { current_password: currentRule, new_password: newRule } = passwordChangeSchema.shape;

/**
 * A new password, the current one given, checked as the API checks it: the rules of passwordChangeSchema, then how
 * guessable it is once the strength rule has arrived (it loads with the page).
 */
function usePasswordChangeForm(owner: PasswordOwner) {
  const rule = usePasswordRule();
  const { email, firstName, lastName } = owner;
  const checks = useMemo<Checks>(
    () => ({
      current_password: (value) => problemOf(currentRule, value),
      new_password: (value, values) =>
        problemOf(newRule, value) ?? (value === values.current_password ? SAME_PASSWORD : null) ?? rule?.newPasswordProblem(value, { email, firstName, lastName }) ?? null,
      confirmation: (value, values) => (value !== (values.new_password ?? '') ? 'Les deux mots de passe ne sont pas identiques.' : null),
    }),
    [rule, email, firstName, lastName],
  );
  return useForm(FORM, checks);
}

/** Changing the password: the other devices are logged out, this one stays. */
export function PasswordSection({ owner }: { owner: PasswordOwner }) {
  const dispatch = useAppDispatch();
  const form = usePasswordChangeForm(owner);
  const { sending, failure, send } = useSubmission();
  const [changePassword] = useChangePasswordMutation();
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    const values = form.submit(event);
    if (!values) return;
    setDone(null);
    const answer = await send(
      () => changePassword({ current_password: values.current_password ?? '', new_password: values.new_password ?? '' }).unwrap(),
      form.showErrors,
    );
    if (!answer) return;
    dispatch(formReset(FORM));
    setDone(answer.message);
  };

  return (
    <section className="ui-card credentials__section" aria-labelledby="credentials-password-title">
      <h2 id="credentials-password-title">Mot de passe</h2>
      {done && <MessageBox kind="info">{done}</MessageBox>}
      <form onSubmit={onSubmit} noValidate aria-labelledby="credentials-password-title" className="credentials__form">
        <p className="credentials__hint">Une fois le mot de passe changé, vos autres appareils seront déconnectés ; celui-ci reste connecté.</p>
        {failure && <RequestErrorMessage error={failure} />}
        <TextField form={form} name="current_password" label="Mot de passe actuel" type="password" autoComplete="current-password" required />
        <TextField form={form} name="new_password" label="Nouveau mot de passe" type="password" autoComplete="new-password" hint={PASSWORD_RULES_TEXT} required>
          <PasswordStrengthMeter password={form.value('new_password')} owner={owner} />
        </TextField>
        <TextField form={form} name="confirmation" label="Confirmation du nouveau mot de passe" type="password" autoComplete="new-password" required />
        <button type="submit" className="ui-button" disabled={sending}>
          Changer le mot de passe
        </button>
        <Loader active={sending} label="Enregistrement en cours" />
      </form>
    </section>
  );
}
