import { BadRequestException, Body, type PipeTransform } from '@nestjs/common';
import { validate, type Schema } from '@hsa-lli/common/domain';
import { FieldsError } from './api-errors.js';

/**
 * Checks a request body against its schema (common/domain for what a form sends, the domain's dto/ folder for the
 * rest) and gives the route what the schema gives back. A wrong body is a 400 `{ error, fields }` with the French
 * message of each field, a field the schema does not know of included; a body that is no object at all is a 400
 * `{ error }`. No body is an empty object, whose missing fields the schema names.
 */
export class SchemaPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: Schema<T>) {}

  transform(body: unknown): T {
    const value = body ?? {};
    if (typeof value !== 'object' || Array.isArray(value)) throw new BadRequestException();
    const result = validate(this.schema, value);
    if (!result.success) throw new FieldsError(result.fields);
    return result.data;
  }
}

/** The request body, checked by its schema: `@SchemaBody(loginSchema) body: LoginRequest`. */
export function SchemaBody<T>(schema: Schema<T>): ParameterDecorator {
  return Body(new SchemaPipe(schema));
}
