import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ALERT_LIMITS, formatDate, residencesSearch, type AlertView } from '@hsa-lli/common/domain';
import { Loader, MessageBox, RequestErrorMessage, useSubmission } from '@hsa-lli/common/ui';
import { confirmAlert, UNUSABLE } from './alerts-api.js';
import { UnusableLink } from './unusable-link.js';
import './alerts.css';

/**
 * The page of the link e-mailed when an alert is asked for. The alert starts when the person presses the button,
 * never when the page opens: mail scanners open the links of the messages they check.
 */
export function AlertConfirmationPage() {
  const { token = '' } = useParams();
  // Another link opens it afresh, with nothing of the last one.
  return <Confirmation key={token} token={token} />;
}

function Confirmation({ token }: { token: string }) {
  const { sending, failure, send } = useSubmission();
  const [outcome, setOutcome] = useState<AlertView | typeof UNUSABLE | null>(null);
  const result = useRef<HTMLDivElement>(null);

  // The button goes with the question: focus moves to what replaced it, so that it is read.
  useEffect(() => {
    if (outcome) result.current?.focus();
  }, [outcome]);

  const confirm = async () => {
    const answer = await send(() => confirmAlert(token), () => undefined);
    if (answer) setOutcome(answer === UNUSABLE ? UNUSABLE : answer.alert);
  };

  return (
    <section className="ui-page alert-page">
      <h1>Confirmer mon alerte</h1>
      {outcome === null && (
        <>
          <p>
            Vous avez demandé à recevoir par e-mail les logements d’une recherche de notre site. Confirmez-le pour activer votre alerte : vous recevrez
            ensuite au plus un e-mail par jour, seulement quand un logement qui correspond est publié ou se libère.
          </p>
          <p className="alert-page__hint">Si vous n’êtes pas à l’origine de cette demande, fermez simplement cette page : rien ne vous sera envoyé.</p>
          {failure && <RequestErrorMessage error={failure} />}
          <button type="button" className="ui-button" disabled={sending} onClick={() => void confirm()}>
            Confirmer mon alerte
          </button>
          <Loader active={sending} label="Confirmation en cours" />
        </>
      )}
      {outcome !== null && (
        <div ref={result} tabIndex={-1} className="alert-page__result">
          {outcome === UNUSABLE ? (
            <UnusableLink
              what="confirmer une alerte"
              again="Pour recevoir un nouveau lien, demandez l’alerte à nouveau depuis la liste de nos résidences : choisissez les mêmes filtres, puis « Créer une alerte »."
            >
              <li>Il a déjà servi : votre alerte est alors active, et vous n’avez rien d’autre à faire.</li>
              <li>Il a expiré : un lien de confirmation reste valable {ALERT_LIMITS.confirmationDays} jours.</li>
              <li>Son adresse est incomplète : copiez-la en entier depuis l’e-mail reçu.</li>
            </UnusableLink>
          ) : (
            <Confirmed alert={outcome} />
          )}
        </div>
      )}
    </section>
  );
}

function Confirmed({ alert }: { alert: AlertView }) {
  return (
    <>
      <MessageBox kind="info">Votre alerte est active.</MessageBox>
      <dl className="ui-card alert-page__facts">
        <dt>Recherche suivie</dt>
        <dd className="alert-page__label">{alert.label}</dd>
        {alert.ends_on && (
          <>
            <dt>Active jusqu’au</dt>
            <dd>{formatDate(alert.ends_on)}</dd>
          </>
        )}
      </dl>
      <p>
        Vous recevrez un e-mail dès qu’un logement de cette recherche sera publié ou se libérera, au plus un par jour. Chacun contient le lien pour
        garder l’alerte plus longtemps ou vous désinscrire.
      </p>
      <Link to={residencesSearch(alert.filters)} className="ui-button">
        Voir les logements de cette recherche
      </Link>
    </>
  );
}
