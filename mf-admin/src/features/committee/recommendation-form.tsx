import { useRef } from 'react';
import { OPINION_OPTIONS, recommendationSchema, type CandidateView, type RecommendationView, type SessionAnswer } from '@hsa-lli/common/back-office';
import { formatDateTime, labelOf } from '@hsa-lli/common/domain';
import { CHECKED, CheckboxField, RadioGroup, TextareaField } from '@hsa-lli/common/ui';
import { SubmitActions, useCheckedSubmission, useEditForm } from '../../components/edit-form.js';
import { useSaveCommitteeRecommendationMutation } from './committee-api.js';
import { focusFirstError } from './focus-error.js';

/** The three opinions a member gives; abstaining is the conflict of interest's checkbox, not a fourth choice. */
const OPINION_CHOICES = OPINION_OPTIONS.filter((option) => option.value !== 'abstain');

/** The form's values from the opinion given, or empty ones. */
export function recommendationValues(given: RecommendationView | null): Record<string, string> {
  const conflict = given?.conflict_of_interest === true;
  return { opinion: conflict ? '' : (given?.opinion ?? ''), reason: given?.reason ?? '', conflict_of_interest: conflict ? CHECKED : '' };
}

/** The request from the form's values: a declared conflict of interest is an abstention, whatever was ticked above it. */
export function recommendationBody(candidateId: number, values: Record<string, string>) {
  const reason = (values.reason ?? '').trim() || null;
  if (values.conflict_of_interest === CHECKED) return { candidate_id: candidateId, opinion: 'abstain', reason, conflict_of_interest: true };
  return { candidate_id: candidateId, opinion: values.opinion ?? '', reason, conflict_of_interest: false };
}

/** « Favorable », and the reason when there is one. */
export function GivenOpinion({ given }: { given: RecommendationView }) {
  return (
    <p>
      <strong>{labelOf(OPINION_OPTIONS, given.opinion)}</strong>
      {given.reason && <> : {given.reason}</>}
      <span className="committee-muted"> (le {formatDateTime(given.updated_at)})</span>
    </p>
  );
}

/**
 * A member's opinion on one candidate, changed as often as they like while the session takes opinions: favourable,
 * unfavourable or reserved with its reason (required unless favourable), or an abstention for a conflict of interest.
 */
export function RecommendationForm({ candidate, goodReference, onChange }: { candidate: CandidateView; goodReference: string; onChange: (answer: SessionAnswer) => void }) {
  const given = candidate.my_recommendation;
  const { form, ready } = useEditForm(`committee-recommendation-${candidate.id}`, recommendationValues(given), `${candidate.id}@${given?.updated_at ?? 'none'}`);
  const { sending, failure, submit } = useCheckedSubmission();
  const [save] = useSaveCommitteeRecommendationMutation();
  const element = useRef<HTMLFormElement>(null);
  if (!ready) return null;
  const conflict = form.values.conflict_of_interest === CHECKED;
  return (
    <form
      ref={element}
      noValidate
      className="committee-recommendation"
      aria-label={`Mon avis sur ${candidate.label}, logement ${goodReference}`}
      onSubmit={async (event) => {
        event.preventDefault();
        const answer = await submit(form, recommendationSchema, recommendationBody(candidate.id, form.values), (checked) => save(checked).unwrap());
        if (!answer) return focusFirstError(element.current);
        onChange(answer);
      }}
    >
      <RadioGroup form={form} name="opinion" label="Mon avis" options={OPINION_CHOICES} required={!conflict} readOnly={conflict} inline />
      <TextareaField
        form={form}
        name="reason"
        label="Motif"
        required={!conflict && form.values.opinion !== 'favorable'}
        hint="Obligatoire sauf pour un avis favorable ou une abstention."
        rows={3}
        maxLength={2000}
      />
      <CheckboxField form={form} name="conflict_of_interest" label="Je déclare un conflit d’intérêts et m’abstiens" />
      <SubmitActions failure={failure} sending={sending}>
        {given ? 'Modifier mon avis' : 'Enregistrer mon avis'}
      </SubmitActions>
      {/* Said here rather than at the top of the page: a member gives a dozen opinions in a row. */}
      <p role="status" className="committee-muted">
        {given && `Avis enregistré le ${formatDateTime(given.updated_at)}.`}
      </p>
    </form>
  );
}
