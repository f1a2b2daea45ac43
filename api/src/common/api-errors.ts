import { HttpException, HttpStatus, type ValidationError } from '@nestjs/common';
import type { ApiErrorBody } from '@hsa-lli/common/domain';

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

/** Turns class-validator's report into field errors; the DTOs carry the French messages. */
export function validationError(errors: ValidationError[]): FieldsError {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const messages = Object.values(error.constraints ?? {});
    // A property the DTO does not know of.
    fields[error.property] = messages.find((message) => !message.startsWith('property ')) ?? "Ce champ n'est pas attendu.";
  }
  return new FieldsError(fields);
}
