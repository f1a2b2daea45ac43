import { QueryFailedError } from 'typeorm';
import { FieldsError } from '../http/api-errors.js';

/**
 * Whether a write was refused by a unique index: two saves checked the same free value at once and the second
 * reached the database last (MariaDB's `ER_DUP_ENTRY`, SQLite's `SQLITE_CONSTRAINT_UNIQUE`).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string }).code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Runs a save whose unique value was checked free beforehand: when another save took it in between, the later one
 * gets the same French field error as if the check had found it.
 */
export async function uniqueOrFieldError<T>(save: () => Promise<T>, fields: Record<string, string>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) throw new FieldsError(fields);
    throw error;
  }
}
