/**
 * Energy performance labels (DPE). Thresholds as the product spec states them (spec section 9),
 * per value: the first class whose threshold is at or above the value, otherwise G. A home's final
 * class is the worse of its energy class and its climate class (DPE 2021 method, arrêté du
 * 31 mars 2021). Source of the official bounds and rental bans: shared/data/dpe.json.
 */

export const ENERGY_CLASSES = [
  { letter: 'A', kwh: 69, kgC02: 5 },
  { letter: 'B', kwh: 110, kgC02: 11 },
  { letter: 'C', kwh: 180, kgC02: 30 },
  { letter: 'D', kwh: 250, kgC02: 50 },
  { letter: 'E', kwh: 330, kgC02: 70 },
  { letter: 'F', kwh: 420, kgC02: 100 },
  { letter: 'G', kwh: 10000, kgC02: 10000 },
] as const;

export type EnergyLetter = (typeof ENERGY_CLASSES)[number]['letter'];

/** Dates from which a home of that class may no longer be let (loi Climat et résilience). */
export const RENTAL_BANS: Partial<Record<EnergyLetter, string>> = {
  G: '2025-01-01',
  F: '2028-01-01',
  E: '2034-01-01',
};

function classOf(value: number, scale: 'kwh' | 'kgC02'): EnergyLetter {
  return ENERGY_CLASSES.find((energyClass) => value <= energyClass[scale])?.letter ?? 'G';
}

export function energyClass(kwh: number): EnergyLetter {
  return classOf(kwh, 'kwh');
}

export function climateClass(kgco2: number): EnergyLetter {
  return classOf(kgco2, 'kgC02');
}

export function finalEnergyClass(kwh: number, kgco2: number): EnergyLetter {
  const energy = energyClass(kwh);
  const climate = climateClass(kgco2);
  return energy > climate ? energy : climate;
}
