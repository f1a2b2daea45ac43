import { FileInterceptor } from '@nestjs/platform-express';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE } from '@hsa-lli/common/domain';
import { FieldsError } from '../http/api-errors.js';
import { UploadErrorsInterceptor } from '../http/upload-errors.interceptor.js';
import type { IncomingFile } from './record-documents.service.js';

const ONE_FILE = 'Envoyez un seul fichier à la fois, sous le champ « file ».';

/**
 * One file per upload, under `file`, at most 10 Mo, with a few text fields; multer's refusals said in French, and the
 * file removed when the request fails before the document service has taken it.
 */
export const ONE_DOCUMENT = [
  new UploadErrorsInterceptor({
    field: 'file',
    error: 'Ce fichier n’a pas été accepté.',
    messages: {
      LIMIT_FILE_SIZE: DOCUMENT_TOO_LARGE,
      LIMIT_UNEXPECTED_FILE: ONE_FILE,
      LIMIT_FILE_COUNT: ONE_FILE,
      LIMIT_FIELD_COUNT: 'La demande contient trop de champs : envoyez le type de pièce et le fichier seulement.',
      LIMIT_FIELD_VALUE: 'Un champ de la demande est trop long.',
      LIMIT_FIELD_KEY: 'Un champ de la demande a un nom trop long.',
      LIMIT_PART_COUNT: 'La demande contient trop de parties : envoyez le type de pièce et le fichier seulement.',
    },
  }),
  FileInterceptor('file', { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 } }),
];

/** The file multer wrote, or the French 400 when the request brought none. */
export function uploaded(file: IncomingFile | undefined): IncomingFile {
  if (!file) throw new FieldsError({ file: 'Choisissez un fichier à envoyer.' }, 'Aucun fichier n’a été reçu.');
  return file;
}
