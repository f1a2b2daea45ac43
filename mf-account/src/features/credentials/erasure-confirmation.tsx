import { useEffect, useRef } from 'react';
import { formatDate, type EraseMeAnswer, type PagesAnswer } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { api, loggedOut, pagesReceived, useAppDispatch, type AppDispatch } from '@hsa-lli/common/store';
import { MessageBox } from '@hsa-lli/common/ui';

/** The page the confirmation is shown on, which the guest's page list is given for as long as it stays on screen. */
const THIS_PAGE = '/mes-identifiants';

/**
 * Tells the application that the server ended the session with the account: the header turns to a visitor's, what the
 * queries had cached of the person goes, and the pages are a visitor's. This page alone stays open, its loader does not
 * run again: the confirmation is read here, without the session, until the person leaves it.
 */
async function sessionEnded(dispatch: AppDispatch): Promise<void> {
  dispatch(loggedOut());
  dispatch(api.util.resetApiState());
  try {
    const guest = await http.post<PagesAnswer>('/auth/get-pages', undefined, { minDuration: 0 });
    dispatch(pagesReceived({ ...guest, pages: [...guest.pages, THIS_PAGE] }));
  } catch {
    // Without an answer the former list stays: the server refuses every call of the ended session anyway.
  }
}

/** « jusqu’au 1er février 2030 », or until a move that has not happened yet. */
const keptUntil = (until: string | null) => (until ? `jusqu’au ${formatDate(until)}` : 'jusqu’à trois ans après votre départ du logement');

/**
 * What the person reads once their account and file are erased: what went, what a signed lease keeps, until when and
 * why. Drawn in place of « Mes identifiants », with no call that needs the session that ended.
 */
export function ErasureConfirmation({ answer }: { answer: EraseMeAnswer }) {
  const dispatch = useAppDispatch();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The dialog that was focused has gone: focus goes to the page's new title, read first.
    heading.current?.focus();
    void sessionEnded(dispatch);
  }, [dispatch]);

  const { erased, kept } = answer;
  return (
    <section className="ui-page credentials credentials-erased">
      <h1 ref={heading} tabIndex={-1}>
        Compte effacé
      </h1>
      <MessageBox kind="info">Votre compte et votre dossier ont été effacés. Vous êtes déconnecté(e).</MessageBox>
      <div className="ui-card credentials__section">
        <h2>Ce que nous avons effacé</h2>
        <ul className="credentials-erased__list">
          {erased.map((part) => (
            <li key={part}>{part}</li>
          ))}
        </ul>
      </div>
      {kept && (
        <div className="ui-card credentials__section">
          <h2>Ce que nous conservons</h2>
          <p>Nous conservons, {keptUntil(kept.until)} :</p>
          <ul className="credentials-erased__list">
            {kept.what.map((part) => (
              <li key={part}>{part}</li>
            ))}
          </ul>
          <p className="credentials__hint">{kept.why}</p>
        </div>
      )}
      {/* A whole new load, as after a logout: nothing of the person stays in the page's memory. */}
      <a href="/" className="ui-button">
        Retour à l’accueil
      </a>
    </section>
  );
}
