/**
 * What the documents tell the rest of the API (docs/api-convention.md, « When something changed »):
 * RecordDocumentsService emits it once a file's documents changed (added, replaced, removed, reviewed), and awaits it
 * (`emitAsync`); the files list's upkeep (records/) listens, so that what is missing is in the list when the API answers.
 */
export const DOCUMENT_EVENTS = {
  changed: 'documents.changed',
} as const;

export class DocumentsChanged {
  constructor(readonly recordId: number) {}
}
