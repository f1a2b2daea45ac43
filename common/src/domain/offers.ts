/**
 * What the applicant reads of the committee's work: the offer of a good the committee gave them, to accept or decline
 * before its deadline (silence is a refusal), and « Où en est mon dossier », every event of their file in time order.
 */
import * as z from 'zod/mini';
import { builtWhenUsed, text } from './schema.js';

export const OFFER_STATES = ['pending', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
export const OFFER_STATE_OPTIONS = [
  { value: 'pending', label: 'En attente de votre réponse' },
  { value: 'accepted', label: 'Acceptée' },
  { value: 'declined', label: 'Refusée' },
  { value: 'expired', label: 'Expirée sans réponse' },
  { value: 'withdrawn', label: 'Retirée' },
] as const satisfies readonly { value: OfferState; label: string }[];

/** An offer of a good to its applicant. Amounts in euros. */
export interface OfferView {
  id: number;
  state: OfferState;
  good: { id: number; label: string; residence: string; city: string; rent: number; path: string };
  /** An attribution under a condition: what is awaited (a document), else null. */
  condition: string | null;
  /** ISO 8601 instants. */
  sent_at: string;
  deadline: string;
  answered_at: string | null;
  reason: string | null;
}

export interface MyOffersAnswer {
  data: OfferView[];
}

const REASON_MAX = 1000;

/** `POST /api/records/offers/answer` (the owner): accept, or decline with a reason. */
export const offerAnswerSchema = builtWhenUsed(() => z
  .strictObject({
    offer_id: z.int("L'identifiant doit être un nombre entier positif.").check(z.minimum(1, "L'identifiant doit être un nombre entier positif.")),
    answer: z.enum(['accept', 'decline'], 'Choisissez « Accepter » ou « Refuser ».'),
    reason: z.optional(z.nullable(text('Le motif doit être un texte.', { length: REASON_MAX, message: `Le motif ne peut pas dépasser ${REASON_MAX} caractères.` }, 'lines'))),
  })
  .check(z.refine((answer) => answer.answer === 'accept' || Boolean(answer.reason?.trim()), { error: 'Dites-nous pourquoi vous refusez ce logement.', path: ['reason'] })));
export type OfferAnswerRequest = z.output<typeof offerAnswerSchema>;

/** What a timeline entry is about, for its icon and its wording. */
export const TIMELINE_KINDS = ['created', 'stage', 'document', 'interview', 'visit', 'call', 'message', 'committee', 'offer', 'refusal', 'lease', 'move'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** One line of « Où en est mon dossier » : what happened, when, in plain French. */
export interface TimelineEntry {
  kind: TimelineKind;
  /** ISO 8601. */
  at: string;
  title: string;
  detail: string | null;
}

export interface MyTimelineAnswer {
  data: TimelineEntry[];
}
