import { Link, useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import { landingAfterLogin, loginSchema } from '@hsa-lli/common/domain';
import { logIn, selectPages, useAppDispatch, type RootState } from '@hsa-lli/common/store';
import { Loader, RequestErrorMessage, TextField, useForm, useSubmission } from '@hsa-lli/common/ui';

/**
 * E-mail and password; on success the user comes back to `returnTo` (the page they logged in from) when their session
 * may open it, else lands where their roles lead.
 */
export function LoginForm({ formName, returnTo, onDone }: { formName: string; returnTo?: string | null; onDone?: () => void }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const form = useForm(formName, loginSchema);
  const { sending, failure, send } = useSubmission();

  const onSubmit = async (event: React.FormEvent) => {
    const values = form.submit(event);
    if (!values) return;
    const home = await send(() => dispatch(logIn({ email: values.email ?? '', password: values.password ?? '' })).unwrap(), form.showErrors);
    if (home === null) return;
    onDone?.();
    // The login's answer brought the new session's pages: a page it may not open leads home instead.
    await navigate(landingAfterLogin(returnTo, selectPages(store.getState()).pages, home));
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
