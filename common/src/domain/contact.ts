import { emailProblem } from './passwords.js';
import { CONTACT_SUBJECTS } from './reference.js';

export interface ContactRequest {
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

/** The rules of the contact form, applied the same way by the form and the API. */
export function contactProblems(request: Partial<Record<keyof ContactRequest, unknown>>): Record<string, string> {
  const problems: Record<string, string> = {};
  if (typeof request.subject !== 'string' || !(CONTACT_SUBJECTS as string[]).includes(request.subject)) {
    problems.subject = "Choisissez l'objet de votre demande.";
  }
  const name = typeof request.name === 'string' ? request.name.trim() : '';
  if (name.length < 2) problems.name = 'Indiquez vos nom et prénom.';
  else if (name.length > 160) problems.name = 'Le nom ne peut pas dépasser 160 caractères.';
  const email = emailProblem(typeof request.email === 'string' ? request.email : '');
  if (email) problems.email = email;
  const phone = typeof request.phone === 'string' ? request.phone.trim() : '';
  if (phone && !PHONE.test(phone)) problems.phone = 'Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.';
  const message = typeof request.message === 'string' ? request.message.trim() : '';
  if (message.length < CONTACT_MESSAGE_MIN) problems.message = `Votre message doit contenir au moins ${CONTACT_MESSAGE_MIN} caractères.`;
  else if (message.length > CONTACT_MESSAGE_MAX) problems.message = `Votre message ne peut pas dépasser ${CONTACT_MESSAGE_MAX} caractères.`;
  if (request.consent !== true) problems.consent = 'Vous devez accepter d’être recontacté(e) pour que nous puissions vous répondre.';
  return problems;
}
