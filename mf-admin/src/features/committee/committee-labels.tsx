import { SESSION_STATE_OPTIONS, type CandidateView, type QuorumView, type SessionState } from '@hsa-lli/common/back-office';
import { formatDateTime, labelOf, plural } from '@hsa-lli/common/domain';

/** « Programmé », « Ouvert », « Clos », as a badge. */
export function SessionStateBadge({ state }: { state: SessionState }) {
  return <span className={`bo-badge committee-state committee-state--${state}`}>{labelOf(SESSION_STATE_OPTIONS, state)}</span>;
}

/** « Séance du 3 décembre 2026 à 18 h 00 »: how a session is named in titles and links. */
export const sessionTitle = (date: string) => `Séance du ${formatDateTime(date)}`;

/** Where the session takes place: its room, its video link (opened in a new tab), or both. */
export function SessionWhere({ place, video_url }: { place: string | null; video_url: string | null }) {
  return (
    <>
      {place}
      {place && video_url && ' — '}
      {video_url && (
        <a href={video_url} target="_blank" rel="noreferrer">
          Visioconférence (nouvel onglet)
        </a>
      )}
      {!place && !video_url && 'Non précisé'}
    </>
  );
}

/** « 3 membres sur 5 ont donné leur avis ; quorum : 3 (atteint). » */
export function quorumText(quorum: QuorumView): string {
  const given = quorum.present > 1 ? 'ont donné leur avis' : 'a donné son avis';
  return `${plural(quorum.present, 'membre', 'membres')} sur ${quorum.members} ${given} ; quorum : ${quorum.required} (${quorum.met ? 'atteint' : 'non atteint'}).`;
}

/** « Candidat A — Ainhoa Etcheverry » to those who may read names, « Candidat A » to members. */
export const candidateName = (candidate: Pick<CandidateView, 'label' | 'name'>) => (candidate.name ? `${candidate.label} — ${candidate.name}` : candidate.label);

/** « en attente depuis 87 jours », or « dossier ouvert aujourd’hui ». */
export const waitingText = (days: number) => (days === 0 ? 'dossier ouvert aujourd’hui' : `en attente depuis ${plural(days, 'jour', 'jours')}`);
