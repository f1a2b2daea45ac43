import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { emailProblem } from '@hsa-lli/common/domain';
import type { RequestErrorData } from '@hsa-lli/common/http';
import { logIn, useAppDispatch } from '@hsa-lli/common/store';
import { Field, Loader, RequestErrorMessage, useForm, type Checks } from '@hsa-lli/common/ui';

const CHECKS: Checks = {
  email: (value) => emailProblem(value),
  password: (value) => (value === '' ? 'Veuillez saisir votre mot de passe.' : null),
};

/** E-mail and password; on success the user lands where their roles lead. */
export function LoginForm({ formName, onDone }: { formName: string; onDone?: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useForm(formName, CHECKS);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<RequestErrorData | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    const values = form.submit(event);
    if (!values) return;
    setSending(true);
    setFailure(null);
    try {
      const home = await dispatch(logIn({ email: values.email ?? '', password: values.password ?? '' })).unwrap();
      onDone?.();
      await navigate(home);
    } catch (error) {
      const failed = error as RequestErrorData;
      if (Object.keys(failed.fields).length > 0) form.showErrors(failed.fields);
      else setFailure(failed);
      setSending(false);
    }
  };

  return (
    <form className="shell-login-form" onSubmit={onSubmit} noValidate aria-label="Connexion">
      {failure && <RequestErrorMessage error={failure} />}
      <Field label="E-mail" type="email" autoComplete="username" error={form.errors.email} {...form.bind('email')} />
      <Field label="Mot de passe" type="password" autoComplete="current-password" error={form.errors.password} {...form.bind('password')} />
      <p>
        <Link to="/mot-de-passe-oublie">Mot de passe oublié ?</Link>
      </p>
      <button type="submit" className="ui-button" disabled={sending}>
        Connexion
      </button>
      <Loader active={sending} label="Connexion en cours" />
    </form>
  );
}
