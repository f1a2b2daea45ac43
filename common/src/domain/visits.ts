/**
 * Visits of a home booked online (docs/visits.md): staff publish slots on a good (back-office/visits.ts), a visitor or
 * a customer books one from the good's page, and manages it by the link of their confirmation e-mail.
 */
import * as z from 'zod/mini';
import { linkTokenSchema } from './accounts.js';
import { builtWhenUsed, emailField, phoneField, requiredText } from './schema.js';

/** Where a visit takes place: on site (an address or a meeting point) or online (a link). */
export const VISIT_KINDS = ['on_site', 'virtual'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

export const VISIT_LIMITS = {
  /** Places one slot may offer. */
  capacity: 20,
  /** Bookings one network address may make in an hour. */
  bookingsPerHour: 10,
  /** Bookings made with one e-mail address in a day (each e-mails it). */
  bookingsPerAddressPerDay: 5,
  /** Days a visit's bookings (who came, their address and phone) are kept after it, then deleted with their slot. */
  keptDays: 90,
} as const;

const ID_WRONG = "L'identifiant doit être un nombre entier.";
const NAME_MISSING = 'Indiquez vos nom et prénom.';

/** « Réserver une visite »: the slot, and who comes. */
export const visitBookingSchema = builtWhenUsed(() => z.strictObject({
  slot_id: z.int(ID_WRONG),
  name: requiredText(NAME_MISSING, { length: 160, message: 'Le nom ne peut pas dépasser 160 caractères.' }, 'name').check(z.minLength(2, NAME_MISSING)),
  email: emailField(),
  phone: phoneField('Indiquez un numéro de téléphone pour que nous puissions vous joindre le jour de la visite.'),
}));
export type VisitBookingRequest = z.output<typeof visitBookingSchema>;

/** Another slot of the same good, for a booking its link names. */
export const visitMoveSchema = builtWhenUsed(() => z.extend(linkTokenSchema, { slot_id: z.int(ID_WRONG) }));

/** A slot as visitors see it: when, where, and how many places are left (never who booked). */
export interface VisitSlotView {
  id: number;
  good_id: number;
  /** Instants (ISO 8601). */
  starts_at: string;
  ends_at: string;
  kind: VisitKind;
  /** The address or meeting point of a visit on site. */
  place: string | null;
  /** The link of a virtual visit. */
  url: string | null;
  capacity: number;
  remaining: number;
}

/** A booking as its link shows it to the person who made it. */
export interface VisitBookingView {
  id: number;
  name: string;
  email: string;
  phone: string;
  slot: VisitSlotView;
  good: { id: number; label: string; residence: string; city: string; path: string };
  cancelled_at: string | null;
}
