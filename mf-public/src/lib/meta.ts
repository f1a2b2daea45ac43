import { formatCents, formatSurface, plural, type GoodView, type PageMeta, type ResidenceDetails } from '@hsa-lli/common/domain';
import { flatSizeLabel } from './labels.js';

// What residence and good pages tell search engines and link previews, from their loaded data.

export function residenceMeta(data: unknown): PageMeta {
  const residence = data as ResidenceDetails | undefined;
  if (!residence) return {};
  return {
    title: `${residence.name}, ${residence.city.label}`,
    description: `${residence.name} à ${residence.city.label} (${residence.city.zip_code}) : ${plural(residence.goods.length, 'logement', 'logements')} en location intermédiaire, loyers plafonnés charges comprises.`,
    image: residence.photos[0] ? `${residence.photos[0].url}?w=1000` : undefined,
  };
}

export function goodMeta(data: unknown): PageMeta {
  const good = data as GoodView | undefined;
  if (!good) return {};
  return {
    title: `${flatSizeLabel(good.flat_size)} de ${formatSurface(good.surface)} à ${good._residence.city.label}`,
    description: `${flatSizeLabel(good.flat_size)} de ${formatSurface(good.surface)}, ${good._residence.name} à ${good._residence.city.label} : ${formatCents(good.rent_price_cents)} par mois charges comprises.`,
    image: good.photos[0] ? `${good.photos[0].url}?w=1000` : undefined,
  };
}
