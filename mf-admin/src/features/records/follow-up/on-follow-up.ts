import type { FollowUpView } from '@hsa-lli/common/back-office';

/** What the follow-up sections change: the follow-up as it now stands. */
export type OnFollowUp = (view: FollowUpView) => void;
