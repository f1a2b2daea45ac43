import { useMemo } from 'react';
import { PASSWORD_RULES_TEXT, newPasswordSchema, problemOf } from '@hsa-lli/common/domain';
import type { PasswordOwner } from '@hsa-lli/common/password-strength';
import { PasswordStrengthMeter, usePasswordRule } from '@hsa-lli/common/password-strength-meter';
import { TextField, useForm, type Checks } from '@hsa-lli/common/ui';

/**
 * The form of a new password and its confirmation (a field of the form only), checked as the API checks it: the
 * password's rules (newPasswordSchema), then how guessable it is once the strength rule has arrived (it loads with
 * the page); until then the API alone refuses a guessable password.
 */
export function useNewPasswordForm(name: string, owner: PasswordOwner) {
  const rule = usePasswordRule();
  const { email, firstName, lastName } = owner;
  const checks = useMemo<Checks>(
    () => ({
      password: (value) => problemOf(newPasswordSchema.shape.password, value) ?? rule?.newPasswordProblem(value, { email, firstName, lastName }) ?? null,
      confirmation: (value, values) => (value !== (values.password ?? '') ? 'Les deux mots de passe ne sont pas identiques.' : null),
    }),
    [rule, email, firstName, lastName],
  );
  return useForm(name, checks);
}

/** A new password, its rules stated and its strength shown, and its confirmation. */
export function NewPasswordFields({ form, owner }: { form: ReturnType<typeof useForm>; owner: PasswordOwner }) {
  return (
    <>
      <TextField form={form} name="password" label="Nouveau mot de passe" type="password" autoComplete="new-password" hint={PASSWORD_RULES_TEXT}>
        <PasswordStrengthMeter password={form.value('password')} owner={owner} />
      </TextField>
      <TextField form={form} name="confirmation" label="Confirmation du mot de passe" type="password" autoComplete="new-password" />
    </>
  );
}
