import { useState } from 'react';
import { formatDateTime, type SessionView } from '@hsa-lli/common/domain';
import { errorText } from '@hsa-lli/common/store';
import { Loader, MessageBox, RequestErrorMessage, useSubmission } from '@hsa-lli/common/ui';
import { activityText } from './activity-text.js';
import { useEndOtherSessionsMutation, useEndSessionMutation, useListSessionsQuery } from './credentials-api.js';

const endedText = (count: number) =>
  count === 0 ? 'Aucun autre appareil n’était connecté.' : count === 1 ? 'L’autre appareil a été déconnecté.' : `Les ${count} autres appareils ont été déconnectés.`;

function Device({ session, onEnd, busy }: { session: SessionView; onEnd: (session: SessionView) => void; busy: boolean }) {
  return (
    <li className="credentials__device">
      <div className="credentials__device-text">
        <p className="credentials__device-name">
          <strong>{session.device}</strong>
          {session.current && <span className="credentials__badge">Cet appareil</span>}
        </p>
        <p>
          Dernière activité : {session.current ? 'maintenant' : activityText(session.last_seen_at)}
          <br />
          Connecté le {formatDateTime(session.created_at)}
          {session.ip && <> depuis l’adresse IP {session.ip}</>}
        </p>
      </div>
      {!session.current && (
        <button type="button" className="ui-button ui-button--secondary" disabled={busy} onClick={() => onEnd(session)}>
          Déconnecter<span className="ui-visually-hidden"> l’appareil {session.device}</span>
        </button>
      )}
    </li>
  );
}

/** The sessions open on the account: where, since when, last used when; ending one or all the others. */
export function DevicesSection() {
  const { data: sessions, error, isLoading } = useListSessionsQuery();
  const [endSession] = useEndSessionMutation();
  const [endOthers] = useEndOtherSessionsMutation();
  const { sending, failure, send } = useSubmission();
  const [done, setDone] = useState<string | null>(null);
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  const run = async (call: () => Promise<string>) => {
    setDone(null);
    const message = await send(call, () => undefined);
    if (message) setDone(message);
  };
  const endOne = (session: SessionView) =>
    run(async () => {
      await endSession({ id: session.id }).unwrap();
      return `L’appareil ${session.device} a été déconnecté.`;
    });
  const endAll = () => run(async () => endedText((await endOthers().unwrap()).ended));

  return (
    <section className="ui-card credentials__section" aria-labelledby="credentials-devices-title">
      <h2 id="credentials-devices-title">Appareils connectés</h2>
      <p className="credentials__hint">Les navigateurs où votre compte est ouvert. Si vous n’en reconnaissez pas un, déconnectez-le et changez votre mot de passe.</p>
      {done && <MessageBox kind="info">{done}</MessageBox>}
      {failure && <RequestErrorMessage error={failure} />}
      {error && <MessageBox kind="error">{errorText(error)}</MessageBox>}
      <Loader active={isLoading} label="Chargement des appareils" />
      {sessions && (
        <ul className="credentials__devices">
          {sessions.map((session) => (
            <Device key={session.id} session={session} onEnd={endOne} busy={sending} />
          ))}
        </ul>
      )}
      {others > 0 && (
        <button type="button" className="ui-button" disabled={sending} onClick={endAll}>
          Déconnecter tous les autres appareils
        </button>
      )}
    </section>
  );
}
