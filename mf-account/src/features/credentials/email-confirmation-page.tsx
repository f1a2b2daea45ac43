import { useState } from 'react';
import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { http } from '@hsa-lli/common/http';
import { selectIsAuthenticated, useAppSelector } from '@hsa-lli/common/store';
import { Loader, MessageBox, RequestErrorMessage, useSubmission } from '@hsa-lli/common/ui';
import './credentials.css';

/** The new address a confirmation link stands for; an unusable link answers 404, which gives the not-found page. */
export async function emailConfirmationLoader({ params, request }: LoaderFunctionArgs): Promise<{ email: string }> {
  const { infos } = await http.post<{ infos: { email: string } }>('/tokens/email-change-token', { token: params.token }, { controller: request, minDuration: 0 });
  return infos;
}

/**
 * The page of the link sent to a new address. The change is made when the person presses the button, never when
 * the page opens: mail scanners open the links of the messages they check.
 */
export function EmailConfirmationPage() {
  const { email } = useLoaderData<typeof emailConfirmationLoader>();
  const { token } = useParams();
  const authenticated = useAppSelector(selectIsAuthenticated);
  const { sending, failure, send } = useSubmission();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  // Used or withdrawn since the page opened: the link opens nothing, as if it had been so from the start.
  if (failure?.ERROR_CODE === 'NOT_FOUND') throw failure;

  const confirm = async () => {
    const answer = await send(() => http.post<{ email: string }>('/users/confirm-email', { token }, { action: true }), () => undefined);
    if (answer) setConfirmed(answer.email);
  };

  return (
    <section className="ui-page credentials-confirmation">
      <h1>Confirmation de la nouvelle adresse e-mail</h1>
      {confirmed ? (
        <>
          <MessageBox kind="info">
            {authenticated ? (
              <>
                Votre adresse e-mail a été changée : vous vous connectez désormais avec <strong className="credentials__email">{confirmed}</strong>.
              </>
            ) : (
              'Votre adresse e-mail a été changée : connectez-vous désormais avec votre nouvelle adresse.'
            )}
          </MessageBox>
          <Link to={authenticated ? '/mes-identifiants' : '/login'} className="ui-button">
            {authenticated ? 'Voir mes identifiants' : 'Me connecter'}
          </Link>
        </>
      ) : (
        <>
          <p>
            Vous avez demandé que l’adresse <strong className="credentials__email">{email}</strong> devienne celle de votre compte HSA Logement
            intermédiaire. Confirmez-le pour vous connecter désormais avec elle ; votre ancienne adresse sera prévenue.
          </p>
          {failure && <RequestErrorMessage error={failure} />}
          <button type="button" className="ui-button" disabled={sending} onClick={confirm}>
            Confirmer ma nouvelle adresse
          </button>
          <Loader active={sending} label="Confirmation en cours" />
        </>
      )}
    </section>
  );
}
