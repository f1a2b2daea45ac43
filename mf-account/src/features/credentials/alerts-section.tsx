import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDate, residencesSearch, type AlertView } from '@hsa-lli/common/domain';
import { errorText } from '@hsa-lli/common/store';
import { ConfirmDialog, Loader, MessageBox, RequestErrorMessage, useSubmission } from '@hsa-lli/common/ui';
import { useListMyAlertsQuery, useRemoveMyAlertMutation, useRenewMyAlertMutation } from './credentials-api.js';

/** An alert gone meanwhile (unsubscribed from one of its e-mails, or ended): the list is read again. */
const GONE = 'Cette alerte n’existe plus : elle a peut-être été supprimée depuis l’un de ses e-mails. La liste ci-dessous est à jour.';

function statusText(alert: AlertView): string {
  if (alert.status === 'pending') return 'En attente de confirmation : ouvrez le lien de l’e-mail que nous vous avons envoyé.';
  return alert.ends_on ? `Active jusqu’au ${formatDate(alert.ends_on)}` : 'Active';
}

function Alert({ alert, busy, onRenew, onRemove }: { alert: AlertView; busy: boolean; onRenew: (alert: AlertView) => void; onRemove: (alert: AlertView) => void }) {
  const named = <span className="ui-visually-hidden"> l’alerte « {alert.label} »</span>;
  return (
    <li className="credentials__alert">
      <div className="credentials__alert-text">
        <p className="credentials__alert-label">
          <strong>{alert.label}</strong>
        </p>
        <p>{statusText(alert)}</p>
        {alert.status === 'active' && <p>Dernier e-mail : {alert.last_sent_at ? `le ${formatDate(alert.last_sent_at)}` : 'aucun pour l’instant'}</p>}
        <p>
          <Link to={residencesSearch(alert.filters)}>
            Voir les logements<span className="ui-visually-hidden"> de la recherche « {alert.label} »</span>
          </Link>
        </p>
      </div>
      <div className="credentials__alert-actions">
        {alert.status === 'active' && (
          <button type="button" className="ui-button ui-button--secondary" disabled={busy} onClick={() => onRenew(alert)}>
            Garder un an de plus{named}
          </button>
        )}
        <button type="button" className="ui-button ui-button--danger ui-button--secondary" disabled={busy} onClick={() => onRemove(alert)}>
          Supprimer{named}
        </button>
      </div>
    </li>
  );
}

/**
 * The e-mail alerts of the account's address (every role has an address): each search followed, whether it waits for
 * its confirmation or until when it runs, its last e-mail; keeping one a year more, deleting one.
 */
export function AlertsSection({ email }: { email: string }) {
  const { data: alerts, error, isLoading, refetch } = useListMyAlertsQuery();
  const [renewAlert] = useRenewMyAlertMutation();
  const [removeAlert] = useRemoveMyAlertMutation();
  const { sending, failure, send } = useSubmission();
  const [done, setDone] = useState<string | null>(null);
  // The alert the dialog asks about, kept while it closes; the dialog is open while `asking`.
  const [removing, setRemoving] = useState<AlertView | null>(null);
  const [asking, setAsking] = useState(false);
  // Focus moves to what an action says (the button pressed may be gone), so that it is read.
  const said = useRef<HTMLDivElement>(null);
  const [actions, setActions] = useState(0);
  useEffect(() => {
    if (actions > 0) said.current?.focus();
  }, [actions]);

  const run = async (call: () => Promise<string>) => {
    setDone(null);
    const message = await send(call, () => undefined);
    if (message) setDone(message);
    setActions((count) => count + 1);
  };
  const renew = (alert: AlertView) =>
    run(async () => {
      const renewed = await renewAlert({ id: alert.id }).unwrap();
      return `L’alerte « ${renewed.label} » continue jusqu’au ${formatDate(renewed.ends_on!)}.`;
    });
  const ask = (alert: AlertView) => {
    setRemoving(alert);
    setAsking(true);
  };
  const remove = (alert: AlertView) => {
    setAsking(false);
    return run(async () => {
      await removeAlert({ id: alert.id }).unwrap();
      return `L’alerte « ${alert.label} » a été supprimée : vous ne recevrez plus d’e-mail pour cette recherche.`;
    });
  };

  // A 404 is an alert gone meanwhile: said so, and the list read again.
  const gone = failure?.status === 404;
  useEffect(() => {
    if (gone) void refetch();
  }, [gone, refetch]);

  return (
    <section className="ui-card credentials__section" aria-labelledby="credentials-alerts-title">
      <h2 id="credentials-alerts-title">Mes alertes</h2>
      <p className="credentials__hint">
        Les recherches que suit l’adresse <span className="credentials__email">{email}</span> : nous vous écrivons quand un logement qui y correspond est
        publié ou se libère, au plus une fois par jour.
      </p>
      <div ref={said} tabIndex={-1} className="credentials__said">
        {done && <MessageBox kind="info">{done}</MessageBox>}
        {failure && (gone ? <MessageBox kind="warning">{GONE}</MessageBox> : <RequestErrorMessage error={failure} />)}
      </div>
      {error && <MessageBox kind="error">{errorText(error)}</MessageBox>}
      <Loader active={isLoading} label="Chargement des alertes" />
      {alerts && alerts.length === 0 && (
        <p>
          Vous ne suivez aucune recherche. Depuis la <Link to="/residences">liste de nos résidences</Link>, choisissez vos filtres puis « Créer une
          alerte » : nous vous écrirons quand un logement qui y correspond sera publié ou se libérera.
        </p>
      )}
      {alerts && alerts.length > 0 && (
        <ul className="credentials__alerts">
          {alerts.map((alert) => (
            <Alert key={alert.id} alert={alert} busy={sending} onRenew={(chosen) => void renew(chosen)} onRemove={ask} />
          ))}
        </ul>
      )}
      <Loader active={sending} label="Enregistrement en cours" />
      <ConfirmDialog
        open={asking}
        title="Supprimer cette alerte ?"
        confirmLabel="Supprimer l’alerte"
        danger
        busy={sending}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setAsking(false)}
      >
        <p>
          Vous ne recevrez plus d’e-mail pour la recherche <strong>« {removing?.label} »</strong>.
        </p>
      </ConfirmDialog>
    </section>
  );
}
