import { Logger as NestLogger } from '@nestjs/common';
import type { Logger } from 'typeorm';

/** A database error by its code: its message can quote the values it is about (« Duplicate entry 'nom@exemple.fr' »). */
export function databaseErrorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : null;
  return code ?? (error instanceof Error ? error.name : 'error');
}

/** A failed query as the log keeps it: the error's code and the SQL, whose values are placeholders. */
export const failedQuery = (error: unknown, query: string) => `Query failed (${databaseErrorCode(error)}): ${query.slice(0, 300)}`;

/**
 * TypeORM's messages in the API's log: a failed query by its SQL, whose values are placeholders, and its error's code;
 * never its parameters nor the driver's message, which hold what people typed (docs/data-protection.md).
 */
export class DatabaseLog implements Logger {
  private readonly logger = new NestLogger('Database');

  logQuery(): void {}

  logQuerySlow(): void {}

  logSchemaBuild(): void {}

  logMigration(message: string): void {
    this.logger.log(message);
  }

  logQueryError(error: string | Error, query: string): void {
    this.logger.error(failedQuery(error, query));
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
  }
}
