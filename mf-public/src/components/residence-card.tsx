import { Link } from 'react-router';
import { formatCents, plural, type ResidenceSummary } from '@hsa-lli/common/domain';
import { ResponsiveImage } from './responsive-image.js';

export function ResidenceCard({
  residence,
  priority = false,
  Heading = 'h3',
}: {
  residence: ResidenceSummary;
  priority?: boolean;
  /** The card's heading level, one below the list's own heading. */
  Heading?: 'h2' | 'h3';
}) {
  const photo = residence.photos[0];
  return (
    <li className="ui-card residence-card">
      {photo && <ResponsiveImage image={photo} sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 100vw" priority={priority} />}
      <div className="residence-card__body">
        <Heading>
          <Link to={`/residences/${residence.slug}`}>{residence.name}</Link>
        </Heading>
        <p>
          {residence.city.label} ({residence.city.zip_code}){residence.neighborhood ? ` — ${residence.neighborhood}` : ''}
        </p>
        <p className="residence-card__offer">
          {residence.goods_count === 0
            ? 'Aucun logement disponible pour le moment'
            : `${plural(residence.goods_count, 'logement', 'logements')}${
                residence.min_rent_price_cents === null ? '' : ` à partir de ${formatCents(residence.min_rent_price_cents)} par mois charges comprises`
              }`}
        </p>
      </div>
    </li>
  );
}
