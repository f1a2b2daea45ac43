import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MessageBox } from '@hsa-lli/common/ui';

/** What an alert's link that opens nothing tells: why it may be (`children`, items of a list), and how to start again (`again`). */
export function UnusableLink({ what, again, children }: { what: string; again: string; children: ReactNode }) {
  return (
    <>
      <MessageBox kind="warning">Ce lien ne permet pas de {what}.</MessageBox>
      <p>Plusieurs raisons sont possibles :</p>
      <ul className="alert-page__reasons">{children}</ul>
      <p>{again}</p>
      <Link to="/residences" className="ui-button">
        Voir nos résidences
      </Link>
    </>
  );
}
