import { useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { REVIEWED_FILE_GONE, type StaffRecord } from '@hsa-lli/common/back-office';
import { completeness, plural } from '@hsa-lli/common/domain';
import type { RequestErrorData } from '@hsa-lli/common/http';
import { formReset, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { Loader, MessageBox, RequestErrorMessage } from '@hsa-lli/common/ui';
import { useReviewDocumentsMutation } from './record-documents-api.js';
import { decisionOf, refusalProblems, reviewFormName, reviewsOf, type ReviewForm } from './review-decisions.js';

/**
 * The decisions waiting to be saved, what saving them will tell the applicant, and « Enregistrer l’examen »: one call,
 * so one e-mail listing every refusal and its reason.
 */
export function ReviewBar({ record, form }: { record: StaffRecord; form: ReviewForm }) {
  const dispatch = useAppDispatch();
  const revalidator = useRevalidator();
  const bar = useRef<HTMLDivElement>(null);
  const summaryId = useId();
  const [review] = useReviewDocumentsMutation();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<RequestErrorData | null>(null);
  /** The server's word on the review as a whole (a reason too long). */
  const [problem, setProblem] = useState<string | null>(null);
  /** Once staff tried to save, what refusals still lack is said until it is given. */
  const [tried, setTried] = useState(false);
  const pending = record.documents.filter((file) => decisionOf(form, file.id) !== null);
  const declined = pending.filter((file) => decisionOf(form, file.id) === 'declined').length;
  const validated = pending.length - declined;
  const applicant = `${record.person_1.first_name} ${record.person_1.last_name}`.trim() || 'Le demandeur';
  // Where the API writes: the account's address, else the first applicant's.
  const email = record.account?.email ?? record.person_1.email;
  const after = completeness(
    record.required_documents,
    record.documents.map((file) => ({ type: file.type, status: decisionOf(form, file.id) ?? file.status })),
  );

  if (pending.length === 0 && !failure) return null;

  const told =
    declined > 0
      ? email
        ? `${applicant} recevra à ${email} un seul e-mail listant ${declined > 1 ? `les ${declined} pièces refusées et leurs motifs` : 'la pièce refusée et son motif'}.`
        : 'Ce dossier n’a pas d’adresse e-mail : prévenez vous-même le demandeur des refus.'
      : after.complete && !record.completeness.complete
        ? `Toutes les pièces demandées seront validées : ${applicant} recevra un e-mail annonçant que son dossier est complet.`
        : 'Des validations seules n’envoient pas d’e-mail au demandeur.';

  const incomplete = tried && Object.keys(refusalProblems(form, pending)).length > 0;

  const save = async () => {
    setProblem(null);
    setTried(true);
    const problems = refusalProblems(form, pending);
    form.showErrors(problems);
    if (Object.keys(problems).length > 0) {
      // Once the fields show their errors, the first one takes the focus.
      requestAnimationFrame(() => bar.current?.closest('section')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      await review({ record_id: record.id, reviews: reviewsOf(form, pending) }).unwrap();
    } catch (error) {
      const failed = error as RequestErrorData;
      // The API names a wrong review by the list as a whole: its message goes under the button.
      const fields = Object.values(failed.fields ?? {});
      if (fields.length > 0) setProblem(fields[0]!);
      else setFailure(failed);
      return;
    } finally {
      setSending(false);
    }
    setTried(false);
    dispatch(formReset(reviewFormName(record.id)));
    dispatch(
      pushMessage({
        kind: 'info',
        text: `L’examen est enregistré : ${plural(validated, 'pièce validée', 'pièces validées')}, ${plural(declined, 'refusée', 'refusées')}.${
          declined > 0 && email ? ` ${applicant} en est prévenu(e) par e-mail.` : ''
        }`,
      }),
    );
    await revalidator.revalidate();
  };

  /** The file as it stands now; the focus goes to the documents' heading, as this button goes with the failure. */
  const reload = async () => {
    await revalidator.revalidate();
    bar.current?.closest('section')?.querySelector<HTMLElement>('h2')?.focus();
    setFailure(null);
  };

  const gone = failure?.status === 404 || failure?.status === 409;
  return (
    <div className="record-docs__review" ref={bar}>
      {pending.length > 0 && (
        <p id={summaryId} className="record-docs__review-summary">
          <strong>
            {plural(pending.length, 'décision', 'décisions')} à enregistrer : {plural(validated, 'validation', 'validations')}, {declined} refus.
          </strong>{' '}
          {told}
        </p>
      )}
      {incomplete && <MessageBox kind="error">Chaque refus a besoin d’un motif : complétez les champs signalés.</MessageBox>}
      {problem && <MessageBox kind="error">{problem}</MessageBox>}
      {failure && <RequestErrorMessage error={gone ? { ...failure, error: failure.status === 409 ? failure.error : REVIEWED_FILE_GONE } : failure} />}
      <div className="bo-actions">
        {pending.length > 0 && (
          <button type="button" className="ui-button" disabled={sending} aria-describedby={summaryId} onClick={() => void save()}>
            Enregistrer l’examen
          </button>
        )}
        {gone && (
          <button type="button" className="ui-button ui-button--secondary" disabled={revalidator.state === 'loading'} onClick={() => void reload()}>
            Recharger le dossier
          </button>
        )}
        {pending.length > 0 && (
          <button type="button" className="ui-button ui-button--secondary" disabled={sending} onClick={() => {
              setTried(false);
              dispatch(formReset(reviewFormName(record.id)));
            }}
          >
            Annuler toutes les décisions
          </button>
        )}
        <Loader active={sending} label="Enregistrement de l’examen" />
      </div>
    </div>
  );
}
