import { useId, useState } from 'react';
import type { StaffRecord } from '@hsa-lli/common/back-office';
import {
  completenessWords,
  DOCUMENT_TYPE_OPTIONS,
  documentFacts,
  documentLabel,
  labelOf,
  parseDocumentName,
  REQUIREMENT_STATE_OPTIONS,
  requirementState,
} from '@hsa-lli/common/domain';
import { MessageBox, useForm } from '@hsa-lli/common/ui';
import { DecisionControls, FileBadges, hidden, SentReason } from './decision-controls.js';
import { CopyViewer } from './document-copy-viewer.js';
import { documentGroups, type DocumentItemView } from './document-groups.js';
import { ReviewBar } from './review-bar.js';
import { reviewFormName, type ReviewForm } from './review-decisions.js';
import './record-documents.css';

/**
 * The household's documents, per person, with the viewer of staff's watermarked copies and the review: staff decide
 * on any number of files (« Valider », or « Refuser » with a reason from the catalogue and their own words), then
 * save the review at once, which sends the applicant one e-mail for all the refusals.
 */
export function RecordDocuments({ record }: { record: StaffRecord }) {
  const headingId = useId();
  const form = useForm(reviewFormName(record.id));
  const [viewing, setViewing] = useState<number | null>(null);
  const groups = documentGroups(record);
  const files = groups.flatMap((group) => group.items.flatMap((item) => item.files));
  const persons = record.person_2 ? 2 : 1;
  const unscanned = record.documents.filter((document) => document.scan === 'not_scanned').length;
  const words = completenessWords(record.completeness);

  return (
    <section className="bo-panel record-docs" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        Pièces justificatives
      </h2>
      <p>
        <strong>{words.provided}</strong>, {words.validated}.
      </p>
      <p className="record-docs__hint">
        Ouvrez chaque fichier pour en voir la copie filigranée, choisissez « Valider » ou « Refuser », puis enregistrez l’examen en une fois : le demandeur
        reçoit un seul e-mail pour tous les refus.
      </p>
      {unscanned > 0 && (
        <MessageBox kind="warning">
          {unscanned > 1 ? `${unscanned} fichiers n’ont` : 'Un fichier n’a'} pas été analysé{unscanned > 1 ? 's' : ''} par un antivirus (« Non analysé ») : aucun
          n’était configuré sur le serveur à leur dépôt. Vous n’en voyez que la copie filigranée, redessinée par le serveur.
        </MessageBox>
      )}
      {groups.map((group) => (
        <section key={group.person} className="record-docs__person" aria-labelledby={`${headingId}-${group.person}`}>
          <h3 id={`${headingId}-${group.person}`}>{group.title}</h3>
          {group.items.map((item) => (
            <DocumentItem key={item.name} {...item} persons={persons} form={form} onView={setViewing} />
          ))}
        </section>
      ))}
      <ReviewBar record={record} form={form} />
      <CopyViewer files={files} id={viewing} persons={persons} form={form} onShow={setViewing} onClose={() => setViewing(null)} />
    </section>
  );
}

/** One document of the list: its kind, where it stands, and each of its files with the decision on it. */
function DocumentItem({ name, required, files, persons, form, onView }: DocumentItemView & { persons: number; form: ReviewForm; onView: (id: number) => void }) {
  const titleId = useId();
  const { person, type } = parseDocumentName(name)!;
  const state = requirementState(files.map((file) => file.status));
  return (
    <article className="record-docs__item" aria-labelledby={titleId}>
      <div className="record-docs__item-head">
        <h4 id={titleId}>
          {labelOf(DOCUMENT_TYPE_OPTIONS, type)}
          {persons > 1 && hidden(`(${person === 1 ? 'premier' : 'second'} demandeur)`)}
        </h4>
        {required ? (
          <span className={`record-docs__badge record-docs__badge--${state}`}>{labelOf(REQUIREMENT_STATE_OPTIONS, state)}</span>
        ) : (
          <span className="record-docs__note">N’est pas demandée pour la situation actuelle</span>
        )}
      </div>
      {files.length === 0 ? (
        <p className="record-docs__note">Aucun fichier déposé.</p>
      ) : (
        <ul className="record-docs__files" aria-label={`Fichiers : ${documentLabel(name, persons)}`}>
          {files.map((file) => (
            <li key={file.id} className="record-docs__file">
              <div className="record-docs__file-main">
                <button type="button" className="record-docs__file-name" onClick={() => onView(file.id)}>
                  {file.file_name}
                  {hidden(': voir la copie filigranée')}
                </button>
                <span className="record-docs__facts">{documentFacts(file, 'staff')}</span>
              </div>
              <FileBadges file={file} />
              <SentReason file={file} />
              <DecisionControls form={form} file={file} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
