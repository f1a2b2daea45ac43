import { declineReasonText, type DocumentDeclineReason } from '@hsa-lli/common/back-office';
import type { useForm } from '@hsa-lli/common/ui';
import type { DocumentReview } from './record-documents-api.js';

export type ReviewForm = ReturnType<typeof useForm>;
export type Decision = DocumentReview['status'];
/** What the review's rules read of its form: a field's value. */
type ReviewValues = Pick<ReviewForm, 'value'>;

/** The review's fields in the forms store, per file: the decision, and for a refusal its reason and staff's words. */
export const decisionField = (id: number) => `decision-${id}`;
export const reasonField = (id: number) => `reason-${id}`;
export const detailsField = (id: number) => `details-${id}`;

/** The name of the forms store's entry that holds a file's review. */
export const reviewFormName = (recordId: number) => `record-review-${recordId}`;

export function decisionOf(form: ReviewValues, id: number): Decision | null {
  const value = form.value(decisionField(id));
  return value === 'validated' || value === 'declined' ? value : null;
}

/** The reason the owner will read, once a catalogue reason is chosen (and staff's words given for « Autre motif »). */
export function refusalText(form: ReviewValues, id: number): string {
  const reason = form.value(reasonField(id)) as DocumentDeclineReason | '';
  return reason ? declineReasonText(reason, form.value(detailsField(id))) : '';
}

/** What each refusal still lacks before the review can be sent, by field. */
export function refusalProblems(form: ReviewValues, pending: readonly { id: number }[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const file of pending) {
    if (decisionOf(form, file.id) !== 'declined') continue;
    const reason = form.value(reasonField(file.id));
    if (!reason) problems[reasonField(file.id)] = 'Choisissez le motif du refus : il sera transmis au demandeur.';
    else if (reason === 'other' && !form.value(detailsField(file.id)).trim()) {
      problems[detailsField(file.id)] = 'Écrivez le motif du refus : avec « Autre motif », le demandeur ne lira que vos mots.';
    }
  }
  return problems;
}

/** The decisions the review sends: a validation, or a refusal with the reason its owner reads. */
export function reviewsOf(form: ReviewValues, pending: readonly { id: number }[]): DocumentReview[] {
  return pending.map((file) =>
    decisionOf(form, file.id) === 'validated' ? { id: file.id, status: 'validated' } : { id: file.id, status: 'declined', reason: refusalText(form, file.id) },
  );
}
