import { residenceStatusLabel } from '@hsa-lli/common/back-office';
import type { ResidenceStatus } from '@hsa-lli/common/domain';

/** A residence's status at a glance: published stands out, a closed one says what it shows. */
export function StatusBadge({ status, closedLabel }: { status: ResidenceStatus; closedLabel: string | null }) {
  const kind = status === 'published' ? '' : status === 'closed' ? ' bo-badge--warning' : ' bo-badge--off';
  return (
    <span className={`bo-badge${kind}`}>
      {residenceStatusLabel(status)}
      {status === 'closed' && closedLabel ? ` (${closedLabel})` : ''}
    </span>
  );
}
