import { useRevalidator } from 'react-router';
import type { RecordAccountView } from '@hsa-lli/common/back-office';
import { pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { RequestErrorMessage, useSubmission } from '@hsa-lli/common/ui';
import { useResendRecordInvitationMutation } from '../record-api.js';

const ACCOUNT_STATES: Record<RecordAccountView['state'], string> = {
  invited: 'Invitation envoyée, compte pas encore créé',
  active: 'Compte créé : le demandeur suit son dossier en ligne',
  deactivated: 'Compte désactivé : le demandeur ne peut plus se connecter',
};

/** The applicant's customer account, and a new invitation while it waits for its password. */
export function AccountPanel({ recordId, account, onChange }: { recordId: number; account: RecordAccountView | null; onChange: (account: RecordAccountView) => void }) {
  const dispatch = useAppDispatch();
  const { sending, failure, send } = useSubmission();
  const [resend] = useResendRecordInvitationMutation();
  const revalidator = useRevalidator();
  return (
    <section className="bo-panel" aria-labelledby="record-account-title">
      <h2 id="record-account-title">Compte client</h2>
      {account === null ? (
        <p>Aucun compte client n’est rattaché à ce dossier.</p>
      ) : (
        <>
          <p>
            <a href={`mailto:${account.email}`} className="record-wrap">
              {account.email}
            </a>
          </p>
          <p>
            <span className={`bo-badge record-account-state${account.state === 'invited' ? ' bo-badge--warning' : account.state === 'deactivated' ? ' bo-badge--off' : ''}`}>
              {ACCOUNT_STATES[account.state]}
            </span>
          </p>
          {failure && <RequestErrorMessage error={failure} />}
          {account.state === 'invited' && (
            <div className="bo-actions">
              <button
                type="button"
                className="ui-button ui-button--secondary"
                disabled={sending}
                onClick={async () => {
                  const answer = await send(() => resend({ id: recordId }).unwrap(), () => undefined);
                  // Registered meanwhile (409): the page reads the account as it now stands.
                  if (!answer) return revalidator.revalidate();
                  onChange(answer.account);
                  dispatch(pushMessage({ kind: 'info', text: `Une nouvelle invitation a été envoyée à ${answer.account.email}.` }));
                }}
              >
                Renvoyer l’invitation
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
