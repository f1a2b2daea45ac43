import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { ApiErrorBody } from '@hsa-lli/common/domain';
import { QueryFailedError } from 'typeorm';
import { failedQuery } from '../database/database-log.js';
import { ApiHttpError } from './api-errors.js';

const DEFAULT_MESSAGES: Partial<Record<number, string>> = {
  [HttpStatus.BAD_REQUEST]: 'La demande est incorrecte.',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'Le contenu envoyé est trop volumineux.',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'Le contenu doit être envoyé au format JSON.',
  [HttpStatus.TOO_MANY_REQUESTS]: 'Trop de demandes : réessayez dans quelques minutes.',
};

/**
 * An unexpected error as the log keeps it: its stack; a database error by its code and query, its first line (the
 * driver's message) left out, as it can quote the values people typed.
 */
function unexpected(exception: unknown): string {
  if (exception instanceof QueryFailedError) {
    const frames = (exception.stack ?? '').split('\n').slice(1).join('\n');
    return `${failedQuery(exception.driverError, exception.query)}\n${frames}`;
  }
  return exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
}

/**
 * Every error answer in the spec's shapes: 401 `{error:'Unauthorized'}`, 403 `{error:'Forbidden'}`,
 * 404 with no body, and otherwise `{error, warning?, fields?}` with a French message. Details of an
 * unexpected error stay in the server's log.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('API');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (!(exception instanceof HttpException)) {
      this.logger.error(unexpected(exception));
      response.status(500).json({ error: 'Une erreur inattendue est survenue.' } satisfies ApiErrorBody);
      return;
    }
    const status = exception.getStatus();
    if (status === HttpStatus.UNAUTHORIZED) response.status(401).json({ error: 'Unauthorized' });
    else if (status === HttpStatus.FORBIDDEN) response.status(403).json({ error: 'Forbidden' });
    else if (status === HttpStatus.NOT_FOUND) response.status(404).end();
    else if (exception instanceof ApiHttpError) response.status(status).json(exception.getResponse());
    else response.status(status).json({ error: DEFAULT_MESSAGES[status] ?? 'Une erreur inattendue est survenue.' } satisfies ApiErrorBody);
  }
}

/**
 * Errors of the body parser (malformed, too deep or too large JSON), which happen before any route:
 * the same French answer shapes as the filter's, never an HTML page or a 500.
 */
export function bodyErrors(error: unknown, _request: Request, response: Response, next: NextFunction): void {
  const status = (error as { status?: unknown }).status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return next(error);
  response.status(status).json({ error: DEFAULT_MESSAGES[status] ?? DEFAULT_MESSAGES[HttpStatus.BAD_REQUEST]! } satisfies ApiErrorBody);
}
