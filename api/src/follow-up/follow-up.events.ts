/**
 * What the follow-up tells the rest of the API (docs/api-convention.md, « When something changed »): FollowUpService
 * emits it once an event of a file is recorded or removed, and awaits it (`emitAsync`); the files list's upkeep
 * (records/) listens, so that the file's latest event is in the list when the API answers, and so does the goods'
 * occupancy (GoodOccupancyService), so that a good let or left is shown so on the public site.
 */
export const FOLLOW_UP_EVENTS = {
  changed: 'follow-up.changed',
} as const;

export class FollowUpChanged {
  constructor(
    readonly recordId: number,
    /** The goods the events removed named: the file's remaining events no longer tell them. */
    readonly removedGoodIds: readonly number[] = [],
  ) {}
}
