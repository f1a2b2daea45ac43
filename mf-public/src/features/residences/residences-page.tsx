import { Form, Link, useLoaderData, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { COMMUNES, communesByName, FLAT_SIZE_OPTIONS, FLAT_SIZES, plural, SERVED_ZONES, type ResidenceFilters, type ResidenceSummary } from '@hsa-lli/common/domain';
import { load } from '../../lib/api.js';
import { ResidencesMap } from '../../components/map/residences-map.js';
import { ResidenceCard } from '../../components/residence-card.js';
import { AlertCreation } from './alert-creation.js';
import '../../components/residences.css';

/** The filters of the page's address, read leniently: an unknown value is ignored. */
export function filtersFrom(search: URLSearchParams): ResidenceFilters {
  const filters: ResidenceFilters = {};
  const city = search.get('commune');
  if (city && COMMUNES.some((commune) => commune.value === city)) filters.city = city;
  const zone = search.get('zone');
  if (zone && (SERVED_ZONES as readonly string[]).includes(zone)) filters.zone = zone as ResidenceFilters['zone'];
  const size = search.get('typologie');
  if (size && (FLAT_SIZES as string[]).includes(size)) filters.flat_size = size as ResidenceFilters['flat_size'];
  const rent = Number(search.get('loyer_max')?.replace(',', '.'));
  if (search.get('loyer_max') && Number.isFinite(rent) && rent > 0) filters.max_rent = rent;
  if (search.get('disponible') === '1') filters.available_now = true;
  return filters;
}

export async function residencesLoader({ request }: LoaderFunctionArgs) {
  const filters = filtersFrom(new URL(request.url).searchParams);
  const { data } = await load<{ data: ResidenceSummary[] }>('/front/residences/list', filters, request);
  return { filters, residences: data };
}

const communesByDepartement = [
  { label: 'Pyrénées-Atlantiques', communes: communesByName().filter((commune) => commune.departement === '64') },
  { label: 'Landes', communes: communesByName().filter((commune) => commune.departement === '40') },
];

export function ResidencesPage() {
  const { filters, residences } = useLoaderData<typeof residencesLoader>();
  const navigation = useNavigation();
  const filtered = Object.keys(filters).length > 0;
  return (
    <div className="ui-page">
      <h1>Nos résidences</h1>
      <p className="residences-intro">
        Des appartements neufs ou récents, à loyers plafonnés, sur la côte basque et dans le sud des Landes. Les loyers
        indiqués comprennent les charges.
      </p>
      <Form method="get" className="residence-filters" aria-label="Filtrer les résidences">
        <div className="ui-field">
          <label htmlFor="filter-commune">Commune</label>
          <select id="filter-commune" name="commune" defaultValue={filters.city ?? ''}>
            <option value="">Toutes les communes</option>
            {communesByDepartement.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.communes.map((commune) => (
                  <option key={commune.value} value={commune.value}>
                    {commune.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label htmlFor="filter-zone">Zone</label>
          <select id="filter-zone" name="zone" defaultValue={filters.zone ?? ''}>
            <option value="">Toutes les zones</option>
            {SERVED_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                Zone {zone}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label htmlFor="filter-size">Typologie</label>
          <select id="filter-size" name="typologie" defaultValue={filters.flat_size ?? ''}>
            <option value="">Toutes les typologies</option>
            {FLAT_SIZE_OPTIONS.filter((option) => option.value !== 'garage').map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label htmlFor="filter-rent">Loyer maximum charges comprises (€ par mois)</label>
          <input id="filter-rent" name="loyer_max" type="number" min="0" step="10" inputMode="numeric" defaultValue={filters.max_rent ?? ''} />
        </div>
        <label className="residence-filters__check">
          <input type="checkbox" name="disponible" value="1" defaultChecked={filters.available_now === true} /> Disponible immédiatement
        </label>
        <div className="residence-filters__actions">
          <button type="submit" className="ui-button">
            Filtrer
          </button>
          {filtered && (
            <Link to="/residences" className="ui-button ui-button--secondary">
              Effacer les filtres
            </Link>
          )}
        </div>
      </Form>
      <AlertCreation filters={filters} />
      <p className="residences-count" role="status" aria-busy={navigation.state === 'loading'}>
        {residences.length === 0
          ? 'Aucune résidence ne correspond à ces critères.'
          : `${plural(residences.length, 'résidence', 'résidences')}${filtered ? ' correspondant à vos critères' : ''}`}
      </p>
      {residences.length === 0 && filtered && (
        <p>
          Élargissez votre recherche, ou <Link to="/residences">voyez toutes nos résidences</Link>.
        </p>
      )}
      <div className="residences-layout">
        <ul className="residence-list">
          {residences.map((residence) => (
            <ResidenceCard key={residence.id} residence={residence} Heading="h2" />
          ))}
        </ul>
        <ResidencesMap residences={residences} />
      </div>
    </div>
  );
}
