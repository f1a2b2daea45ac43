import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { rm } from 'node:fs/promises';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';
import { FieldsError } from './api-errors.js';

/** What multer reports with its refusals, kept by Nest as the cause of the exception it raises. */
interface MulterRefusal {
  code: string;
  field?: string;
  filename?: string;
}

/** What an upload tells of multer's refusals, in French. */
export interface UploadRefusals {
  /** The multipart field its files come under: each refusal is said on it. */
  field: string;
  /** The answer's message above the fields. */
  error: string;
  /** multer's codes (`LIMIT_FILE_SIZE`, `LIMIT_UNEXPECTED_FILE`…) it explains, each with its message or the file's; the others keep Nest's answer. */
  messages: Partial<Record<string, string | ((fileName: string) => string)>>;
  /** Said on the other field of a file sent under it; without it, such a file is told `messages.LIMIT_UNEXPECTED_FILE` on `field`. */
  otherField?: string;
}

function multerRefusal(error: unknown): MulterRefusal | null {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return typeof cause === 'object' && cause !== null && typeof (cause as MulterRefusal).code === 'string' ? (cause as MulterRefusal) : null;
}

/** The French message of a refusal, on the field it concerns; null for what the default answer tells well enough. */
function fieldsOf({ code, field, filename }: MulterRefusal, refusals: UploadRefusals): Record<string, string> | null {
  // One file more than the route takes is « unexpected » to multer, as is a file under another field.
  if (code === 'LIMIT_UNEXPECTED_FILE' && refusals.otherField !== undefined && field !== refusals.field) {
    return field ? { [field]: refusals.otherField } : null;
  }
  const message = refusals.messages[code];
  if (message === undefined) return null;
  return { [refusals.field]: typeof message === 'string' ? message : message(filename ?? '') };
}

/** Where multer wrote the request's files (`dest`), one file or several. */
function storedPaths(request: Request & { file?: { path?: string }; files?: unknown }): string[] {
  const files = Array.isArray(request.files) ? request.files : Object.values((request.files ?? {}) as Record<string, unknown[]>).flat();
  return [request.file, ...files].map((file) => (file as { path?: unknown } | undefined)?.path).filter((path): path is string => typeof path === 'string');
}

/**
 * Around an upload (before multer's interceptor in `@UseInterceptors`): multer's refusals (a file too large, too many,
 * one under another field, too many fields…) in the API's French shape, and the files multer wrote removed whenever
 * the request fails before a service has taken them (a wrong field, an unknown owner, a refusal); a service removes
 * them itself once it has them. Other errors go on as they are.
 */
export class UploadErrorsInterceptor implements NestInterceptor {
  constructor(private readonly refusals: UploadRefusals) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      catchError((error: unknown) => {
        const refusal = multerRefusal(error);
        const fields = refusal && fieldsOf(refusal, this.refusals);
        const answer = fields ? new FieldsError(fields, this.refusals.error) : error;
        const paths = storedPaths(request);
        return from(Promise.all(paths.map((path) => rm(path, { force: true })))).pipe(mergeMap(() => throwError(() => answer)));
      }),
    );
  }
}
