import { HttpException, HttpStatus, NotFoundException } from '@nestjs/common';
import type { ApiErrorBody, ApiErrorCode } from '@hsa-lli/common/domain';

/** An error answer whose body the API wrote for the user, in French. */
export class ApiHttpError extends HttpException {
  constructor(body: ApiErrorBody, status: HttpStatus) {
    super(body, status);
  }
}

/** A 400 answer with a French message per field. */
export class FieldsError extends ApiHttpError {
  constructor(fields: Record<string, string>, error = 'Certaines informations sont à corriger.') {
    super({ error, fields }, HttpStatus.BAD_REQUEST);
  }
}

/** A 429 answer: too many attempts, with when to try again. */
export class TooManyAttemptsError extends ApiHttpError {
  constructor(error: string) {
    super({ error }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * A 409 answer: the change cannot be made as things stand (someone saved meanwhile, a residence still has goods); `code`
 * when a page acts upon it (`stale_version`: « Recharger la fiche »).
 */
export class ConflictError extends ApiHttpError {
  constructor(error: string, code?: ApiErrorCode) {
    super(code ? { error, code } : { error }, HttpStatus.CONFLICT);
  }
}

/** What a service found, or a 404 where it found nothing (null) or nothing the caller may see (false). */
export function found<T>(value: T | null | false): T {
  if (value === null || value === false) throw new NotFoundException();
  return value;
}
