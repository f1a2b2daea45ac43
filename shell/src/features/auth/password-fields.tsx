import { PASSWORD_RULES_TEXT, passwordProblem } from '@hsa-lli/common/domain';
import { Field, type Checks } from '@hsa-lli/common/ui';
import type { useForm } from '@hsa-lli/common/ui';

export const NEW_PASSWORD_CHECKS: Checks = {
  password: (value) => passwordProblem(value),
  confirmation: (value, values) => (value !== (values.password ?? '') ? 'Les deux mots de passe ne sont pas identiques.' : null),
};

/** A new password, its rules stated, and its confirmation. */
export function NewPasswordFields({ form }: { form: ReturnType<typeof useForm> }) {
  return (
    <>
      <Field
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULES_TEXT}
        error={form.errors.password}
        {...form.bind('password')}
      />
      <Field
        label="Confirmation du mot de passe"
        type="password"
        autoComplete="new-password"
        error={form.errors.confirmation}
        {...form.bind('confirmation')}
      />
    </>
  );
}
