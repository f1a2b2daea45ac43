import type { EntityManager } from 'typeorm';

/**
 * What the files tell the rest of the API (docs/api-convention.md, « When something changed »). RecordsService emits
 * them through Nest's event emitter; the documents (documents/) listen. The files never call that domain themselves.
 */
export const RECORD_EVENTS = {
  /** RecordPersonRemoving: in the change's transaction, before the person is removed; what the listeners answer is awaited. */
  personRemoving: 'record.person-removing',
} as const;

/**
 * An applicant about to leave a file (the second person, when the household becomes a person alone), in that change's
 * transaction (`manager`). Each listener removes, in it, what it keeps of that person, and answers the vault's files to
 * remove once the change is committed (a list of stored names).
 */
export class RecordPersonRemoving {
  constructor(
    readonly manager: EntityManager,
    readonly recordId: number,
    readonly position: 1 | 2,
  ) {}
}
