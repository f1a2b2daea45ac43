import { Link } from 'react-router';
import type { ApiError } from '@hsa-lli/common/store';
import { MessageBox, RequestErrorMessage } from '@hsa-lli/common/ui';

/** A failed read, in the catalogue's words; nothing for a call given up (the page was left). */
export function CallError({ error }: { error: ApiError | unknown }) {
  if (typeof error !== 'object' || error === null || !('error' in error)) return null;
  return <RequestErrorMessage error={error as Exclude<ApiError, string>} />;
}

/** The customer's file could not be read: none is linked to the account yet (404), or the call failed. */
export function NoRecord({ error }: { error: ApiError | unknown }) {
  if (typeof error === 'object' && error !== null && 'status' in error && error.status === 404) {
    return (
      <MessageBox kind="statement">
        Aucun dossier de demande de logement n’est encore rattaché à votre compte. Pour en ouvrir un, <Link to="/nous-contacter">contactez-nous</Link>.
      </MessageBox>
    );
  }
  return <CallError error={error} />;
}
