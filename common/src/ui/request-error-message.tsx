import { Link } from 'react-router';
import type { RequestErrorData } from '../http/errors.js';
import { MessageBox } from './message.js';

/** A failed call told in a red message, with the 'Page de connexion' link when it is about the session or rights. */
export function RequestErrorMessage({ error }: { error: RequestErrorData }) {
  return (
    <MessageBox kind="error">
      {error.error}
      {error.loginLink && (
        <>
          {' '}
          <Link to="/login">Page de connexion</Link>
        </>
      )}
    </MessageBox>
  );
}
