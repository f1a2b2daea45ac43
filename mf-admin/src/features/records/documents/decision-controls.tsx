import { useRef } from 'react';
import { DOCUMENT_DECLINE_REASON_OPTIONS } from '@hsa-lli/common/back-office';
import { DOCUMENT_STATUS_OPTIONS, labelOf, SCAN_STATUS_OPTIONS, type RecordDocumentView } from '@hsa-lli/common/domain';
import { SelectField, TextareaField } from '@hsa-lli/common/ui';
import { decisionField, decisionOf, detailsField, reasonField, refusalText, type Decision, type ReviewForm } from './review-decisions.js';

/** Words for screen readers only: which file a button or a field is about. */
export const hidden = (text: string) => <span className="ui-visually-hidden"> {text}</span>;

/** A file's review status, and « Non analysé » when no antivirus read it. */
export function FileBadges({ file }: { file: RecordDocumentView }) {
  return (
    <span className="record-docs__badges">
      <span className={`record-docs__badge record-docs__badge--${file.status}`}>{labelOf(DOCUMENT_STATUS_OPTIONS, file.status)}</span>
      {file.scan === 'not_scanned' && <span className="record-docs__badge record-docs__badge--unscanned">{labelOf(SCAN_STATUS_OPTIONS, file.scan)}</span>}
    </span>
  );
}

/** The reason a refused file's owner was sent. */
export function SentReason({ file }: { file: RecordDocumentView }) {
  return file.status === 'declined' && file.reason ? <p className="record-docs__reason">Motif du refus envoyé : {file.reason}</p> : null;
}

/**
 * « Valider » and « Refuser » for one file (pressed while that decision waits to be saved, pressed again to take it
 * back), with the refusal's reason: one of the catalogue's, and staff's own words, shown as the owner will read them.
 */
export function DecisionControls({ form, file }: { form: ReviewForm; file: RecordDocumentView }) {
  const decision = decisionOf(form, file.id);
  const first = useRef<HTMLButtonElement>(null);
  const decide = (next: Decision) => form.set(decisionField(file.id), decision === next ? '' : next);
  const reason = form.value(reasonField(file.id));
  const text = refusalText(form, file.id);
  return (
    <div className="record-docs__decision">
      <div className="record-docs__decision-buttons">
        <button
          ref={first}
          type="button"
          className={`ui-button ui-button--small${decision === 'validated' ? '' : ' ui-button--secondary'}`}
          aria-pressed={decision === 'validated'}
          onClick={() => decide('validated')}
        >
          Valider{hidden(file.file_name)}
        </button>
        <button
          type="button"
          className={`ui-button ui-button--small ui-button--danger${decision === 'declined' ? '' : ' ui-button--secondary'}`}
          aria-pressed={decision === 'declined'}
          onClick={() => decide('declined')}
        >
          Refuser{hidden(file.file_name)}
        </button>
        {decision && (
          <button
            type="button"
            className="record-docs__undo"
            onClick={() => {
              form.set(decisionField(file.id), '');
              // The button goes with the decision: the focus stays on the file's first choice.
              first.current?.focus();
            }}
          >
            Annuler la décision{hidden(`sur ${file.file_name}`)}
          </button>
        )}
      </div>
      {decision && (
        <p className="record-docs__pending">
          {decision === 'validated' ? 'Sera validé' : 'Sera refusé'} à l’enregistrement de l’examen.
        </p>
      )}
      {decision === 'declined' && (
        <div className="record-docs__refusal">
          <SelectField
            form={form}
            name={reasonField(file.id)}
            label={<>Motif du refus{hidden(`de ${file.file_name}`)}</>}
            placeholder="Choisissez un motif"
            options={DOCUMENT_DECLINE_REASON_OPTIONS}
            required
          />
          <TextareaField
            form={form}
            name={detailsField(file.id)}
            label={<>Précisions pour le demandeur{hidden(`sur ${file.file_name}`)}</>}
            hint={reason === 'other' ? 'Obligatoires avec « Autre motif » : elles sont tout le motif.' : 'Facultatives : elles suivent le motif choisi.'}
            required={reason === 'other'}
            rows={3}
          />
          {text && <p className="record-docs__preview">Le demandeur lira : « {text} »</p>}
        </div>
      )}
    </div>
  );
}
