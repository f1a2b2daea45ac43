import type { UserState } from '@hsa-lli/common/back-office';
import type { User } from './entities/user.entity.js';

/** An account is invited until its owner chose a password, and deactivated whatever else when staff closed it. */
export function stateOf(user: Pick<User, 'active' | 'passwordHash'>): UserState {
  if (!user.active) return 'deactivated';
  return user.passwordHash === null ? 'invited' : 'active';
}

/** « Peio Larralde »: an account's or a person's first and last names (empty when neither is known). */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
