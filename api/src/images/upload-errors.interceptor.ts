import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { TOO_MANY_IMAGES, UPLOAD_REFUSED, imageTooLarge } from '@hsa-lli/common/back-office';
import { UNEXPECTED_FIELD } from '@hsa-lli/common/domain';
import { catchError, throwError, type Observable } from 'rxjs';
import { FieldsError } from '../common/api-errors.js';

/** What multer reports with its refusals, kept by Nest as the cause of the exception it raises. */
interface MulterRefusal {
  code: string;
  field?: string;
  filename?: string;
}

function multerRefusal(error: unknown): MulterRefusal | null {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return typeof cause === 'object' && cause !== null && typeof (cause as MulterRefusal).code === 'string' ? (cause as MulterRefusal) : null;
}

/** The French message of a refusal, on the field it concerns; null for what the default answer tells well enough. */
function fieldsOf({ code, field, filename }: MulterRefusal): Record<string, string> | null {
  if (code === 'LIMIT_FILE_SIZE') return { files: imageTooLarge(filename ?? '') };
  // One file more than `files` takes is « unexpected » to multer, as is a file under another field.
  if (code === 'LIMIT_UNEXPECTED_FILE' && field === 'files') return { files: TOO_MANY_IMAGES };
  if (code === 'LIMIT_UNEXPECTED_FILE' && field) return { [field]: UNEXPECTED_FIELD };
  return null;
}

/**
 * multer's refusals of an upload (a file too large, too many files, a file under another field) in the API's French
 * shape, naming the file; multer has removed what it had stored. Other errors go on as they are.
 */
@Injectable()
export class UploadErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        const refusal = multerRefusal(error);
        const fields = refusal && fieldsOf(refusal);
        return throwError(() => (fields ? new FieldsError(fields, UPLOAD_REFUSED) : error));
      }),
    );
  }
}
