/**
 * How an application file moves, from first contact to signed lease: its stages and the moves between them, and the
 * follow-up events staff record on it (spec section 9: event types with sub-reasons, and outcomes). The statistics
 * count these events and stages; docs/follow-up.md says what each one means.
 */
import { labelOf, type Option } from './reference.js';

export const RECORD_STAGE_OPTIONS = [
  { value: 'in_progress', label: 'En constitution' },
  { value: 'complete', label: 'Complet' },
  { value: 'under_review', label: 'En instruction' },
  { value: 'committee', label: 'Présenté en comité' },
  { value: 'allocated', label: 'Attribué' },
  { value: 'lease_signed', label: 'Bail signé' },
  { value: 'moved_in', label: 'Entré dans les lieux' },
  { value: 'refused', label: 'Refusé' },
  { value: 'abandoned', label: 'Abandonné' },
] as const satisfies readonly Option[];
export type RecordStage = (typeof RECORD_STAGE_OPTIONS)[number]['value'];
export const RECORD_STAGES: RecordStage[] = RECORD_STAGE_OPTIONS.map((option) => option.value);

/**
 * The moves that make sense, from each stage. A file goes forward one step at a time; it can go back to be completed
 * or examined again; it can end refused or abandoned at any point before the lease, and be reopened from there. A
 * household that has moved in stays so: its leaving is an event.
 */
export const STAGE_MOVES: Record<RecordStage, readonly RecordStage[]> = {
  in_progress: ['complete', 'refused', 'abandoned'],
  complete: ['in_progress', 'under_review', 'refused', 'abandoned'],
  under_review: ['in_progress', 'committee', 'refused', 'abandoned'],
  committee: ['under_review', 'allocated', 'refused', 'abandoned'],
  // An offer declined or left unanswered: the file is examined again, for another good.
  allocated: ['under_review', 'committee', 'lease_signed', 'refused', 'abandoned'],
  lease_signed: ['moved_in', 'abandoned'],
  moved_in: [],
  refused: ['in_progress'],
  abandoned: ['in_progress'],
};

export function stageLabel(stage: RecordStage): string {
  return labelOf(RECORD_STAGE_OPTIONS, stage);
}

/** Why a move is refused, in French; null when it may be made. */
export function stageMoveProblem(from: RecordStage, to: RecordStage): string | null {
  if (from === to) return `Le dossier est déjà au stade « ${stageLabel(to)} ».`;
  if (STAGE_MOVES[from].includes(to)) return null;
  const possible = STAGE_MOVES[from].map((stage) => `« ${stageLabel(stage)} »`);
  return possible.length === 0
    ? `Un dossier au stade « ${stageLabel(from)} » ne change plus de stade.`
    : `Un dossier au stade « ${stageLabel(from)} » ne peut pas passer au stade « ${stageLabel(to)} » : il peut passer à ${possible.join(', ')}.`;
}

/**
 * Follow-up event types and their sub-reasons. `good`: whether the event names the good it concerns ('required' for
 * a visit or an offer; a refusal may name the good refused: the statistics count visits and refusals by residence). `reasonRequired`: the sub-reason must be given.
 */
export const EVENT_TYPE_OPTIONS = [
  {
    value: 'call',
    label: 'Appel téléphonique',
    reasons: [
      { value: 'outgoing', label: 'Appel passé' },
      { value: 'incoming', label: 'Appel reçu' },
    ],
    reasonRequired: true,
    good: 'none',
  },
  {
    value: 'message',
    label: 'E-mail ou courrier',
    reasons: [
      { value: 'email', label: 'E-mail' },
      { value: 'letter', label: 'Courrier' },
    ],
    reasonRequired: true,
    good: 'none',
  },
  {
    value: 'interview',
    label: 'Entretien',
    reasons: [
      { value: 'office', label: 'À l’agence' },
      { value: 'phone', label: 'Par téléphone' },
      { value: 'video', label: 'En visioconférence' },
    ],
    reasonRequired: true,
    good: 'none',
  },
  {
    value: 'visit',
    label: 'Visite d’un logement',
    reasons: [
      { value: 'on_site', label: 'Sur place' },
      { value: 'virtual', label: 'Visite virtuelle' },
      { value: 'open_day', label: 'Journée portes ouvertes' },
    ],
    reasonRequired: true,
    good: 'required',
  },
  { value: 'offer', label: 'Proposition d’un logement', reasons: [], reasonRequired: false, good: 'required' },
  {
    value: 'refusal_by_applicant',
    label: 'Refus du demandeur',
    reasons: [
      { value: 'rent', label: 'Loyer trop élevé' },
      { value: 'location', label: 'Emplacement' },
      { value: 'flat_size', label: 'Typologie ou surface' },
      { value: 'delay', label: 'Date de disponibilité' },
      { value: 'other_housing', label: 'A trouvé un autre logement' },
      { value: 'other', label: 'Autre raison' },
    ],
    reasonRequired: true,
    good: 'optional',
  },
  {
    value: 'refusal_by_provider',
    label: 'Refus du bailleur',
    reasons: [
      { value: 'incomes_above_ceiling', label: 'Revenus au-dessus du plafond' },
      { value: 'incomplete_file', label: 'Dossier incomplet' },
      { value: 'effort_rate', label: 'Taux d’effort trop élevé' },
      { value: 'flat_size', label: 'Typologie inadaptée au foyer' },
      { value: 'other', label: 'Autre raison' },
    ],
    reasonRequired: true,
    good: 'optional',
  },
  { value: 'lease_signed', label: 'Signature du bail', reasons: [], reasonRequired: false, good: 'optional' },
  { value: 'move_in', label: 'Entrée dans les lieux', reasons: [], reasonRequired: false, good: 'optional' },
  {
    value: 'leaving',
    label: 'Départ du logement',
    reasons: [
      { value: 'notice_by_tenant', label: 'Congé donné par le locataire' },
      { value: 'transfer', label: 'Mutation vers un autre logement' },
      { value: 'other', label: 'Autre raison' },
    ],
    reasonRequired: false,
    good: 'optional',
  },
] as const satisfies readonly (Option & { reasons: readonly Option[]; reasonRequired: boolean; good: 'required' | 'optional' | 'none' })[];
export type EventType = (typeof EVENT_TYPE_OPTIONS)[number]['value'];
export const EVENT_TYPES: EventType[] = EVENT_TYPE_OPTIONS.map((option) => option.value);
/** Every sub-reason of every type, for the column that keeps it. */
export const EVENT_REASONS: string[] = [...new Set(EVENT_TYPE_OPTIONS.flatMap((option) => option.reasons.map((reason) => reason.value)))];

export function eventType(type: EventType) {
  return EVENT_TYPE_OPTIONS.find((option) => option.value === type)!;
}
