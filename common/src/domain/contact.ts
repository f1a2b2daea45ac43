import * as z from 'zod/mini';
import { CONTACT_SUBJECTS } from './reference.js';
import { builtWhenUsed, emailField, phoneField, requiredText } from './schema.js';

/** What the contact form holds while a visitor fills it in. */
export interface ContactFormValues {
  subject: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  consent: boolean;
}

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

const NAME_MISSING = 'Indiquez vos nom et prénom.';
const MESSAGE_TOO_SHORT = `Votre message doit contenir au moins ${CONTACT_MESSAGE_MIN} caractères.`;

/** The contact form, checked the same way by the form and the API. */
export const contactSchema = builtWhenUsed(() => z.strictObject({
  subject: z.enum(CONTACT_SUBJECTS, "Choisissez l'objet de votre demande."),
  name: requiredText(NAME_MISSING, { length: 160, message: 'Le nom ne peut pas dépasser 160 caractères.' }, 'name').check(z.minLength(2, NAME_MISSING)),
  email: emailField(),
  phone: z.optional(phoneField()),
  message: requiredText(MESSAGE_TOO_SHORT, { length: CONTACT_MESSAGE_MAX, message: `Votre message ne peut pas dépasser ${CONTACT_MESSAGE_MAX} caractères.` }, 'lines').check(
    z.minLength(CONTACT_MESSAGE_MIN, MESSAGE_TOO_SHORT),
  ),
  consent: z.literal(true, 'Vous devez accepter d’être recontacté(e) pour que nous puissions vous répondre.'),
  /** A field people never see: robots fill it. */
  website: z.optional(z.string()),
  /** The eligibility test's question and answer, when the request comes from it: the server reads the question only (`answeredAgain`). */
  eligibility: z.optional(z.unknown()),
}));
/** A contact request as the schema gives it back: trimmed, its e-mail address lower-cased. */
export type ContactRequest = z.output<typeof contactSchema>;
