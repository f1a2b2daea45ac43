import { Logger, type ArgumentsHost } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiExceptionFilter } from '../http/api-exception.filter.js';
import { DatabaseLog } from './database-log.js';

/** A refused insert as MariaDB's driver reports it: its message quotes the value. */
const duplicate = () =>
  new QueryFailedError('INSERT INTO `users`(`email`) VALUES (?)', ['nom.prenom@exemple.fr'], Object.assign(new Error("Duplicate entry 'nom.prenom@exemple.fr' for key 'IDX_email'"), { code: 'ER_DUP_ENTRY' }));

describe('a failed query in the log', () => {
  afterEach(() => vi.restoreAllMocks());

  const logged = () => vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

  it('names its code and its SQL, never its values nor the driver’s message, as TypeORM reports it', () => {
    const error = logged();
    const failure = duplicate();
    new DatabaseLog().logQueryError(failure, failure.query);
    const text = error.mock.calls.flat().join(' ');
    expect(text).toContain('ER_DUP_ENTRY');
    expect(text).toContain('INSERT INTO `users`');
    expect(text).not.toContain('nom.prenom');
  });

  it('and as the API answers it with a 500', () => {
    const error = logged();
    const response = { status: vi.fn(() => response), json: vi.fn(() => response) };
    const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
    new ApiExceptionFilter().catch(duplicate(), host);
    expect(response.status).toHaveBeenCalledWith(500);
    const text = error.mock.calls.flat().join(' ');
    expect(text).toContain('ER_DUP_ENTRY');
    expect(text).not.toContain('nom.prenom');
  });
});
