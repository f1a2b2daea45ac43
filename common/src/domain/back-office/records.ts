import * as z from 'zod/mini';
import { RECORD_STAGES, type EventType, type RecordStage } from '../follow-up.js';
import type { HouseholdEligibility } from '../record-eligibility.js';
import type { MemberFields, MyRecord } from '../records.js';
import { plural } from '../format.js';
import { FLAT_SIZES, HOUSEHOLD_OPTIONS, labelOf, type Household } from '../reference.js';
import { listRequestSchema, oneOf } from './list.js';
import type { UserState } from './users.js';
import { builtWhenUsed } from '../schema.js';

const YES_OR_NO = 'Indiquez oui ou non.';

/**
 * `POST /api/records/list`: filtered by stage, what the household wishes (a residence, a good, a flat size), its
 * eligibility, the completeness of its documents and who follows it; searched in the persons' names and e-mails and
 * the reference.
 */
export const recordListSchema = builtWhenUsed(() => listRequestSchema(
  z.strictObject({
    stage: oneOf(RECORD_STAGES, 'Choisissez un stade de la liste.'),
    residence: z.optional(z.int('Choisissez une résidence de la liste.')),
    good: z.optional(z.int('Choisissez un bien de la liste.')),
    flat_size: oneOf(FLAT_SIZES, 'Choisissez la typologie dans la liste.'),
    eligible: z.optional(z.boolean(YES_OR_NO)),
    incomplete: z.optional(z.boolean(YES_OR_NO)),
    followed_by_me: z.optional(z.boolean(YES_OR_NO)),
  }),
  ['reference', 'created_at', 'updated_at', 'stage', 'last_event_at'],
));
export type RecordListRequest = z.input<typeof recordListSchema>;
export type RecordListColumn = NonNullable<RecordListRequest['sort']>['column'];

export const RECORD_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type RecordExportFormat = (typeof RECORD_EXPORT_FORMATS)[number];

/** `POST /api/records/export`: the list's own search, filters and sort, every page of it, in one file. */
export const recordExportSchema = builtWhenUsed(() => z.extend(z.omit(recordListSchema, { page: true, per_page: true }), {
  format: z.enum(RECORD_EXPORT_FORMATS, 'Choisissez le format CSV ou Excel.'),
}));
export type RecordExportRequest = z.input<typeof recordExportSchema>;

/** One line of the list of application files. */
export interface RecordRow {
  id: number;
  reference: string;
  /** « Lucas Bergeret », « Ainhoa et Thomas Mendiburu ». */
  applicants: string;
  /** « Personne seule », « Couple, 1 enfant ». */
  household: string;
  /** The first good wished (else the first residence), and how many other wishes the household made. */
  wished: { label: string; others: number } | null;
  stage: RecordStage;
  stage_label: string;
  completeness: { provided: number; required: number; percent: number };
  /** The latest follow-up event, by its date. ISO 8601. */
  last_event: { type: EventType; label: string; at: string } | null;
  follower: { id: number; name: string } | null;
  /** Whether the household's incomes are within the LLI ceiling of a zone it looks in; null while unknown. */
  eligible: boolean | null;
  /** ISO 8601. */
  created_at: string;
  updated_at: string;
}

/** « Ainhoa et Thomas Mendiburu » when they share a last name, else « Ainhoa Mendiburu et Thomas Durand ». */
export function applicantsLabel(persons: readonly { first_name: string; last_name: string }[]): string {
  // A second applicant not named yet (a couple's file just opened) is left out rather than shown as « et ».
  const [first, second] = persons.filter((person) => `${person.first_name}${person.last_name}`.trim() !== '');
  if (!first) return '';
  if (!second) return `${first.first_name} ${first.last_name}`;
  if (first.last_name.toLowerCase() === second.last_name.toLowerCase()) return `${first.first_name} et ${second.first_name} ${second.last_name}`;
  return `${first.first_name} ${first.last_name} et ${second.first_name} ${second.last_name}`;
}

/** « Personne seule », « Couple, 2 enfants », « Personne seule, 1 enfant, 1 autre personne à charge ». */
export function householdLabel(situation: Household, members: readonly Pick<MemberFields, 'role'>[]): string {
  const children = members.filter((member) => member.role === 'child').length;
  const others = members.length - children;
  const parts: string[] = [labelOf(HOUSEHOLD_OPTIONS, situation)];
  if (children > 0) parts.push(plural(children, 'enfant', 'enfants'));
  if (others > 0) parts.push(plural(others, children > 0 ? 'autre personne à charge' : 'personne à charge', children > 0 ? 'autres personnes à charge' : 'personnes à charge'));
  return parts.join(', ');
}

/** A household is eligible when its incomes are within the ceiling of at least one zone it looks in. */
export function isEligible(eligibility: HouseholdEligibility | null): boolean | null {
  return eligibility && eligibility.by_zone.some((zone) => zone.eligible);
}

/**
 * The reasons staff most often give for refusing a document; the one chosen opens the reason its owner reads, and
 * staff may add their own words (« Autre motif » alone needs them).
 */
export const DOCUMENT_DECLINE_REASON_OPTIONS = [
  { value: 'unreadable', label: 'Document illisible ou flou' },
  { value: 'incomplete', label: 'Document incomplet : il manque des pages ou une partie' },
  { value: 'wrong_type', label: 'Ce n’est pas le document demandé' },
  { value: 'outdated', label: 'Document trop ancien ou expiré' },
  { value: 'wrong_person', label: 'Le document n’est pas au nom de la bonne personne' },
  { value: 'not_matching', label: 'Les informations ne correspondent pas à celles du dossier' },
  { value: 'other', label: 'Autre motif' },
] as const;
export type DocumentDeclineReason = (typeof DOCUMENT_DECLINE_REASON_OPTIONS)[number]['value'];

/** The reason its owner reads: the catalogue's words, then staff's own; « Autre motif » is only staff's own words. */
export function declineReasonText(reason: DocumentDeclineReason, details: string): string {
  const words = details.trim();
  if (reason === 'other') return words;
  const label = labelOf(DOCUMENT_DECLINE_REASON_OPTIONS, reason);
  return words ? `${label}. ${words}` : `${label}.`;
}

/** Why a review is refused (409), and what staff read when a file of it is gone (404): its owner changed it meanwhile. */
export const REVIEWED_FILE_GONE = 'Un fichier a été remplacé ou supprimé par le demandeur entre-temps : rechargez le dossier.';

/** The customer account of a file: invited until its owner chose a password. */
export interface RecordAccountView {
  id: number;
  email: string;
  state: UserState;
}

/** `POST /api/records/get-one` → `{ record }`: the file as its owner reads it, with what staff work with. */
export interface StaffRecord extends MyRecord {
  stage: RecordStage;
  follower: { id: number; name: string } | null;
  account: RecordAccountView | null;
  /** ISO 8601. */
  created_at: string;
}

export interface StaffRecordAnswer {
  record: StaffRecord;
}

/** `POST /api/records/followers` → `{ data }`: the active staff members who may follow a file. */
export interface FollowerOption {
  id: number;
  name: string;
}

/** `POST /api/records/good-options` `{ residence }` → `{ data }`: a residence's goods, for an event that names one. */
export interface RecordGoodOption {
  id: number;
  /** « RES-002-003 — T3 de 68 m² — Villa Itsasoa ». */
  label: string;
}

export const recordGoodOptionsSchema = builtWhenUsed(() => z.strictObject({
  residence: z.int('Choisissez une résidence de la liste.').check(z.minimum(1, 'Choisissez une résidence de la liste.')),
}));
