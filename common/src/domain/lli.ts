/**
 * Ceilings of the logement locatif intermédiaire (LLI), France métropolitaine.
 * Basis: art. 279-0 bis A CGI, ceilings of art. 199 novovicies III, amounts in art. 2 terdecies D
 * annexe III CGI, as published for leases signed in 2025 and 2026 (source: shared/data/lli-ceilings.json;
 * check against BOI-BAREME-000017 before production, three 2025 cells differ by 1 EUR between sources).
 * Income is the revenu fiscal de référence of year N-2 of the tax household(s).
 */
import type { Household, Zone } from './reference.js';

type ByZone = Record<Zone, number>;

function byZone([Abis, A, B1, B2C]: [number, number, number, number]): ByZone {
  return { Abis, A, B1, B2C };
}

interface IncomeTable {
  single: ByZone;
  couple: ByZone;
  /** Lines for 1 to 4 dependants, whatever the household. */
  dependants: [ByZone, ByZone, ByZone, ByZone];
  perExtraDependant: ByZone;
}

export const LLI_INCOME_CEILINGS: Record<number, IncomeTable> = {
  2025: {
    single: byZone([43953, 43953, 35825, 32243]),
    couple: byZone([65691, 65691, 47842, 43056]),
    dependants: [
      byZone([86112, 78963, 57531, 51778]),
      byZone([102812, 94585, 69455, 62510]),
      byZone([122326, 111971, 81705, 73535]),
      byZone([137648, 126001, 92080, 82873]),
    ],
    perExtraDependant: byZone([15335, 14039, 10272, 9242]),
  },
  2026: {
    single: byZone([44344, 44344, 36144, 32530]),
    couple: byZone([66276, 66276, 48268, 43439]),
    dependants: [
      byZone([86878, 79666, 58043, 52239]),
      byZone([103727, 95427, 70073, 63066]),
      byZone([123415, 112968, 82432, 74189]),
      byZone([138874, 127122, 92900, 83611]),
    ],
    perExtraDependant: byZone([15471, 14164, 10364, 9325]),
  },
};

/** Monthly rent ceiling per m² of surface, charges excluded, before the surface coefficient. */
export const LLI_RENT_PER_M2: Record<number, ByZone> = {
  2025: byZone([19.51, 14.49, 11.68, 10.15]),
  2026: byZone([19.71, 14.64, 11.8, 10.26]),
};

export const LLI_YEARS = Object.keys(LLI_INCOME_CEILINGS).map(Number);

/** The yearly income ceiling, in euros, of a household line and zone. */
export function incomeCeiling(year: number, zone: Zone, household: Household, dependants: number): number {
  const table = LLI_INCOME_CEILINGS[year];
  if (!table) throw new RangeError(`No LLI ceilings for ${year}`);
  if (dependants <= 0) return (household === 'alone' ? table.single : table.couple)[zone];
  const line = table.dependants[Math.min(dependants, 4) - 1]!;
  return line[zone] + Math.max(0, dependants - 4) * table.perExtraDependant[zone];
}

/** Surface coefficient: 0.7 + 19/S, rounded to 2 decimals, capped at 1.2. */
export function surfaceCoefficient(surface: number): number {
  return Math.min(1.2, Math.round((0.7 + 19 / surface) * 100) / 100);
}

/** The monthly rent ceiling, charges excluded, in cents. */
export function rentCeilingCents(year: number, zone: Zone, surface: number): number {
  const perM2 = LLI_RENT_PER_M2[year];
  if (!perM2) throw new RangeError(`No LLI rent ceilings for ${year}`);
  return Math.floor(perM2[zone] * surfaceCoefficient(surface) * surface * 100);
}
