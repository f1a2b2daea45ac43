import { Link } from 'react-router';
import baseMap from './base-map.svg';
import { COMMUNE_POINTS, MAP_SIZE } from './map-geometry.js';
import './residences-map.css';

/** What the map needs of a residence: its page, its name and its commune. */
export interface MappedResidence {
  id: number;
  slug: string;
  name: string;
  city: { value: string; label: string };
}

/**
 * The picture's address without this page's origin when it is this page's: a page prerendered on the server's own
 * address (prerender.service.ts) must name it as every address the site answers on will (a remote on another origin
 * keeps its own).
 */
const mapAddress = () => (baseMap.startsWith(`${window.location.origin}/`) ? baseMap.slice(window.location.origin.length) : baseMap);

/** How far from its commune's point a residence's pin goes when the commune has several, in the map's units. */
const SPREAD = 16;

/** Each residence's place on the map, in percent of its width and height: around its commune's point when it shares it. */
function pinned(residences: readonly MappedResidence[]) {
  const byCommune = new Map<string, MappedResidence[]>();
  for (const residence of residences) byCommune.set(residence.city.value, [...(byCommune.get(residence.city.value) ?? []), residence]);
  return residences.flatMap((residence) => {
    const point = COMMUNE_POINTS[residence.city.value];
    if (!point) return [];
    const neighbours = byCommune.get(residence.city.value)!;
    const index = neighbours.indexOf(residence);
    const angle = (2 * Math.PI * index) / neighbours.length - Math.PI / 2;
    const radius = neighbours.length > 1 ? SPREAD : 0;
    const x = point[0] + radius * Math.cos(angle);
    const y = point[1] + radius * Math.sin(angle);
    return [{ residence, left: (x / MAP_SIZE.width) * 100, top: (y / MAP_SIZE.height) * 100 }];
  });
}

/**
 * « Carte des résidences »: the communes of the Basque coast and the Landes drawn by the project from open data
 * (common/reference/map/README.md), no third-party tiles, scripts or trackers; each residence a link to its page, reached by the
 * keyboard in the list's order. The list of the page is its text alternative. With `current`, the map of one
 * residence's page: its pin alone, not a link.
 */
export function ResidencesMap({ residences, current }: { residences: readonly MappedResidence[]; current?: number }) {
  const pins = pinned(residences);
  const single = current !== undefined;
  return (
    <figure className={`residences-map${single ? ' residences-map--single' : ''}`} aria-labelledby="residences-map-title">
      <figcaption id="residences-map-title" className="residences-map__title">
        {single ? 'Situation de la résidence' : 'Carte des résidences'}
      </figcaption>
      <div className="residences-map__canvas" style={{ aspectRatio: `${MAP_SIZE.width} / ${MAP_SIZE.height}` }}>
        <img src={mapAddress()} alt="" width={MAP_SIZE.width} height={MAP_SIZE.height} loading="lazy" decoding="async" />
        {pins.map(({ residence, left, top }) =>
          single ? (
            <span key={residence.id} className="residences-map__pin residences-map__pin--current" style={{ left: `${left}%`, top: `${top}%` }} role="img" aria-label={`${residence.name}, à ${residence.city.label}`}>
              <span className="residences-map__label" aria-hidden="true">
                {residence.city.label}
              </span>
            </span>
          ) : (
            <Link key={residence.id} to={`/residences/${residence.slug}`} className="residences-map__pin" style={{ left: `${left}%`, top: `${top}%` }}>
              <span className="residences-map__label">
                {residence.name}
                <span className="ui-visually-hidden">, à </span>
                <span className="residences-map__city">{residence.city.label}</span>
              </span>
            </Link>
          ),
        )}
      </div>
      <p className="residences-map__note">
        {single
          ? `La résidence est à ${residences[0]?.city.label ?? ''}, dans la commune repérée sur la carte.`
          : pins.length === 0
            ? 'Aucune résidence à situer sur la carte.'
            : `${pins.length === 1 ? 'La résidence de la carte est décrite' : `Les ${pins.length} résidences de la carte sont décrites`} dans la liste de la page.`}{' '}
        <span className="residences-map__source">Contours des communes : IGN, ADMIN EXPRESS COG 2018 (Licence ouverte), via france-geojson.</span>
      </p>
    </figure>
  );
}
