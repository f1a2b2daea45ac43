/** Shared upload links: a record's owner or staff let someone without an account add documents to it. */
import * as z from 'zod/mini';
import type { DocumentName } from './documents.js';
import { emailProblem } from './passwords.js';
import type { Household } from './reference.js';
import { builtWhenUsed, textIdField } from './schema.js';

/** A document as the shared upload page sees it once sent: nothing of the file is shown back. */
export interface SharedDocumentView {
  id: number;
  type: DocumentName;
  file_name: string;
  /** ISO 8601. */
  uploaded_at: string;
}

/** A shared upload link of a record (`/deversement-de-pieces/<record_id>/<token>`), as its owner or staff list it. */
export interface UploadLinkView {
  id: number;
  /** The address the link was sent to, if it was e-mailed. */
  email: string | null;
  created_by: string;
  /** ISO 8601. */
  created_at: string;
  expires_at: string;
}

/** What the shared upload page shows: whose file it is (first names only) and what may be added. */
export interface SharedUploadInfos {
  owner: string;
  situation: Household;
  required_documents: DocumentName[];
  /** ISO 8601. */
  expires_at: string;
}

/** `POST /api/records/upload-links/create`: optionally e-mailed to the person who will add the documents. */
export const uploadLinkCreateSchema = builtWhenUsed(() => z.strictObject({
  email: z.optional(
    z.pipe(
      z.string("L'adresse e-mail n'est pas valide.").check(z.trim(), z.refine((email) => email === '' || emailProblem(email) === null, "L'adresse e-mail n'est pas valide.")),
      z.transform((email: string) => (email === '' ? undefined : email.toLowerCase())),
    ),
  ),
}));

/** The part of a shared upload link's address the API checks: the record and the secret. */
export const sharedLinkSchema = builtWhenUsed(() => z.strictObject({
  record_id: z.union([z.int('Le lien est incorrect.').check(z.minimum(1, 'Le lien est incorrect.')), textIdField('Le lien est incorrect.')], 'Le lien est incomplet.'),
  token: z.string('Le lien est incomplet.').check(z.maxLength(200, 'Le lien est incorrect.')),
}));
