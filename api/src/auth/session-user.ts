import type { Role } from '@hsa-lli/common/domain';

/** What a request knows of its logged-in user (`req.user`), read afresh from the database. */
export interface SessionUser {
  id: number;
  email: string;
  roles: Role[];
  firstName: string;
  lastName: string;
}
