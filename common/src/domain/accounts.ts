/** The forms of accounts: logging in, asking for a new password, choosing one through an e-mailed link, inviting. */
import * as z from 'zod/mini';
import { passwordProblem } from './passwords.js';
import { ROLE_LABELS, type Option, type Role } from './reference.js';
import { builtWhenUsed, emailField, requiredText } from './schema.js';

const PASSWORD_MISSING = 'Veuillez saisir votre mot de passe.';
const PASSWORD_WRONG = 'Le mot de passe est incorrect.';

/** Any password is tried (its rules may have changed since it was chosen), within a sane length. */
export const loginSchema = builtWhenUsed(() => z.strictObject({
  email: emailField(),
  password: z
    .string({ error: (issue) => (issue.input === undefined ? PASSWORD_MISSING : PASSWORD_WRONG) })
    .check(z.minLength(1, PASSWORD_MISSING), z.maxLength(256, PASSWORD_WRONG)),
}));
export type LoginRequest = z.output<typeof loginSchema>;

export const forgotPasswordSchema = builtWhenUsed(() => z.strictObject({ email: emailField() }));

/** The token of an e-mailed link (password reset, invitation), as its page sends it back. */
export const linkTokenSchema = builtWhenUsed(() => z.strictObject({
  token: z.string('Le lien est incomplet.').check(z.maxLength(200, 'Le lien est incorrect.')),
}));

/**
 * A new password chosen through a link, under the platform's rules. How guessable it is (`newPasswordProblem` of
 * @hsa-lli/common/password-strength, kept out of this module for its weight) is checked after this schema.
 */
export const newPasswordSchema = builtWhenUsed(() => z.extend(linkTokenSchema, {
  password: z.string('Veuillez choisir un mot de passe.').check(
    z.superRefine((password, context) => {
      const problem = passwordProblem(password);
      if (problem) context.addIssue(problem);
    }),
  ),
}));
export type NewPasswordRequest = z.output<typeof newPasswordSchema>;

/**
 * The roles an administrator may give when creating a user: spec section 6 names admin, hsa and customer; the
 * coordinator and the committee's two roles are invited the same way (issue 22), so that every role has a way in.
 */
const INVITABLE_ROLES = ['admin', 'hsa', 'customer', 'coordinator', 'comitee', 'member'] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
export const INVITABLE_ROLE_OPTIONS: Option<InvitableRole>[] = INVITABLE_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
const INVITABLE_LABELS = INVITABLE_ROLES.map((role) => ROLE_LABELS[role]);

export const invitationSchema = builtWhenUsed(() => z.strictObject({
  email: emailField("Veuillez saisir l'adresse e-mail."),
  first_name: requiredText('Veuillez saisir le prénom.', { length: 100, message: 'Le prénom ne peut pas dépasser 100 caractères.' }, 'name'),
  last_name: requiredText('Veuillez saisir le nom.', { length: 100, message: 'Le nom ne peut pas dépasser 100 caractères.' }, 'name'),
  role: z.enum(INVITABLE_ROLES, `Veuillez choisir un rôle : ${INVITABLE_LABELS.slice(0, -1).join(', ')} ou ${INVITABLE_LABELS.at(-1)}.`),
}));
export type InvitationRequest = z.output<typeof invitationSchema>;

const CURRENT_PASSWORD_MISSING = 'Veuillez saisir votre mot de passe actuel.';

/** The account's current password, asked before a change of its credentials: any password is tried, as at login. */
export const currentPasswordField = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? CURRENT_PASSWORD_MISSING : PASSWORD_WRONG) })
    .check(z.minLength(1, CURRENT_PASSWORD_MISSING), z.maxLength(256, PASSWORD_WRONG));

/** A new address for the logged-in account, confirmed by a link sent to it; the current password proves the owner is there. */
export const emailChangeSchema = builtWhenUsed(() => z.strictObject({
  new_email: emailField('Veuillez saisir la nouvelle adresse e-mail.'),
  password: currentPasswordField(),
}));
export type EmailChangeRequest = z.output<typeof emailChangeSchema>;

export const SAME_PASSWORD = 'Le nouveau mot de passe doit être différent du mot de passe actuel.';

/**
 * A new password for the logged-in account, under the platform's rules, the current one given. How guessable it is
 * (`newPasswordProblem`) is checked after this schema, as for a reset.
 */
export const passwordChangeSchema = builtWhenUsed(() => z
  .strictObject({
    current_password: currentPasswordField(),
    new_password: z.string('Veuillez choisir un mot de passe.').check(
      z.superRefine((password, context) => {
        const problem = passwordProblem(password);
        if (problem) context.addIssue(problem);
      }),
    ),
  })
  .check(
    z.superRefine(({ current_password, new_password }, context) => {
      if (new_password === current_password) context.addIssue({ code: 'custom', message: SAME_PASSWORD, path: ['new_password'], input: new_password });
    }),
  ));
export type PasswordChangeRequest = z.output<typeof passwordChangeSchema>;

/** An open session of the logged-in user, as /mes-identifiants lists them. */
export interface SessionView {
  /** Names the session without being its secret: its cookie cannot be made from it. */
  id: string;
  /** « Chrome sur Windows », « Safari sur iPhone »: read from the browser's User-Agent at login. */
  device: string;
  ip?: string;
  /** The login (ISO 8601). */
  created_at: string;
  /** The last request, to the minute (ISO 8601). */
  last_seen_at: string;
  /** The session of the request that asked. */
  current: boolean;
}

export interface SessionsAnswer {
  data: SessionView[];
}
