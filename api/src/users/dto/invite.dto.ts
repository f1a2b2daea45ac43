import { invitationSchema } from '@hsa-lli/common/domain';
import * as z from 'zod/mini';

/** The address whose waiting invitations are withdrawn, under the invitation's own rule. */
export const withdrawInvitationSchema = z.pick(invitationSchema, { email: true });
