import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { applicantsLabel, householdLabel, PDF_DOCUMENTS, type FollowUpView, type StaffRecord } from '@hsa-lli/common/back-office';
import { completenessWords, formatDate, formatDateTime, type ConsultationView } from '@hsa-lli/common/domain';
import { selectPages, useAppSelector } from '@hsa-lli/common/store';
import { MessageBox } from '@hsa-lli/common/ui';
import { useLatestAnswer } from '../../components/edit-form.js';
import '../../components/back-office.css';
import { RecordDocuments } from './documents/record-documents.js';
import { RecordUploadLinks } from './documents/record-upload-links.js';
import { AccountPanel } from './follow-up/account-panel.js';
import { EventsPanel } from './follow-up/events-panel.js';
import { FollowerPanel } from './follow-up/follower-panel.js';
import { NotesPanel } from './follow-up/notes-panel.js';
import { StageBadge, StagePanel } from './follow-up/stage-panel.js';
import { EligibilityPanel, HouseholdPanel, WishesPanel } from './record-household.js';
import './records.css';
import './record.css';
import type { recordLoader } from '../../loaders.js';

const LIST = '/admin/liste-des-dossiers';


/** The staff member has consulted as many files as they may in 24 hours. */
function LimitReached({ message }: { message: string }) {
  return (
    <section>
      <Link className="bo-back" to={LIST}>
        ← Tous les dossiers
      </Link>
      <h1>Consultation impossible</h1>
      <MessageBox kind="warning">{message}</MessageBox>
      <p>Les dossiers déjà consultés ces dernières 24 heures restent accessibles.</p>
    </section>
  );
}

const SHOWN_CONSULTATIONS = 10;

/** The audit trail: every view of the file and of its documents by staff, newest first. */
function ConsultationsPanel({ consultations }: { consultations: ConsultationView[] }) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? consultations : consultations.slice(0, SHOWN_CONSULTATIONS);
  return (
    <section className="bo-panel" id="consultations" aria-labelledby="record-consultations-title">
      <h2 id="record-consultations-title">Consultations du dossier</h2>
      <p className="record-muted">Chaque consultation du dossier ou d’une pièce par l’équipe est enregistrée ; le demandeur voit aussi cette liste.</p>
      {consultations.length === 0 ? (
        <p>Aucune consultation enregistrée.</p>
      ) : (
        <>
          <ol className="record-entries record-consultations" aria-label="Consultations, de la plus récente à la plus ancienne">
            {shown.map((consultation, index) => (
              <li key={`${consultation.at}-${index}`}>
                <time dateTime={consultation.at}>{formatDateTime(consultation.at)}</time> — {consultation.by} : {consultation.what.toLowerCase()}
              </li>
            ))}
          </ol>
          {consultations.length > SHOWN_CONSULTATIONS && (
            <button type="button" className="ui-button ui-button--secondary ui-button--small" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? `Afficher les ${SHOWN_CONSULTATIONS} plus récentes` : `Afficher les ${consultations.length} consultations`}
            </button>
          )}
        </>
      )}
    </section>
  );
}

const SECTIONS = [
  { id: 'foyer', label: 'Foyer' },
  { id: 'eligibilite', label: 'Éligibilité' },
  { id: 'pieces', label: 'Pièces' },
  { id: 'evenements', label: 'Événements' },
  { id: 'notes', label: 'Notes' },
  { id: 'consultations', label: 'Consultations' },
];

/** A file as staff work on it: who applies, whether they may, their documents, and its follow-up. */
function RecordView({ record, loadedFollowUp }: { record: StaffRecord; loadedFollowUp: FollowUpView }) {
  const [view, setView] = useLatestAnswer(loadedFollowUp);
  const [account, setAccount] = useLatestAnswer(record.account);
  const documents = completenessWords(record.completeness);
  const { pages } = useAppSelector(selectPages);
  const applicants = applicantsLabel([record.person_1, ...(record.person_2 ? [record.person_2] : [])]);
  return (
    <section className="record-page">
      <Link className="bo-back" to={LIST}>
        ← Tous les dossiers
      </Link>
      <div className="bo-heading">
        <div className="record-title">
          <h1>
            Dossier <span>{record.reference}</span>
          </h1>
          <StageBadge stage={view.stage} />
        </div>
        {pages.includes(PDF_DOCUMENTS.summary.page) && (
          <div className="bo-heading__links">
            <Link to={PDF_DOCUMENTS.summary.path(record.id)}>Fiche de synthèse (PDF)</Link>
          </div>
        )}
      </div>
      <p className="record-lead">
        <strong>{applicants || 'Demandeurs non nommés'}</strong> · {householdLabel(record.situation, record.members)}
      </p>
      <dl className="bo-meta record-summary">
        <dt>Suivi par</dt>
        <dd>{view.follower?.name ?? 'Personne'}</dd>
        <dt>Pièces justificatives</dt>
        <dd>
          {documents.provided}, {documents.validated}
        </dd>
        <dt>Ouvert le</dt>
        <dd>{formatDate(record.created_at)}</dd>
        <dt>Mis à jour le</dt>
        <dd>{formatDateTime(record.updated_at)}</dd>
      </dl>
      <nav className="record-sections" aria-label="Sections du dossier">
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.label}</a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="record-columns">
        <StagePanel record={record} view={view} onChange={setView} />
        <div>
          <FollowerPanel recordId={record.id} follower={view.follower} onChange={setView} />
          <AccountPanel recordId={record.id} account={account} onChange={setAccount} />
        </div>
      </div>

      <HouseholdPanel record={record} />
      <div className="record-columns">
        <EligibilityPanel record={record} />
        <WishesPanel record={record} />
      </div>

      <div id="pieces" className="record-documents">
        <RecordDocuments record={record} />
        <RecordUploadLinks recordId={record.id} />
      </div>

      <div className="record-columns record-columns--wide-first">
        <EventsPanel record={record} view={view} onChange={setView} />
        <NotesPanel recordId={record.id} view={view} onChange={setView} />
      </div>

      <ConsultationsPanel consultations={record.consultations} />
    </section>
  );
}

/** The page of a file (`/admin/liste-des-dossiers/<id>`). */
export function RecordPage() {
  const loaded = useLoaderData<typeof recordLoader>();
  if ('refused' in loaded) return <LimitReached message={loaded.refused} />;
  return <RecordView key={loaded.record.id} record={loaded.record} loadedFollowUp={loaded.follow_up} />;
}
