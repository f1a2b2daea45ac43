import { Link } from 'react-router';
import { residencesSearch } from '@hsa-lli/common/domain';
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

/**
 * The least distance between two pins' middles, in the map's units: a pin is a target of 26 px, and the map is shown
 * at least 300 px wide (a 320 px phone), so that pins never overlap and each stays a whole target (WCAG 2.5.8).
 */
const APART = 90;

/** A commune's pin: its residences, where it points, and where it is drawn once kept apart from the others. */
interface Pin {
  commune: { value: string; label: string };
  residences: MappedResidence[];
  point: readonly [number, number];
  x: number;
  y: number;
}

/**
 * One pin per commune, at its point; pins closer than APART are pushed apart along the line between them, a few rounds,
 * and kept inside the map. A pin moved away from its commune is tied to it by a line.
 */
function pinned(residences: readonly MappedResidence[]): Pin[] {
  const pins: Pin[] = [];
  for (const residence of residences) {
    const point = COMMUNE_POINTS[residence.city.value];
    if (!point) continue;
    const pin = pins.find((each) => each.commune.value === residence.city.value);
    if (pin) pin.residences.push(residence);
    else pins.push({ commune: residence.city, residences: [residence], point, x: point[0], y: point[1] });
  }
  for (let round = 0; round < 60; round += 1) {
    let moved = false;
    for (const [index, a] of pins.entries()) {
      for (const b of pins.slice(index + 1)) {
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        const distance = Math.hypot(dx, dy);
        if (distance >= APART) continue;
        // Pins on one spot part vertically (the coast runs north to south).
        const [ux, uy] = distance === 0 ? [0, 1] : [dx / distance, dy / distance];
        const push = (APART - distance) / 2;
        a.x -= ux * push;
        a.y -= uy * push;
        b.x += ux * push;
        b.y += uy * push;
        moved = true;
      }
    }
    for (const pin of pins) {
      pin.x = Math.min(MAP_SIZE.width - APART / 2, Math.max(APART / 2, pin.x));
      pin.y = Math.min(MAP_SIZE.height - APART / 2, Math.max(APART / 2, pin.y));
    }
    if (!moved) break;
  }
  return pins;
}

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

/**
 * « Carte des résidences »: the communes of the Basque coast and the Landes drawn by the project from open data
 * (common/reference/map/README.md), no third-party tiles, scripts or trackers; a pin per commune, a link to its residence
 * (or to the list of its residences when it has several), reached by the keyboard in the list's order. The list of the
 * page is its text alternative. With `current`, the map of one residence's page: its pin alone, not a link.
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
        <svg className="residences-map__ties" viewBox={`0 0 ${MAP_SIZE.width} ${MAP_SIZE.height}`} aria-hidden="true" focusable="false">
          {pins
            .filter((pin) => Math.hypot(pin.x - pin.point[0], pin.y - pin.point[1]) > 8)
            .map((pin) => (
              <g key={pin.commune.value}>
                <line x1={pin.point[0]} y1={pin.point[1]} x2={pin.x} y2={pin.y} />
                <circle cx={pin.point[0]} cy={pin.point[1]} r="6" />
              </g>
            ))}
        </svg>
        {pins.map((pin) => {
          const style = { left: percent(pin.x, MAP_SIZE.width), top: percent(pin.y, MAP_SIZE.height) };
          const count = pin.residences.length;
          const name = `${single || count === 1 ? pin.residences[0]!.name : `${count} résidences`}, à ${pin.commune.label}`;
          if (single) {
            return (
              <span key={pin.commune.value} className="residences-map__pin residences-map__pin--current" style={style} role="img" aria-label={name}>
                <span className="residences-map__label" aria-hidden="true">
                  {pin.commune.label}
                </span>
              </span>
            );
          }
          // A commune with one residence leads to it; with several, to the list of that commune.
          const to = count === 1 ? `/residences/${pin.residences[0]!.slug}` : residencesSearch({ city: pin.commune.value });
          return (
            <Link key={pin.commune.value} to={to} className="residences-map__pin" style={style} aria-label={name}>
              {count > 1 && (
                <span className="residences-map__count" aria-hidden="true">
                  {count}
                </span>
              )}
              <span className="residences-map__label" aria-hidden="true">
                {name.replace(/, à .*$/, '')}
                <span className="residences-map__city">{pin.commune.label}</span>
              </span>
            </Link>
          );
        })}
      </div>
      <p className="residences-map__note">
        {single
          ? `La résidence est à ${residences[0]?.city.label ?? ''}, dans la commune repérée sur la carte.`
          : pins.length === 0
            ? 'Aucune résidence à situer sur la carte.'
            : `${residences.length === 1 ? 'La résidence de la carte est décrite' : `Les ${residences.length} résidences de la carte sont décrites`} dans la liste de la page.`}{' '}
        <span className="residences-map__source">Contours des communes : IGN, ADMIN EXPRESS COG 2018 (Licence ouverte), via france-geojson.</span>
      </p>
    </figure>
  );
}
