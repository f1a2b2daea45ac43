import { QueryFailedError } from 'typeorm';

/**
 * Whether a write was refused by a unique index: two saves checked the same free value at once and the second
 * reached the database last (MariaDB's `ER_DUP_ENTRY`, SQLite's `SQLITE_CONSTRAINT_UNIQUE`).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string }).code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
