import { useEffect, useState } from 'react';
import { Link, useLoaderData, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { forgotPasswordSchema, landingAfterLogin, RETURN_PARAM, type LoginAnswer, type PagePattern } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { loadSession, selectIsAuthenticated, selectPages, selectSession, sessionOpened, useAppDispatch, useAppSelector } from '@hsa-lli/common/store';
import { Loader, MessageBox, RequestErrorMessage, TextField, useForm, useSubmission } from '@hsa-lli/common/ui';
import { LoginForm } from '../../components/login-form.js';
import { NewPasswordFields, useNewPasswordForm } from './password-fields.js';

/** A form's call, and the answer it got once it succeeded. */
function useSending<T>() {
  const { sending, failure, send } = useSubmission();
  const [answer, setAnswer] = useState<T | null>(null);
  const sendAndKeep = async (call: () => Promise<T>, onFields: (fields: Record<string, string>) => void) => {
    const result = await send(call, onFields);
    if (result !== null) setAnswer(result);
    return result;
  };
  return { sending, failure, answer, send: sendAndKeep };
}

/** The login page; `?retour=<path>` names the page that sent the person here, where they come back once logged in. */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const { pages } = useAppSelector(selectPages);
  const returnTo = useSearchParams()[0].get(RETURN_PARAM);
  // A session this page still believes open may have ended on the server (expired, or closed from another tab): the
  // page that sent the person here found it so. The server is asked once who is logged in, the form shown after.
  const [checking, setChecking] = useState(session.status === 'authenticated');
  useEffect(() => {
    if (!checking) return;
    let current = true;
    void dispatch(loadSession()).finally(() => current && setChecking(false));
    return () => {
      current = false;
    };
  }, [dispatch, checking]);
  return (
    <section className="shell-auth-page">
      <h1>Connexion</h1>
      {checking ? (
        <Loader label="Vérification de votre connexion" />
      ) : session.status === 'authenticated' ? (
        <p>
          Vous êtes connecté(e). <Link to={landingAfterLogin(returnTo, pages, session.home)}>Accéder à mon espace</Link>
        </p>
      ) : (
        <LoginForm formName="login-page" returnTo={returnTo} />
      )}
    </section>
  );
}

export function ForgotPasswordPage() {
  const form = useForm('forgot-password', forgotPasswordSchema);
  const { sending, failure, answer, send } = useSending<{ message: string }>();
  const onSubmit = (event: React.FormEvent) => {
    const values = form.submit(event);
    if (values) void send(() => http.post('/auth/forgot-password', { email: values.email }, { action: true }), form.showErrors);
  };
  return (
    <section className="shell-auth-page">
      <h1>Mot de passe oublié</h1>
      {answer ? (
        <MessageBox kind="info">{answer.message}</MessageBox>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Mot de passe oublié">
          <p>Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.</p>
          {failure && <RequestErrorMessage error={failure} />}
          <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
          <button type="submit" className="ui-button" disabled={sending}>
            Recevoir le lien
          </button>
          <Loader active={sending} label="Envoi en cours" />
        </form>
      )}
      <p>
        <Link to="/login">Retour à la connexion</Link>
      </p>
    </section>
  );
}

/** Reads what an e-mailed link stands for; an unusable link answers 404, which gives the not-found page. */
function tokenLoader<T>(check: 'password-reset-token' | 'registration-token') {
  return async ({ params, request }: LoaderFunctionArgs): Promise<T> => {
    const { infos } = await http.post<{ infos: T }>(`/tokens/${check}`, { token: params.token }, { controller: request, minDuration: 0 });
    return infos;
  };
}

export const newPasswordLoader = tokenLoader<{ email: string; first_name: string; last_name: string }>('password-reset-token');

export function NewPasswordPage() {
  const { email, first_name: firstName, last_name: lastName } = useLoaderData<typeof newPasswordLoader>();
  const { token } = useParams();
  const owner = { email, firstName, lastName };
  const form = useNewPasswordForm('new-password', owner);
  const { sending, failure, answer, send } = useSending<{ message: string }>();
  const onSubmit = (event: React.FormEvent) => {
    const values = form.submit(event);
    if (values) void send(() => http.post('/auth/reset-password', { token, password: values.password }, { action: true }), form.showErrors);
  };
  return (
    <section className="shell-auth-page">
      <h1>Nouveau mot de passe</h1>
      {answer ? (
        <>
          <MessageBox kind="info">{answer.message}</MessageBox>
          <Link to="/login" className="ui-button">
            Me connecter
          </Link>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Choix du nouveau mot de passe">
          <p>Choisissez le nouveau mot de passe du compte {email}. Vos autres connexions en cours seront fermées.</p>
          {failure && <RequestErrorMessage error={failure} />}
          <NewPasswordFields form={form} owner={owner} />
          <button type="submit" className="ui-button" disabled={sending}>
            Enregistrer le mot de passe
          </button>
          <Loader active={sending} label="Enregistrement en cours" />
        </form>
      )}
    </section>
  );
}

interface Invitation {
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: string;
}

export const registrationLoader = tokenLoader<Invitation>('registration-token');

/** Where a new applicant lands: the information of their file. */
const APPLICANT_HOME: PagePattern = '/mon-compte-hsa-lli';

export function RegistrationPage() {
  const invitation = useLoaderData<typeof registrationLoader>();
  const { token } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const authenticated = useAppSelector(selectIsAuthenticated);
  const owner = { email: invitation.email, firstName: invitation.first_name, lastName: invitation.last_name };
  const applicant = invitation.role === 'customer';
  const form = useNewPasswordForm('registration', owner);
  const { sending, failure, send } = useSending<LoginAnswer>();
  const onSubmit = async (event: React.FormEvent) => {
    const values = form.submit(event);
    if (!values) return;
    const answer = await send(() => http.post<LoginAnswer>('/auth/register', { token, password: values.password }, { action: true }), form.showErrors);
    if (!answer) return;
    const home = await dispatch(sessionOpened(answer)).unwrap();
    // An applicant's account opens with their file: they go straight to it.
    await navigate(applicant ? APPLICANT_HOME : home);
  };
  return (
    <section className="ui-page shell-registration">
      <h1>Création de votre compte</h1>
      <p>
        Bienvenue {[invitation.first_name, invitation.last_name].filter(Boolean).join(' ')}. Votre compte sera ouvert avec
        l’adresse <strong>{invitation.email}</strong> : choisissez son mot de passe.
      </p>
      {applicant && (
        <p>
          Votre espace vous permettra de compléter votre demande de logement et d’y déposer vos pièces justificatives, en
          toute confidentialité.
        </p>
      )}
      {authenticated && <MessageBox kind="warning">Vous êtes déjà connecté(e) avec un autre compte : il sera remplacé par le nouveau.</MessageBox>}
      <form onSubmit={onSubmit} noValidate aria-label="Choix du mot de passe du compte">
        {failure && <RequestErrorMessage error={failure} />}
        {form.errors.email && <MessageBox kind="error">{form.errors.email}</MessageBox>}
        <NewPasswordFields form={form} owner={owner} />
        <button type="submit" className="ui-button" disabled={sending}>
          Créer mon compte
        </button>
        <Loader active={sending} label="Création en cours" />
      </form>
    </section>
  );
}
