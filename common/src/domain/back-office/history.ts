/** The history each residence, good, equipment and account keeps of who changed what and when. */

export const HISTORY_SUBJECTS = ['residence', 'good', 'equipment', 'user', 'contact_form', 'record'] as const;
export type HistorySubject = (typeof HISTORY_SUBJECTS)[number];

/** One field of a change: its name in the API's bodies, before and after. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntryView {
  /** ISO 8601. */
  at: string;
  /** The staff member's name, or « La plateforme ». */
  actor: string;
  /** What was done, in French. */
  action: string;
  changes: FieldChange[];
}
