import type { StaffRecord } from '@hsa-lli/common/back-office';

/** The household's documents, per person, with the viewer of staff's watermarked copies and the review. */
export function RecordDocuments({ record }: { record: StaffRecord }) {
  return <section aria-label="Pièces justificatives">{record.documents.length}</section>;
}

/** The file's shared upload links: created, listed, withdrawn by staff. */
export function RecordUploadLinks({ recordId }: { recordId: number }) {
  return <section aria-label="Liens de dépôt">{recordId}</section>;
}
