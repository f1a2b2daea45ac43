import type { CommitteeSessionView } from '@hsa-lli/common/back-office';
import { ROLE_LABELS } from '@hsa-lli/common/domain';
import { MessageBox } from '@hsa-lli/common/ui';
import { quorumText } from './committee-labels.js';

/** Who sits in the session, who has given an opinion yet, and whether the quorum to close it is met. */
export function MembersPanel({ session }: { session: CommitteeSessionView }) {
  return (
    <section className="bo-panel" aria-labelledby="committee-members-title">
      <h2 id="committee-members-title">Membres et quorum</h2>
      <p>{quorumText(session.quorum)}</p>
      {!session.quorum.met && session.state !== 'scheduled' && (
        <MessageBox kind="warning">Le quorum n’est pas atteint : la séance ne peut pas encore être close.</MessageBox>
      )}
      <ul className="committee-members">
        {session.members.map((member) => (
          <li key={member.id}>
            <span>
              {member.name} <span className="committee-muted">({ROLE_LABELS[member.role]})</span>
            </span>
            {member.present ? <span className="bo-badge">A donné son avis</span> : <span className="bo-badge bo-badge--off">Pas encore d’avis</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
