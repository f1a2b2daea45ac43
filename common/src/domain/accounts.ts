/** The forms of accounts: logging in, asking for a new password, choosing one through an e-mailed link, inviting. */
import * as z from 'zod/mini';
import { passwordProblem } from './passwords.js';
import { ROLE_LABELS, type Option, type Role } from './reference.js';
import { emailField, requiredText } from './schema.js';

const PASSWORD_MISSING = 'Veuillez saisir votre mot de passe.';
const PASSWORD_WRONG = 'Le mot de passe est incorrect.';

/** Any password is tried (its rules may have changed since it was chosen), within a sane length. */
export const loginSchema = z.strictObject({
  email: emailField(),
  password: z
    .string({ error: (issue) => (issue.input === undefined ? PASSWORD_MISSING : PASSWORD_WRONG) })
    .check(z.minLength(1, PASSWORD_MISSING), z.maxLength(256, PASSWORD_WRONG)),
});
export type LoginRequest = z.output<typeof loginSchema>;

export const forgotPasswordSchema = z.strictObject({ email: emailField() });

/** The token of an e-mailed link (password reset, invitation), as its page sends it back. */
export const linkTokenSchema = z.strictObject({
  token: z.string('Le lien est incomplet.').check(z.maxLength(200, 'Le lien est incorrect.')),
});

/**
 * A new password chosen through a link, under the platform's rules. How guessable it is (`newPasswordProblem` of
 * @hsa-lli/common/password-strength, kept out of this module for its weight) is checked after this schema.
 */
export const newPasswordSchema = z.extend(linkTokenSchema, {
  password: z.string('Veuillez choisir un mot de passe.').check(
    z.superRefine((password, context) => {
      const problem = passwordProblem(password);
      if (problem) context.addIssue(problem);
    }),
  ),
});
export type NewPasswordRequest = z.output<typeof newPasswordSchema>;

/** The roles an administrator may give when creating a user (spec section 6). */
const INVITABLE_ROLES = ['admin', 'hsa', 'customer'] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
export const INVITABLE_ROLE_OPTIONS: Option<InvitableRole>[] = INVITABLE_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
const INVITABLE_LABELS = INVITABLE_ROLES.map((role) => ROLE_LABELS[role]);

export const invitationSchema = z.strictObject({
  email: emailField("Veuillez saisir l'adresse e-mail."),
  first_name: requiredText('Veuillez saisir le prénom.', { length: 100, message: 'Le prénom ne peut pas dépasser 100 caractères.' }),
  last_name: requiredText('Veuillez saisir le nom.', { length: 100, message: 'Le nom ne peut pas dépasser 100 caractères.' }),
  role: z.enum(INVITABLE_ROLES, `Veuillez choisir un rôle : ${INVITABLE_LABELS.slice(0, -1).join(', ')} ou ${INVITABLE_LABELS.at(-1)}.`),
});
export type InvitationRequest = z.output<typeof invitationSchema>;
