/** The staff's calls on a file's follow-up: its stage, its events, its notes, who follows it. */
import * as z from 'zod/mini';
import { eventType, EVENT_TYPES, RECORD_STAGES, type EventType, type RecordStage } from '../follow-up.js';
import { OUTCOME_OPTIONS, type Outcome } from '../reference.js';
import { builtWhenUsed, requiredText, text } from '../schema.js';

const ID_WRONG = "L'identifiant doit être un nombre entier positif.";
const id = builtWhenUsed(() => z.int(ID_WRONG).check(z.minimum(1, ID_WRONG)));
const COMMENT_MAX = 2000;
const comment = builtWhenUsed(() => z.optional(
  z.nullable(text('Le commentaire doit être un texte.', { length: COMMENT_MAX, message: `Le commentaire ne peut pas dépasser ${COMMENT_MAX} caractères.` }, 'lines')),
));

/**
 * `POST /api/records/stage`: the stage a file moves to, with an optional comment. `force_reason` moves a file to
 * « Complet » although a required document is not validated: why, kept with the move (ignored when nothing is forced).
 */
export const stageMoveSchema = builtWhenUsed(() => z.strictObject({
  id,
  stage: z.enum(RECORD_STAGES, 'Choisissez un stade de la liste.'),
  comment,
  force_reason: z.optional(
    z.nullable(text('La raison doit être un texte.', { length: COMMENT_MAX, message: `La raison ne peut pas dépasser ${COMMENT_MAX} caractères.` }, 'lines')),
  ),
}));
export type StageMoveRequest = z.output<typeof stageMoveSchema>;

const AT_WRONG = 'Indiquez la date et l’heure de l’événement.';
const OUTCOMES = OUTCOME_OPTIONS.map((option) => option.value);

/** `POST /api/records/events/create`: an event of a type, its sub-reason among the type's, the good when it names one. */
export const eventCreateSchema = builtWhenUsed(() => z
  .strictObject({
    record_id: id,
    type: z.enum(EVENT_TYPES, 'Choisissez un type d’événement de la liste.'),
    reason: z.optional(z.nullable(z.string('Choisissez un motif de la liste.'))),
    good_id: z.optional(z.nullable(id)),
    at: z.string(AT_WRONG).check(z.refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), AT_WRONG)),
    outcome: z.optional(z.nullable(z.enum(OUTCOMES, 'Choisissez une issue de la liste.'))),
    comment,
  })
  .check(
    z.refine((event) => event.reason == null || eventType(event.type).reasons.some((reason) => reason.value === event.reason), {
      error: 'Choisissez un motif de ce type d’événement.',
      path: ['reason'],
    }),
    z.refine((event) => event.reason != null || !eventType(event.type).reasonRequired, { error: 'Choisissez le motif de l’événement.', path: ['reason'] }),
    z.refine((event) => event.good_id != null || eventType(event.type).good !== 'required', { error: 'Choisissez le logement concerné.', path: ['good_id'] }),
    z.refine((event) => event.good_id == null || eventType(event.type).good !== 'none', { error: 'Ce type d’événement ne concerne pas un logement.', path: ['good_id'] }),
  ));
export type EventCreateRequest = z.output<typeof eventCreateSchema>;

/** `POST /api/records/events/outcome`: the outcome of an event recorded without one (a visit booked online, once it took place). */
export const eventOutcomeSchema = builtWhenUsed(() => z.strictObject({ id, outcome: z.enum(OUTCOMES, 'Choisissez une issue de la liste.') }));
export type EventOutcomeRequest = z.output<typeof eventOutcomeSchema>;

/** `POST /api/records/notes/create`. */
export const noteCreateSchema = builtWhenUsed(() => z.strictObject({
  record_id: id,
  body: requiredText('Écrivez la note.', { length: COMMENT_MAX, message: `Une note ne peut pas dépasser ${COMMENT_MAX} caractères.` }, 'lines'),
}));

/** `POST /api/records/set-follower`: a staff member, or null for nobody. */
export const followerSchema = builtWhenUsed(() => z.strictObject({ id, user_id: z.nullable(id) }));

/** `POST /api/users/allow-record-views`: how many more files a staff member may open today. */
export const recordViewsAllowanceSchema = builtWhenUsed(() => z.strictObject({
  id,
  extra: z.int('Indiquez un nombre de dossiers.').check(z.minimum(1, 'Indiquez au moins 1 dossier.'), z.maximum(10_000, 'Indiquez au plus 10 000 dossiers.')),
}));

export interface StageChangeView {
  from: RecordStage;
  to: RecordStage;
  comment: string | null;
  by: string;
  /** ISO 8601. */
  at: string;
}

export interface RecordEventView {
  id: number;
  type: EventType;
  reason: string | null;
  good: { id: number; label: string } | null;
  /** ISO 8601. */
  at: string;
  outcome: Outcome | null;
  comment: string | null;
  by: string;
  /** The author's account (null once deleted): they, or an administrator, may take the event back. */
  by_id: number | null;
  /** ISO 8601. */
  created_at: string;
}

export interface RecordNoteView {
  id: number;
  body: string;
  by: string;
  /** ISO 8601. */
  created_at: string;
}

export interface FollowUpView {
  stage: RecordStage;
  follower: { id: number; name: string } | null;
  stage_changes: StageChangeView[];
  events: RecordEventView[];
  notes: RecordNoteView[];
}
