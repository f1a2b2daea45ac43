import type { ContactFormRow } from '@hsa-lli/common/back-office';
import { CONTACT_SUBJECT_OPTIONS, formatDate, labelOf, REFERENCE_STATUS_OPTIONS, type ReferenceStatus } from '@hsa-lli/common/domain';

export const subjectLabel = (subject: string) => labelOf(CONTACT_SUBJECT_OPTIONS, subject);

export const statusLabel = (status: string) => labelOf(REFERENCE_STATUS_OPTIONS, status);

/** « Nouveau » waits for staff, « Terminé » is greyed. */
export function ContactStatusBadge({ status }: { status: ReferenceStatus }) {
  return <span className={`bo-badge${status === 'completed' ? ' bo-badge--off' : ''}`}>{statusLabel(status)}</span>;
}

/** An rgpd request: its deadline, and « En retard » once past it while still open. */
export function RgpdFlag({ row }: { row: Pick<ContactFormRow, 'rgpd' | 'rgpd_deadline' | 'overdue'> }) {
  if (!row.rgpd || !row.rgpd_deadline) return null;
  return (
    <span className="contact-rgpd">
      <span className={`bo-badge${row.overdue ? ' contact-rgpd--late' : ' bo-badge--warning'}`}>{row.overdue ? 'RGPD · En retard' : 'RGPD'}</span>{' '}
      <span>Réponse due le {formatDate(row.rgpd_deadline)}</span>
    </span>
  );
}
