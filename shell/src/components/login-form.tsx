import { Link, useNavigate } from 'react-router';
import { loginSchema } from '@hsa-lli/common/domain';
import { logIn, useAppDispatch } from '@hsa-lli/common/store';
import { Loader, RequestErrorMessage, TextField, useForm, useSubmission } from '@hsa-lli/common/ui';

/** E-mail and password; on success the user lands where their roles lead. */
export function LoginForm({ formName, onDone }: { formName: string; onDone?: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useForm(formName, loginSchema);
  const { sending, failure, send } = useSubmission();

  const onSubmit = async (event: React.FormEvent) => {
    const values = form.submit(event);
    if (!values) return;
    const home = await send(() => dispatch(logIn({ email: values.email ?? '', password: values.password ?? '' })).unwrap(), form.showErrors);
    if (home === null) return;
    onDone?.();
    await navigate(home);
  };

  return (
    <form className="shell-login-form" onSubmit={onSubmit} noValidate aria-label="Connexion">
      {failure && <RequestErrorMessage error={failure} />}
      <TextField form={form} name="email" label="E-mail" type="email" autoComplete="username" />
      <TextField form={form} name="password" label="Mot de passe" type="password" autoComplete="current-password" />
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
