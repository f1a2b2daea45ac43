/**
 * Communes served, with their zone of the zonage ABC.
 * Source: zonage ABC in force since the arrêté of 5 July 2024 (openfisca-france asset
 * zonage-abc-juillet-2024.csv); postal codes from La Poste. LLI is possible only in zones A bis, A and B1.
 * Check against the arrêté of 5 September 2025 before production use.
 */
import { slugify } from './format.js';
import type { Zone } from './reference.js';

export interface Commune {
  /** INSEE code: the `value` of a city entry. */
  value: string;
  label: string;
  zip_code: string;
  departement: '40' | '64';
  /** The zone of the zonage ABC (the spec's `areas`). */
  areas: Zone;
}

export const COMMUNES: readonly Commune[] = [
  { value: '64024', label: 'Anglet', zip_code: '64600', departement: '64', areas: 'A' },
  { value: '64122', label: 'Biarritz', zip_code: '64200', departement: '64', areas: 'A' },
  { value: '64125', label: 'Bidart', zip_code: '64210', departement: '64', areas: 'A' },
  { value: '64189', label: 'Ciboure', zip_code: '64500', departement: '64', areas: 'A' },
  { value: '64483', label: 'Saint-Jean-de-Luz', zip_code: '64500', departement: '64', areas: 'A' },
  { value: '64249', label: 'Guéthary', zip_code: '64210', departement: '64', areas: 'A' },
  { value: '40304', label: 'Soorts-Hossegor', zip_code: '40150', departement: '40', areas: 'A' },
  { value: '40296', label: 'Seignosse', zip_code: '40510', departement: '40', areas: 'A' },
  { value: '64102', label: 'Bayonne', zip_code: '64100', departement: '64', areas: 'B1' },
  { value: '64140', label: 'Boucau', zip_code: '64340', departement: '64', areas: 'B1' },
  { value: '64260', label: 'Hendaye', zip_code: '64700', departement: '64', areas: 'B1' },
  { value: '64545', label: 'Urrugne', zip_code: '64122', departement: '64', areas: 'B1' },
  { value: '64130', label: 'Biriatou', zip_code: '64700', departement: '64', areas: 'B1' },
  { value: '64038', label: 'Arcangues', zip_code: '64200', departement: '64', areas: 'B1' },
  { value: '64035', label: 'Arbonne', zip_code: '64210', departement: '64', areas: 'B1' },
  { value: '64009', label: 'Ahetze', zip_code: '64210', departement: '64', areas: 'B1' },
  { value: '64065', label: 'Ascain', zip_code: '64310', departement: '64', areas: 'B1' },
  { value: '64100', label: 'Bassussarry', zip_code: '64200', departement: '64', areas: 'B1' },
  { value: '64282', label: 'Jatxou', zip_code: '64480', departement: '64', areas: 'B1' },
  { value: '64304', label: 'Lahonce', zip_code: '64990', departement: '64', areas: 'B1' },
  { value: '64407', label: 'Mouguerre', zip_code: '64990', departement: '64', areas: 'B1' },
  { value: '64496', label: "Saint-Pierre-d'Irube", zip_code: '64990', departement: '64', areas: 'B1' },
  { value: '64540', label: 'Urcuit', zip_code: '64990', departement: '64', areas: 'B1' },
  { value: '64547', label: 'Ustaritz', zip_code: '64480', departement: '64', areas: 'B1' },
  { value: '64558', label: 'Villefranque', zip_code: '64990', departement: '64', areas: 'B1' },
  { value: '40065', label: 'Capbreton', zip_code: '40130', departement: '40', areas: 'B1' },
  { value: '40312', label: 'Tarnos', zip_code: '40220', departement: '40', areas: 'B1' },
  { value: '40209', label: 'Ondres', zip_code: '40440', departement: '40', areas: 'B1' },
  { value: '40133', label: 'Labenne', zip_code: '40530', departement: '40', areas: 'B1' },
  { value: '40273', label: 'Saint-Martin-de-Seignanx', zip_code: '40390', departement: '40', areas: 'B1' },
  { value: '40248', label: 'Saint-André-de-Seignanx', zip_code: '40390', departement: '40', areas: 'B1' },
  { value: '40284', label: 'Saint-Vincent-de-Tyrosse', zip_code: '40230', departement: '40', areas: 'B1' },
  { value: '40004', label: 'Angresse', zip_code: '40150', departement: '40', areas: 'B1' },
  { value: '40036', label: 'Bénesse-Maremne', zip_code: '40230', departement: '40', areas: 'B1' },
  { value: '40291', label: 'Saubion', zip_code: '40230', departement: '40', areas: 'B1' },
  { value: '40317', label: 'Tosse', zip_code: '40230', departement: '40', areas: 'B1' },
  { value: '40310', label: 'Soustons', zip_code: '40140', departement: '40', areas: 'B1' },
  { value: '40261', label: 'Saint-Geours-de-Maremne', zip_code: '40230', departement: '40', areas: 'B1' },
  { value: '40328', label: 'Vieux-Boucau-les-Bains', zip_code: '40480', departement: '40', areas: 'B1' },
  { value: '40181', label: 'Messanges', zip_code: '40660', departement: '40', areas: 'B1' },
  { value: '40187', label: 'Moliets-et-Maa', zip_code: '40660', departement: '40', areas: 'B1' },
  { value: '40088', label: 'Dax', zip_code: '40100', departement: '40', areas: 'B1' },
];

export function findCommune(value: string): Commune | undefined {
  return COMMUNES.find((commune) => commune.value === value);
}

let byName: readonly Commune[] | undefined;

/**
 * The communes in alphabetical order, accents read as their letter, for the lists people choose from.
 * Sorted once, on first use, by their slug rather than with Intl.Collator, which is slow to start.
 */
export function communesByName(): readonly Commune[] {
  byName ??= COMMUNES.map((commune) => ({ commune, key: slugify(commune.label) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ commune }) => commune);
  return byName;
}
