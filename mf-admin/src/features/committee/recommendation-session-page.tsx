import { Link, useLoaderData } from 'react-router';
import { PDF_DOCUMENTS, USUAL_CANDIDATES, type CommitteeSessionView } from '@hsa-lli/common/back-office';
import { formatDateTime, plural } from '@hsa-lli/common/domain';
import { selectPages, useAppSelector } from '@hsa-lli/common/store';
import { MessageBox } from '@hsa-lli/common/ui';
import { useLatestAnswer } from '../../components/edit-form.js';
import '../../components/back-office.css';
import { CandidateCard } from './candidate-card.js';
import { CloseForm } from './close-form.js';
import { SessionStateBadge, SessionWhere, sessionTitle } from './committee-labels.js';
import { DecisionSummary } from './decision-summary.js';
import { GoodSummary } from './good-summary.js';
import { MembersPanel } from './members-panel.js';
import { MinutesDownload } from './minutes-download.js';
import { ThreadPanel } from './thread-panel.js';
import './committee.css';
import type { sessionLoader } from '../../loaders.js';


/** What the member may do now: nothing yet, give their opinions (until when), or read what was decided. */
function VotingState({ session }: { session: CommitteeSessionView }) {
  if (session.state === 'scheduled') return <MessageBox kind="statement">La séance n’est pas encore ouverte : vous pourrez donner vos avis dès son ouverture.</MessageBox>;
  if (session.state === 'closed') return <MessageBox kind="statement">La séance est close : les décisions du comité figurent sous chaque logement.</MessageBox>;
  if (!session.voting) return <MessageBox kind="warning">Le vote est terminé : les avis ne sont plus reçus.</MessageBox>;
  return (
    <MessageBox kind="info">
      La séance est ouverte : donnez votre avis sur chaque candidat
      {session.vote_closes_at ? ` avant le ${formatDateTime(session.vote_closes_at)}` : ''}. Vous pouvez le modifier tant que le vote est ouvert.
    </MessageBox>
  );
}

/** `/gestion/recommandations/<id>`: a session as its members read it, give their opinions, discuss, and close it. */
export function RecommendationSessionPage() {
  const loaded = useLoaderData<typeof sessionLoader>();
  const [{ session }, setSaved] = useLatestAnswer(loaded);
  const { pages } = useAppSelector(selectPages);
  return (
    <section className="committee-page">
      <Link className="bo-back" to="/gestion/recommandations">
        ← Mes séances
      </Link>
      <div className="bo-heading">
        <h1>{sessionTitle(session.date)}</h1>
        <SessionStateBadge state={session.state} />
      </div>
      <dl className="bo-meta committee-facts">
        <dt>Lieu</dt>
        <dd>
          <SessionWhere place={session.place} video_url={session.video_url} />
        </dd>
        <dt>Ordre du jour</dt>
        <dd>{plural(session.goods.length, 'logement', 'logements')}</dd>
      </dl>
      <VotingState session={session} />
      {session.state === 'closed' && pages.includes(PDF_DOCUMENTS.minutes.page) && <MinutesDownload sessionId={session.id} />}
      <MembersPanel session={session} />
      {session.goods.map((good) => (
        <section key={good.id} className="bo-panel committee-good" aria-labelledby={`committee-good-${good.id}`}>
          <GoodSummary good={good} />
          <h3>{plural(good.candidates.length, 'candidat', 'candidats')}</h3>
          {good.candidates.length < USUAL_CANDIDATES && session.state !== 'closed' && <p className="committee-muted">Moins de trois candidats pour ce logement.</p>}
          <div className="committee-cards">
            {good.candidates.map((candidate) => (
              <CandidateCard key={candidate.id} candidate={candidate} good={good} recommend={session.can.recommend} onChange={setSaved} />
            ))}
          </div>
          <DecisionSummary good={good} />
          <ThreadPanel session={session} good={good} onChange={setSaved} />
        </section>
      ))}
      {session.can.close && <CloseForm session={session} onChange={setSaved} />}
    </section>
  );
}
