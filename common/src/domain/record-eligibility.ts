/** What a household's incomes say of its file: its LLI eligibility by zone, and what a rent would weigh. */
import { currentLliYear } from './eligibility.js';
import { incomeCeiling } from './lli.js';
import type { Household, Zone } from './reference.js';

/** The household's LLI eligibility for the zones of what it looks for; null while something needed is missing. */
export interface HouseholdEligibility {
  year: number;
  income: number;
  by_zone: { zone: Zone; ceiling: number; eligible: boolean }[];
}

/** The LLI eligibility of a household against the ceilings of each zone (the rule of lli.ts), or null if incomplete. */
export function householdEligibility(
  household: { situation: Household; dependants: number; incomes: (number | null)[] },
  zones: readonly Zone[],
  year = currentLliYear(),
): HouseholdEligibility | null {
  if (zones.length === 0 || household.incomes.some((income) => income === null)) return null;
  const income = household.incomes.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  return {
    year,
    income,
    by_zone: [...new Set(zones)].map((zone) => {
      const ceiling = incomeCeiling(year, zone, household.situation, household.dependants);
      return { zone, ceiling, eligible: income <= ceiling };
    }),
  };
}

/** The monthly rent over a twelfth of the yearly income: the effort rate housing providers read. */
export function rentRatio(rentCents: number, yearlyIncome: number | null): number | null {
  if (yearlyIncome === null || yearlyIncome <= 0) return null;
  return rentCents / 100 / (yearlyIncome / 12);
}

/** Above a third of the income, a rent is usually judged too heavy. */
export const RENT_RATIO_LIMIT = 1 / 3;

/** A rent over a third of the income (`rentRatio`): one housing providers usually judge too heavy; unknown is not. */
export function isHeavyRent(ratio: number | null): boolean {
  return ratio !== null && ratio > RENT_RATIO_LIMIT;
}
