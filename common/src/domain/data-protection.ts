/**
 * The data subject's rights on their own data (docs/data-protection.md): the export of everything the platform holds
 * about them, and the erasure of their account and file, with what a signed lease keeps and until when.
 */
import { z } from 'zod/mini';
import { currentPasswordField } from './accounts.js';
import { builtWhenUsed } from './schema.js';

/** Why something was erased: a retention delay that ended, or the person's own request. */
export const ERASURE_RULES = ['inactive', 'inactive_file', 'closed', 'lease_documents', 'after_leaving', 'contact', 'unused_invitation', 'request'] as const;
export type ErasureRule = (typeof ERASURE_RULES)[number];

/** What an erasure took: a file's documents, the file itself, a contact request, an account. */
export const ERASED_PARTS = ['documents', 'file', 'contact', 'account'] as const;
export type ErasedPart = (typeof ERASED_PARTS)[number];

/** The password confirms that the person asking is the account's owner. */
export const eraseMeSchema = builtWhenUsed(() => z.strictObject({ password: currentPasswordField() }));
export type EraseMeRequest = z.output<typeof eraseMeSchema>;

/** What `POST /api/users/erase-me` answers: what went, and what a signed lease keeps and until when (null: nothing). */
export interface EraseMeAnswer {
  erased: string[];
  kept: { what: string[]; until: string | null; why: string } | null;
}

/** An instant `months` later (earlier when negative), the day of the month kept: how keeping delays in months are counted. */
export function addMonths(instant: Date, months: number): Date {
  const moved = new Date(instant);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved;
}

/** The name of the ZIP a person downloads: their data on the day it was made. */
export function dataExportFileName(day: string): string {
  return `mes-donnees-hsa-${day}.zip`;
}

/** Whose data an rgpd contact request is about, as staff see it on the request's page; null: no account matches. */
export interface RgpdSubjectAnswer {
  subject: { account_id: number; name: string; email: string; record: { id: number; reference: string; stage_label: string } | null } | null;
}
