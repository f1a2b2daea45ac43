import * as z from 'zod/mini';
import { invitationSchema } from '../accounts.js';
import { ROLE_LABELS, ROLES, type Option, type Role } from '../reference.js';
import type { HistoryEntryView } from './history.js';
import { idRequestSchema, listRequestSchema, oneOf, versionField } from './list.js';
import { builtWhenUsed } from '../schema.js';

/**
 * Where an account stands: invited (created by staff, waiting for its owner to choose a password), active, or
 * deactivated (its sessions ended, its login refused).
 */
export const USER_STATE_OPTIONS = [
  { value: 'invited', label: 'Invitation en attente' },
  { value: 'active', label: 'Actif' },
  { value: 'deactivated', label: 'Désactivé' },
] as const satisfies readonly Option[];
export type UserState = (typeof USER_STATE_OPTIONS)[number]['value'];
export const USER_STATES = USER_STATE_OPTIONS.map((option) => option.value);

const ROLE_UNKNOWN = `Choisissez un rôle parmi : ${ROLES.map((role) => ROLE_LABELS[role]).join(', ')}.`;

/** `POST /api/users/list`: role and state filters; search in first name, last name and e-mail. */
export const userListSchema = builtWhenUsed(() => listRequestSchema(
  z.strictObject({
    role: oneOf(ROLES, ROLE_UNKNOWN),
    state: oneOf(USER_STATES, 'Choisissez l’état : invitation en attente, actif ou désactivé.'),
  }),
  ['last_name', 'email', 'last_login_at', 'created_at'],
));
export type UserListRequest = z.input<typeof userListSchema>;

/** The account form: names and roles (the address is the login and stays); at least one role, each once. */
export const userUpdateSchema = builtWhenUsed(() => z.extend(z.pick(invitationSchema, { first_name: true, last_name: true }), {
  id: idRequestSchema.shape.id,
  version: versionField,
  roles: z.pipe(
    z.array(z.enum(ROLES, ROLE_UNKNOWN), 'Choisissez au moins un rôle.').check(z.minLength(1, 'Choisissez au moins un rôle.')),
    z.transform((roles: Role[]) => ROLES.filter((role) => roles.includes(role))),
  ),
}));
export type UserUpdateRequest = z.output<typeof userUpdateSchema>;

/** The registration link an invited account waits on: sent when, valid until when. */
export interface UserInvitationView {
  /** ISO 8601. */
  sent_at: string;
  /** ISO 8601. */
  expires_at: string;
  expired: boolean;
}

/** An account as an administrator sees it. */
export interface UserAdminView {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  roles: Role[];
  state: UserState;
  /** ISO 8601, or null when the account never logged in. */
  last_login_at: string | null;
  /** ISO 8601. */
  created_at: string;
  version: number;
  /** The pending registration link of an invited account; null once used, withdrawn, or for a registered account. */
  invitation: UserInvitationView | null;
}

export interface UserAnswer {
  user: UserAdminView;
  history: HistoryEntryView[];
}
