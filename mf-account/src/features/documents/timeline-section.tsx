import { useId, useState } from 'react';
import { formatDateTime, plural, type TimelineEntry } from '@hsa-lli/common/domain';
import { Loader } from '@hsa-lli/common/ui';
import { CallError } from '../../lib/call-errors.js';
import { useGetMyTimelineQuery } from './my-file-api.js';
import './timeline.css';

/** The latest steps shown at first: enough to see where the file stands without pushing the documents far down. */
const FIRST_SHOWN = 5;

function Step({ entry }: { entry: TimelineEntry }) {
  return (
    <li className={`my-timeline__step my-timeline__step--${entry.kind}`}>
      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      <p className="my-timeline__title">{entry.title}</p>
      {entry.detail && <p className="my-timeline__detail">{entry.detail}</p>}
    </li>
  );
}

/** « Où en est mon dossier » : every step of the file, the newest first; the older ones on demand. */
export function TimelineSection() {
  const headingId = useId();
  const listId = useId();
  const { data: entries, error, isLoading } = useGetMyTimelineQuery();
  const [all, setAll] = useState(false);
  const older = (entries?.length ?? 0) - FIRST_SHOWN;
  const shown = all ? entries : entries?.slice(0, FIRST_SHOWN);
  return (
    <section className="ui-card my-documents__part" aria-labelledby={headingId}>
      <h2 id={headingId}>Où en est mon dossier</h2>
      <p>
        Chaque étape de votre demande de logement, de la plus récente à la plus ancienne : l’examen de votre dossier et de vos pièces, vos rendez-vous et visites, les
        décisions du comité d’attribution et les logements qui vous sont proposés.
      </p>
      {isLoading && <Loader label="Chargement des étapes de votre dossier" />}
      {error && <CallError error={error} />}
      {shown && shown.length === 0 && <p className="my-documents__empty">Aucune étape pour l’instant : elles s’afficheront ici au fil de votre demande.</p>}
      {shown && shown.length > 0 && (
        <ol id={listId} className="my-timeline" aria-labelledby={headingId}>
          {shown.map((entry, index) => (
            <Step key={`${entry.at}-${index}`} entry={entry} />
          ))}
        </ol>
      )}
      {older > 0 && (
        <button type="button" className="ui-button ui-button--secondary" aria-expanded={all} aria-controls={listId} onClick={() => setAll(!all)}>
          {all ? 'Masquer les étapes plus anciennes' : `Afficher ${plural(older, 'étape plus ancienne', 'étapes plus anciennes')}`}
        </button>
      )}
    </section>
  );
}
