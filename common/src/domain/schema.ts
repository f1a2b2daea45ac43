/**
 * The fields several of the domain's schemas share. The schemas use the functional `zod/mini`, imported by name or
 * as `* as z` where used and never re-exported (webpack would then keep all of zod in the pages): the pages get only
 * what the schemas use. Unlike classic zod, it never compiles parsers with `new Function`, which the pages'
 * Content-Security-Policy refuses.
 */
import * as z from 'zod/mini';
import { emailProblem } from './passwords.js';

const INVALID_EMAIL = "L'adresse e-mail n'est pas valide.";

/**
 * An e-mail address under the platform's strict rule (`emailProblem`), trimmed and lower-cased; `missing` when
 * absent, empty or blank.
 */
export function emailField(missing = 'Veuillez saisir votre adresse e-mail.') {
  return z.string({ error: (issue) => (issue.input === undefined ? missing : INVALID_EMAIL) }).check(
    z.trim(),
    z.superRefine((email, context) => {
      const problem = email === '' ? missing : emailProblem(email);
      if (problem) context.addIssue(problem);
    }),
    z.toLowerCase(),
  );
}

/** A text that must say something, trimmed: `missing` when absent, blank or not a text; at most `max` characters. */
export function requiredText(missing: string, max: { length: number; message: string }) {
  return z.string(missing).check(z.trim(), z.minLength(1, missing), z.maxLength(max.length, max.message));
}

/** An id written as text (a multipart field, a path segment): a positive integer, digits only, no sign nor exponent. */
export const TEXT_ID = /^[1-9]\d{0,9}$/;

/** An id sent as text, given back as a number; `message` when it is none. */
export function textIdField(message: string) {
  return z.pipe(z.string(message).check(z.regex(TEXT_ID, message)), z.transform(Number));
}
