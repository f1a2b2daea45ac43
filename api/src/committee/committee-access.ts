import { worksInBackOffice } from '@hsa-lli/common/domain';
import type { SessionUser } from '../auth/session-user.js';
import type { CommitteeSession } from './entities/committee-session.entity.js';

/** Staff prepare and open sessions (BACK_OFFICE_ROLES); the committee's roles sit in them (COMMITTEE_ROLES). */
export const isStaff = (actor: SessionUser) => worksInBackOffice(actor.roles);

/** Whether the caller sits in this session (loaded with its members). */
export const sitsIn = (session: Pick<CommitteeSession, 'members'>, actor: SessionUser) => session.members.some((member) => member.id === actor.id);

/** Who may read a session: staff, and its own members; to anybody else it does not exist. */
export const mayRead = (session: Pick<CommitteeSession, 'members'>, actor: SessionUser) => isStaff(actor) || sitsIn(session, actor);

/** Recommendations are taken while the session is open and its vote deadline, if any, has not passed. */
export const voting = (session: Pick<CommitteeSession, 'state' | 'voteClosesAt'>, now = new Date()) =>
  session.state === 'open' && (session.voteClosesAt === null || now < session.voteClosesAt);

/** How many members must have taken part for the session to close: the configured share, at least one. */
export const quorumRequired = (members: number, share: number) => Math.max(1, Math.ceil(members * share - 1e-9));
