import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { DOCUMENT_TOO_LARGE } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import { rm } from 'node:fs/promises';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';
import { FieldsError } from '../common/api-errors.js';

/** What multer reports with its refusals, kept by Nest as the cause of the exception it raises. */
function multerCode(error: unknown): string | null {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : null;
}

const REFUSALS: Record<string, string> = {
  LIMIT_FILE_SIZE: DOCUMENT_TOO_LARGE,
  LIMIT_UNEXPECTED_FILE: 'Envoyez un seul fichier à la fois, sous le champ « file ».',
  LIMIT_FILE_COUNT: 'Envoyez un seul fichier à la fois, sous le champ « file ».',
  LIMIT_FIELD_COUNT: 'La demande contient trop de champs : envoyez le type de pièce et le fichier seulement.',
  LIMIT_FIELD_VALUE: 'Un champ de la demande est trop long.',
  LIMIT_FIELD_KEY: 'Un champ de la demande a un nom trop long.',
  LIMIT_PART_COUNT: 'La demande contient trop de parties : envoyez le type de pièce et le fichier seulement.',
};

/**
 * Around a document upload: multer's refusals in the API's French shape, and the uploaded file removed from the
 * incoming folder whenever the request fails before the document service has taken it (a wrong field, a file of
 * another household, a refusal). The document service removes it itself once it has it.
 */
@Injectable()
export class DocumentUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request & { file?: { path: string } }>();
    return next.handle().pipe(
      catchError((error: unknown) => {
        const code = multerCode(error);
        const refusal = code && REFUSALS[code];
        const answer = refusal ? new FieldsError({ file: refusal }, 'Ce fichier n’a pas été accepté.') : error;
        const path = request.file?.path;
        return from(path ? rm(path, { force: true }) : Promise.resolve()).pipe(mergeMap(() => throwError(() => answer)));
      }),
    );
  }
}
