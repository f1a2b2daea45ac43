import * as z from 'zod/mini';
import { CONTACT_SUBJECTS } from './reference.js';
import { emailField } from './schema.js';

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

const PHONE = /^(?:\+33\s?|0)[1-9](?:[\s.-]?\d{2}){4}$/;
const PHONE_WRONG = 'Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.';
const NAME_MISSING = 'Indiquez vos nom et prénom.';
const MESSAGE_TOO_SHORT = `Votre message doit contenir au moins ${CONTACT_MESSAGE_MIN} caractères.`;

/** The contact form, checked the same way by the form and the API. */
export const contactSchema = z.strictObject({
  subject: z.enum(CONTACT_SUBJECTS, "Choisissez l'objet de votre demande."),
  name: z.string(NAME_MISSING).check(z.trim(), z.minLength(2, NAME_MISSING), z.maxLength(160, 'Le nom ne peut pas dépasser 160 caractères.')),
  email: emailField(),
  phone: z.optional(z.string(PHONE_WRONG).check(z.trim(), z.refine((phone) => phone === '' || PHONE.test(phone), PHONE_WRONG))),
  message: z
    .string(MESSAGE_TOO_SHORT)
    .check(
      z.trim(),
      z.minLength(CONTACT_MESSAGE_MIN, MESSAGE_TOO_SHORT),
      z.maxLength(CONTACT_MESSAGE_MAX, `Votre message ne peut pas dépasser ${CONTACT_MESSAGE_MAX} caractères.`),
    ),
  consent: z.literal(true, 'Vous devez accepter d’être recontacté(e) pour que nous puissions vous répondre.'),
  /** A field people never see: robots fill it. */
  website: z.optional(z.string()),
  /** The eligibility test's question and answer, when the request comes from it. */
  eligibility: z.optional(z.unknown()),
});
/** A contact request as the schema gives it back: trimmed, its e-mail address lower-cased. */
export type ContactRequest = z.output<typeof contactSchema>;
