/** What the committee tells the other domains (docs/api-convention.md, « When something changed »). */
export const COMMITTEE_EVENTS = {
  /** SessionClosed: a session was closed with its decisions; its minutes can be printed. */
  closed: 'committee.closed',
} as const;

export class SessionClosed {
  constructor(readonly sessionId: number) {}
}
