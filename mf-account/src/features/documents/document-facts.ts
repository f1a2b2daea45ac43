import { formatDate, formatNumber, type RecordDocumentView } from '@hsa-lli/common/domain';

/** « 240 ko », « 2,4 Mo ». */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))}\u00a0ko`;
  return `${formatNumber(bytes / (1024 * 1024), 1)}\u00a0Mo`;
}

const BY: Record<RecordDocumentView['source'], string> = { owner: '', shared_link: ' par lien de dépôt', staff: ' par HSA' };

/** « PDF de 3 pages, 240 ko, déposé le 12 mars 2026 », « Photo, 2,4 Mo, déposée par lien de dépôt le … ». */
export function fileFacts(file: Pick<RecordDocumentView, 'content_type' | 'pages' | 'size' | 'source' | 'uploaded_at'>): string {
  const pdf = file.content_type === 'application/pdf';
  const what = pdf ? `PDF de ${file.pages} page${file.pages > 1 ? 's' : ''}` : 'Photo';
  return `${what}, ${fileSize(file.size)}, ${pdf ? 'déposé' : 'déposée'}${BY[file.source]} le ${formatDate(file.uploaded_at)}`;
}
