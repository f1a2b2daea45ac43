import { Link, useLocation } from 'react-router';
import { loginPath } from '../domain/pages.js';
import { DEFAULT_ERROR, type RequestErrorData } from '../http/errors.js';
import { MessageBox } from './message.js';

/** The spec's « Page de connexion » link, which brings the person back to this page once logged in. */
export function LoginLink() {
  const { pathname, search, hash } = useLocation();
  return <Link to={loginPath(`${pathname}${search}${hash}`)}>Page de connexion</Link>;
}

/**
 * What a failed call says, followed by the 'Page de connexion' link when it is about the session or rights (the
 * catalogue's « Votre connexion a expirée… »): for a message shown where the failure happened, by its field.
 */
export function RequestErrorText({ error }: { error: unknown }) {
  const data = typeof error === 'object' && error !== null ? (error as Partial<RequestErrorData>) : {};
  return (
    <>
      {typeof data.error === 'string' && data.error ? data.error : DEFAULT_ERROR}
      {data.loginLink === true && (
        <>
          {' '}
          <LoginLink />
        </>
      )}
    </>
  );
}

/** A failed call told in a red message, with the 'Page de connexion' link when it is about the session or rights. */
export function RequestErrorMessage({ error }: { error: RequestErrorData }) {
  return (
    <MessageBox kind="error">
      <RequestErrorText error={error} />
    </MessageBox>
  );
}
