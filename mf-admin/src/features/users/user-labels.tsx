import { USER_STATE_OPTIONS, type UserState } from '@hsa-lli/common/back-office';
import { labelOf, ROLE_LABELS, ROLES, type Role } from '@hsa-lli/common/domain';

/** « Gestionnaire, Coordinateur », in the roles' usual order. */
export function rolesText(roles: readonly string[]): string {
  return ROLES.filter((role) => roles.includes(role))
    .map((role: Role) => ROLE_LABELS[role])
    .join(', ');
}

export function stateLabel(state: string): string {
  return labelOf(USER_STATE_OPTIONS, state);
}

/** An account's state at a glance: an active one stands out, a deactivated one is greyed, an invitation waits. */
export function UserStateBadge({ state }: { state: UserState }) {
  const kind = state === 'active' ? '' : state === 'invited' ? ' bo-badge--warning' : ' bo-badge--off';
  return <span className={`bo-badge${kind}`}>{stateLabel(state)}</span>;
}
