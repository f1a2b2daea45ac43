/** The contact requests of the back office: their list, their page, the reply and the conversion into a file. */
import * as z from 'zod/mini';
import { MAX_DEPENDANTS } from '../eligibility.js';
import { CONTACT_SUBJECTS, HOUSEHOLDS, REFERENCE_STATUSES, ZONES, type ContactSubject, type Household, type ReferenceStatus, type Zone } from '../reference.js';
import type { HistoryEntryView } from './history.js';
import { builtWhenUsed, requiredText } from '../schema.js';
import { idRequestSchema, listRequestSchema, oneOf } from './list.js';

const YES_NO = 'Indiquez oui (true) ou non (false).';

/** `POST /api/contact-forms/list`: status, subject, from the eligibility test, unread; search in name, e-mail and message. */
export const contactFormListSchema = builtWhenUsed(() => listRequestSchema(
  z.strictObject({
    status: oneOf(REFERENCE_STATUSES, 'Choisissez le statut : nouveau ou terminé.'),
    subject: oneOf(CONTACT_SUBJECTS, 'Choisissez un objet de la liste.'),
    from_eligibility: z.optional(z.boolean(YES_NO)),
    unread: z.optional(z.boolean(YES_NO)),
  }),
  ['created_at', 'name', 'status'],
));
export type ContactFormListRequest = z.input<typeof contactFormListSchema>;

export const CONTACT_REPLY_MAX = 5000;
const REPLY_MISSING = 'Écrivez votre réponse.';

/** `POST /api/contact-forms/reply`: the e-mail sent to the requester, and whether the request is done with. */
export const contactReplySchema = builtWhenUsed(() => z.strictObject({
  id: idRequestSchema.shape.id,
  message: requiredText(REPLY_MISSING, { length: CONTACT_REPLY_MAX, message: `La réponse ne peut pas dépasser ${CONTACT_REPLY_MAX} caractères.` }, 'lines'),
  complete: z.optional(z.boolean(YES_NO)),
}));
export type ContactReplyRequest = z.output<typeof contactReplySchema>;

/**
 * Staff erasing a person's account and file from their rgpd request say how they made sure the request is theirs: an
 * address given in the form proves nothing (anybody may type it). Kept in the request's history.
 */
export const rgpdEraseSchema = builtWhenUsed(() => z.strictObject({
  id: idRequestSchema.shape.id,
  identity: requiredText('Indiquez comment vous avez vérifié l’identité du demandeur.', { length: 500, message: 'Ce texte ne peut pas dépasser 500 caractères.' }),
}));
export type RgpdEraseRequest = z.output<typeof rgpdEraseSchema>;

/**
 * The day a request about personal data must be answered by: one month after receipt (RGPD, article 12.3), the last
 * day of the next month when it is shorter (received on 31 January, answered by 28 or 29 February).
 */
export function rgpdDeadline(receivedAt: Date): Date {
  const deadline = new Date(receivedAt);
  const day = deadline.getUTCDate();
  deadline.setUTCDate(1);
  deadline.setUTCMonth(deadline.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(deadline.getUTCFullYear(), deadline.getUTCMonth() + 1, 0)).getUTCDate();
  deadline.setUTCDate(Math.min(day, lastDay));
  return deadline;
}

/** The eligibility test's answers a request carries, as the visitor's browser sent them: read only when well formed. */
const eligibilityAnswersSchema = builtWhenUsed(() => z.object({
  household: z.enum(HOUSEHOLDS),
  dependants: z.int().check(z.gte(0), z.lte(MAX_DEPENDANTS)),
  city: z.optional(z.string()),
  incomes: z.array(z.number().check(z.gte(0), z.lte(10_000_000))).check(z.minLength(1), z.maxLength(2)),
  year: z.optional(z.int()),
  eligible: z.boolean(),
  ceiling: z.number(),
  income: z.optional(z.number()),
  zone: z.enum(ZONES),
}));

export interface ContactEligibility {
  household: Household;
  dependants: number;
  /** INSEE code of the commune of the flat wanted. */
  city: string | null;
  /** Each person's revenu fiscal de référence, in euros. */
  incomes: number[];
  year: number | null;
  eligible: boolean;
  /** The LLI ceiling of the household's line and zone, in euros. */
  ceiling: number;
  /** The household's income, in euros. */
  income: number;
  zone: Zone;
}

/** The answers of the eligibility test stored with a request, or null when it came without (or with garbled ones). */
export function contactEligibility(stored: unknown): ContactEligibility | null {
  const parsed = eligibilityAnswersSchema.safeParse(stored);
  if (!parsed.success) return null;
  const answers = parsed.data;
  if (answers.household === 'alone' && answers.incomes.length > 1) return null;
  return {
    household: answers.household,
    dependants: answers.dependants,
    city: answers.city ?? null,
    incomes: answers.incomes,
    year: answers.year ?? null,
    eligible: answers.eligible,
    ceiling: answers.ceiling,
    income: answers.income ?? answers.incomes.reduce((sum, income) => sum + income, 0),
    zone: answers.zone,
  };
}

const NAME_MAX = 100;

/**
 * A requester's « nom et prénom » as an account's first and last names. Written the French administrative way, the
 * family name first in capitals (« ARRIETA Peio »), the capitals are the last name; otherwise the first word is the
 * first name and the rest the last name (« Jean-Pierre de la Fontaine »). One word is taken as the first name.
 */
export function splitName(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const capitals = (word: string) => /\p{Lu}{2,}/u.test(word) && word === word.toLocaleUpperCase('fr');
  const leading = words.findIndex((word) => !capitals(word));
  const [first, last] =
    leading > 0 ? [words.slice(leading), words.slice(0, leading)] : [words.slice(0, 1), words.slice(1)];
  return { first_name: first.join(' ').slice(0, NAME_MAX), last_name: last.join(' ').slice(0, NAME_MAX) };
}

/** A request of the list. */
export interface ContactFormRow {
  id: number;
  subject: ContactSubject;
  name: string;
  email: string;
  /** ISO 8601. */
  created_at: string;
  status: ReferenceStatus;
  /** Nobody of the staff has opened it yet. */
  unread: boolean;
  /** A request about personal data, to answer within a month. */
  rgpd: boolean;
  /** ISO 8601: the day an rgpd request must be answered by; null for the others. */
  rgpd_deadline: string | null;
  /** An rgpd request still open past its deadline. */
  overdue: boolean;
  /** What the eligibility test answered, when the request comes from it. */
  eligibility: Pick<ContactEligibility, 'eligible' | 'zone' | 'income' | 'ceiling'> | null;
  /** The file it became. */
  record_id: number | null;
}

/** A request as its page shows it. */
export interface ContactFormView extends Omit<ContactFormRow, 'eligibility'> {
  phone: string | null;
  message: string;
  consent: boolean;
  eligibility: ContactEligibility | null;
  /** ISO 8601, or null. */
  read_at: string | null;
  completed_at: string | null;
  /** The file it became, by its reference. */
  record: { id: number; reference: string } | null;
}

/** An e-mail sent in answer, as it was sent. */
export interface ContactReplyView {
  id: number;
  body: string;
  author: string;
  /** ISO 8601. */
  sent_at: string;
}

export interface ContactFormAnswer {
  contact_form: ContactFormView;
  history: HistoryEntryView[];
  replies: ContactReplyView[];
}
