import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PDF_DOCUMENTS, type CommitteeSessionView, type MinutesAnswer, type QuorumView } from '@hsa-lli/common/back-office';
import { formatDate, formatDateTime, labelOf, plural, ROLE_OPTIONS } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { PdfDownload } from '../../components/pdf-download.js';
import { PdfTable } from '../../components/pdf-table.js';
import { MinutesGood } from './minutes-good.js';
import './minutes.css';

export async function minutesLoader({ params, request }: LoaderFunctionArgs): Promise<CommitteeSessionView> {
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? '')) throw new Response(null, { status: 404 });
  const id = Number(params.id);
  const { session } = await http.post<MinutesAnswer>(PDF_DOCUMENTS.minutes.call(id), { id }, { controller: request, minDuration: 0 });
  return session;
}

/** « 2 membres sur 3 ont pris part ; quorum requis : 2 (atteint). » */
export function quorumText(quorum: QuorumView): string {
  return `${plural(quorum.present, 'membre', 'membres')} sur ${quorum.members} ${quorum.present > 1 ? 'ont' : 'a'} pris part ; quorum requis : ${quorum.required} (${quorum.met ? 'atteint' : 'non atteint'}).`;
}

function Sitting({ session }: { session: CommitteeSessionView }) {
  return (
    <section aria-labelledby="minutes-sitting">
      <h2 id="minutes-sitting">La séance</h2>
      <dl className="pdf-facts">
        <dt>Date</dt>
        <dd>{formatDateTime(session.date)}</dd>
        <dt>Lieu</dt>
        <dd>{session.place ?? 'Séance tenue à distance'}</dd>
        {session.video_url && (
          <>
            <dt>Visioconférence</dt>
            <dd className="minutes-link">{session.video_url}</dd>
          </>
        )}
        {session.opened_at && (
          <>
            <dt>Ouverture des avis</dt>
            <dd>{formatDateTime(session.opened_at)}</dd>
          </>
        )}
        {session.vote_closes_at && (
          <>
            <dt>Fin du vote</dt>
            <dd>{formatDateTime(session.vote_closes_at)}</dd>
          </>
        )}
        <dt>Clôture</dt>
        <dd>
          {session.closed_at ? formatDateTime(session.closed_at) : 'Non close'}
          {session.closed_by && `, par ${session.closed_by}`}
        </dd>
        <dt>Logements examinés</dt>
        <dd>{session.goods.length}</dd>
      </dl>
    </section>
  );
}

/** Who sat, who took part (gave at least one recommendation), and the quorum. */
function Attendees({ session }: { session: CommitteeSessionView }) {
  return (
    <section aria-labelledby="minutes-attendees">
      <h2 id="minutes-attendees">Membres convoqués</h2>
      <p className={`pdf-verdict pdf-verdict--${session.quorum.met ? 'ok' : 'over'}`}>{quorumText(session.quorum)}</p>
      <PdfTable label="Membres convoqués et leur participation" className="minutes-members">
        <thead>
          <tr>
            <th scope="col">Membre</th>
            <th scope="col">Rôle</th>
            <th scope="col">Participation</th>
          </tr>
        </thead>
        <tbody>
          {session.members.map((member) => (
            <tr key={member.id}>
              <th scope="row">{member.name}</th>
              <td>{labelOf(ROLE_OPTIONS, member.role)}</td>
              <td className={member.present ? undefined : 'pdf-muted'}>{member.present ? 'Présent' : 'Absent'}</td>
            </tr>
          ))}
        </tbody>
      </PdfTable>
      <p className="pdf-muted">Un membre a pris part à la séance lorsqu’il a donné au moins une recommandation, une abstention pour conflit d’intérêts comprise.</p>
    </section>
  );
}

/** The committee's minutes (`/PDF/proces-verbal/<id>`): a closed session, laid out for A4. */
export function MinutesPage() {
  const session = useLoaderData<typeof minutesLoader>();
  return (
    <article className="pdf-sheet minutes" data-pdf-ready="true">
      <PdfDownload call={PDF_DOCUMENTS.minutes.call(session.id)} />
      <header className="pdf-header">
        <div>
          <p className="pdf-header__kind">Procès-verbal</p>
          <h1>Procès-verbal du comité d’attribution</h1>
          <p>
            Séance du {formatDateTime(session.date)}
            {session.place && ` — ${session.place}`}
          </p>
        </div>
        <div className="pdf-header__meta">
          <p>
            Séance n° <strong>{session.id}</strong>
          </p>
          <p>Édité le {formatDate(new Date())}</p>
        </div>
      </header>

      <Sitting session={session} />
      <Attendees session={session} />
      {session.goods.map((good, index) => (
        <MinutesGood key={good.id} good={good} position={index + 1} />
      ))}

      <section aria-labelledby="minutes-signature" className="minutes-signature">
        <h2 id="minutes-signature">Signature</h2>
        <p>
          Fait le {formatDate(session.closed_at ?? new Date())}.
        </p>
        <p>
          Le président de séance : <strong>{session.closed_by ?? 'non renseigné'}</strong>
        </p>
        <div className="minutes-signature__space" aria-hidden="true" />
      </section>
      <footer className="pdf-footer">
        Document interne à HSA Logement intermédiaire, édité le {formatDate(new Date())}. Il contient des données personnelles des candidats : ne pas diffuser.
      </footer>
    </article>
  );
}
