/** How far a household is with its supporting documents: each required one's state, and the file's as a whole. */
import { plural } from './format.js';
import { DOCUMENT_STATUS_OPTIONS, type DocumentName, type DocumentStatus } from './documents.js';
import type { Option } from './reference.js';

/** Where a required document stands for the household, from its files. */
export type RequirementState = 'missing' | DocumentStatus;

/**
 * A name's state: missing without a file; refused when a file is refused (it must be replaced or removed); to be
 * processed while a file waits for staff; validated when every file is.
 */
export function requirementState(statuses: readonly DocumentStatus[]): RequirementState {
  if (statuses.length === 0) return 'missing';
  if (statuses.includes('declined')) return 'declined';
  if (statuses.includes('to_process')) return 'to_process';
  return 'validated';
}

/** A required document's state as both its owner and staff read it. */
export const REQUIREMENT_STATE_OPTIONS = [{ value: 'missing', label: 'À fournir' }, ...DOCUMENT_STATUS_OPTIONS] as const satisfies readonly Option[];

export interface Completeness {
  required: number;
  /** Names with files that are not refused: what the household has done. */
  provided: number;
  validated: number;
  /** Required names without any file, or with a refused one. */
  missing: DocumentName[];
  /** 0 to 100: the names provided, out of the required ones. */
  percent: number;
  /** Every required document validated by staff. */
  complete: boolean;
}

/** « 3 pièces sur 4 fournies » and « 2 validées »: how far a household is, as its pages and staff's say it. */
export function completenessWords({ provided, required, validated }: Pick<Completeness, 'provided' | 'required' | 'validated'>): { provided: string; validated: string } {
  return { provided: plural(provided, `pièce sur ${required} fournie`, `pièces sur ${required} fournies`), validated: plural(validated, 'validée', 'validées') };
}

export function completeness(required: readonly DocumentName[], documents: readonly { type: DocumentName; status: DocumentStatus }[]): Completeness {
  const states = required.map((name) => requirementState(documents.filter((document) => document.type === name).map((document) => document.status)));
  const provided = states.filter((state) => state === 'to_process' || state === 'validated').length;
  const validated = states.filter((state) => state === 'validated').length;
  return {
    required: required.length,
    provided,
    validated,
    missing: required.filter((_, index) => states[index] === 'missing' || states[index] === 'declined'),
    percent: required.length === 0 ? 100 : Math.round((provided / required.length) * 100),
    complete: required.length > 0 && validated === required.length,
  };
}
