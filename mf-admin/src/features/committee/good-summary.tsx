import { Link } from 'react-router';
import { flatSizeLabel, PDF_DOCUMENTS, type SessionGoodView } from '@hsa-lli/common/back-office';
import { formatEuros, formatSurface, zoneLabel } from '@hsa-lli/common/domain';
import { selectPages, useAppSelector } from '@hsa-lli/common/store';

/** A good on the agenda: its residence and city, the flat, its rent, and its executive note when the caller may read it. */
export function GoodSummary({ good }: { good: SessionGoodView }) {
  const { pages } = useAppSelector(selectPages);
  return (
    <>
      <h2 id={`committee-good-${good.id}`}>
        {good.reference} <span className="committee-muted">— {good.residence.name}, {good.city}</span>
      </h2>
      <dl className="bo-meta committee-good-facts">
        <dt>Logement</dt>
        <dd>
          {flatSizeLabel(good.flat_size)} de {formatSurface(good.surface)}
        </dd>
        <dt>Loyer</dt>
        <dd>{formatEuros(good.rent)} par mois, charges comprises</dd>
        <dt>Zone LLI</dt>
        <dd>{zoneLabel(good.zone)}</dd>
      </dl>
      {pages.includes(PDF_DOCUMENTS.executive.page) && (
        <p>
          <Link to={PDF_DOCUMENTS.executive.path(good.id)}>Note de direction du logement {good.reference} (PDF)</Link>
        </p>
      )}
    </>
  );
}
