import { useState } from 'react';
import { noteCreateSchema, type FollowUpView } from '@hsa-lli/common/back-office';
import { formatDateTime } from '@hsa-lli/common/domain';
import { formReset, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { TextareaField, useForm } from '@hsa-lli/common/ui';
import { SubmitActions, useCheckedSubmission } from '../../../components/edit-form.js';
import { useCreateRecordNoteMutation } from '../record-api.js';
import type { OnFollowUp } from './on-follow-up.js';

/** The team's private notes on the file: never shown to the applicant. */
export function NotesPanel({ recordId, view, onChange }: { recordId: number; view: FollowUpView; onChange: OnFollowUp }) {
  const name = `record-note-${recordId}`;
  const form = useForm(name);
  const dispatch = useAppDispatch();
  const { sending, failure, submit } = useCheckedSubmission();
  const [create] = useCreateRecordNoteMutation();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? view.notes : view.notes.slice(0, 5);
  return (
    <section className="bo-panel record-notes" id="notes" aria-labelledby="record-notes-title">
      <h2 id="record-notes-title">Notes privées</h2>
      <p className="record-private">Visibles par l’équipe uniquement : le demandeur ne les voit jamais.</p>
      <form
        noValidate
        aria-label="Ajouter une note"
        onSubmit={async (event) => {
          event.preventDefault();
          const answer = await submit(form, noteCreateSchema, { record_id: recordId, body: form.value('body') }, (checked) => create(checked).unwrap());
          if (!answer) return;
          dispatch(formReset(name));
          onChange(answer);
          dispatch(pushMessage({ kind: 'info', text: 'La note est ajoutée au dossier.' }));
        }}
      >
        <TextareaField form={form} name="body" label="Nouvelle note" rows={3} maxLength={2000} required />
        <SubmitActions failure={failure} sending={sending}>Ajouter la note</SubmitActions>
      </form>
      {view.notes.length === 0 ? (
        <p>Aucune note pour le moment.</p>
      ) : (
        <>
          <ol className="record-entries" aria-label="Notes, de la plus récente à la plus ancienne">
            {shown.map((note) => (
              <li key={note.id}>
                <p className="record-text">{note.body}</p>
                <p className="record-muted">
                  {note.by}, le <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
                </p>
              </li>
            ))}
          </ol>
          {view.notes.length > shown.length || expanded ? (
            <button type="button" className="ui-button ui-button--secondary ui-button--small" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? 'Afficher les 5 plus récentes' : `Afficher les ${view.notes.length} notes`}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
