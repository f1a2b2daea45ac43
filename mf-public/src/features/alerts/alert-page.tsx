import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { ALERT_LIMITS, formatDate, residencesSearch, type AlertView } from '@hsa-lli/common/domain';
import { Loader, MessageBox, RequestErrorMessage, useSubmission } from '@hsa-lli/common/ui';
import { alertByLink, renewAlert, UNUSABLE, unsubscribeAlert } from './alerts-api.js';
import { UnusableLink } from './unusable-link.js';
import './alerts.css';

/** The alert the link of its e-mails names; an unusable link is told on the page itself. */
export async function alertLoader({ params, request }: LoaderFunctionArgs): Promise<{ alert: AlertView | null }> {
  const answer = await alertByLink(params.token ?? '', request);
  return { alert: answer === UNUSABLE ? null : answer.alert };
}

/** What the person did on the page, told above the alert. */
type Done = 'renewed' | 'unsubscribed' | typeof UNUSABLE | null;

/**
 * The page of the link every alert e-mail carries: the search it follows, until when, its last e-mail, and the two
 * things to do with it: keep it ALERT_LIMITS.months more, or unsubscribe. Nothing is done when the page opens.
 */
export function AlertPage() {
  const { token = '' } = useParams();
  // Another alert's link opens it afresh, with nothing of the last one.
  return <ManagedAlert key={token} token={token} />;
}

function ManagedAlert({ token }: { token: string }) {
  const loaded = useLoaderData<typeof alertLoader>();
  const [alert, setAlert] = useState(loaded.alert);
  const [done, setDone] = useState<Done>(loaded.alert ? null : UNUSABLE);
  const { sending, failure, send } = useSubmission();
  const result = useRef<HTMLDivElement>(null);

  // Focus moves to what an action changed, so that it is read (the button pressed may be gone).
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (changes > 0) result.current?.focus();
  }, [changes]);

  const renew = async () => {
    const answer = await send(() => renewAlert(token), () => undefined);
    if (!answer) return;
    if (answer === UNUSABLE) setDone(UNUSABLE);
    else {
      setAlert(answer.alert);
      setDone('renewed');
    }
    setChanges((count) => count + 1);
  };
  const unsubscribe = async () => {
    const answer = await send(() => unsubscribeAlert(token), () => undefined);
    if (!answer) return;
    setDone(answer === UNUSABLE ? UNUSABLE : 'unsubscribed');
    setChanges((count) => count + 1);
  };

  return (
    <section className="ui-page alert-page">
      <h1>Mon alerte</h1>
      <div ref={result} tabIndex={-1} className="alert-page__result">
        {done === UNUSABLE && (
          <UnusableLink
            what="gérer une alerte"
            again="Pour suivre une recherche à nouveau, créez une alerte depuis la liste de nos résidences : choisissez vos filtres, puis « Créer une alerte »."
          >
            <li>L’alerte n’existe plus : vous vous êtes désinscrit(e), ou elle s’est arrêtée au bout de ses {ALERT_LIMITS.months} mois.</li>
            <li>Son adresse est incomplète : copiez-la en entier depuis l’e-mail reçu.</li>
          </UnusableLink>
        )}
        {done === 'unsubscribed' && (
          <>
            <MessageBox kind="info">Vous ne recevrez plus d’e-mail pour cette alerte.</MessageBox>
            <p>
              Vous pourrez suivre une recherche à nouveau quand vous le souhaitez depuis la <Link to="/residences">liste de nos résidences</Link>.
            </p>
          </>
        )}
        {done === 'renewed' && alert?.ends_on && (
          <MessageBox kind="info">C’est noté : votre alerte continue jusqu’au {formatDate(alert.ends_on)}.</MessageBox>
        )}
      </div>
      {alert && done !== UNUSABLE && done !== 'unsubscribed' && (
        <>
          <AlertFacts alert={alert} />
          {failure && <RequestErrorMessage error={failure} />}
          <div className="alert-page__actions">
            <div className="alert-page__action">
              <button type="button" className="ui-button" disabled={sending} onClick={() => void renew()}>
                Garder cette alerte
              </button>
              <p className="alert-page__hint">Elle durera {ALERT_LIMITS.months} mois à partir d’aujourd’hui.</p>
            </div>
            <div className="alert-page__action">
              <button type="button" className="ui-button ui-button--danger ui-button--secondary" disabled={sending} onClick={() => void unsubscribe()}>
                Me désinscrire
              </button>
              <p className="alert-page__hint">L’alerte est supprimée : nous ne vous écrirons plus pour cette recherche.</p>
            </div>
          </div>
          <Loader active={sending} label="Enregistrement en cours" />
        </>
      )}
    </section>
  );
}

/** The alert as its owner reads it. */
function AlertFacts({ alert }: { alert: AlertView }) {
  return (
    <>
      <dl className="ui-card alert-page__facts">
        <dt>Recherche suivie</dt>
        <dd className="alert-page__label">{alert.label}</dd>
        <dt>État</dt>
        <dd>{alert.status === 'active' ? 'Active' : 'En attente de confirmation'}</dd>
        {alert.ends_on && (
          <>
            <dt>Se termine le</dt>
            <dd>{formatDate(alert.ends_on)}</dd>
          </>
        )}
        <dt>Dernier e-mail</dt>
        <dd>{alert.last_sent_at ? formatDate(alert.last_sent_at) : 'Aucun pour l’instant'}</dd>
      </dl>
      <p>
        <Link to={residencesSearch(alert.filters)}>Voir les logements de cette recherche</Link>
      </p>
    </>
  );
}
