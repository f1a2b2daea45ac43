import { findCommune } from './communes.js';
import { LLI_YEARS, incomeCeiling } from './lli.js';
import type { Household, Zone } from './reference.js';

export interface EligibilityQuestion {
  household: Household;
  dependants: number;
  /** INSEE code of the commune of the flat wanted. */
  city: string;
  /** Revenu fiscal de référence of year N-2 of each person, in euros: one for a person alone, one or two for a couple. */
  incomes: number[];
  year: number;
}

export interface EligibilityAnswer {
  eligible: boolean;
  zone: Zone;
  year: number;
  /** The LLI income ceiling of the household's line and zone, in euros. */
  ceiling: number;
  /** The household's income: the sum of the persons' incomes, in euros. */
  income: number;
}

/** A question and its answer: what the contact form receives from the test to prefill its request. */
export interface EligibilityResult extends EligibilityQuestion, EligibilityAnswer {}

export const MAX_DEPENDANTS = 12;

/** The French reason of each wrong answer, by field; empty when the question can be answered. */
export function eligibilityProblems(question: Partial<Record<keyof EligibilityQuestion, unknown>>): Record<string, string> {
  const problems: Record<string, string> = {};
  if (question.household !== 'alone' && question.household !== 'couple') {
    problems.household = 'Indiquez si vous vivez seul(e) ou en couple.';
  }
  const dependants = question.dependants;
  if (typeof dependants !== 'number' || !Number.isInteger(dependants) || dependants < 0 || dependants > MAX_DEPENDANTS) {
    problems.dependants = `Indiquez un nombre de personnes à charge entre 0 et ${MAX_DEPENDANTS}.`;
  }
  if (typeof question.city !== 'string' || !findCommune(question.city)) {
    problems.city = 'Choisissez la commune du logement dans la liste.';
  }
  const incomes = question.incomes;
  if (!Array.isArray(incomes) || incomes.length === 0) {
    problems.incomes = 'Indiquez le revenu fiscal de référence de chaque personne.';
  } else if (incomes.some((income) => typeof income !== 'number' || !Number.isFinite(income))) {
    problems.incomes = 'Les revenus doivent être des montants en euros.';
  } else if (incomes.some((income) => (income as number) < 0)) {
    problems.incomes = 'Un revenu fiscal de référence ne peut pas être négatif.';
  } else if (incomes.some((income) => (income as number) > 10_000_000)) {
    problems.incomes = 'Ce montant semble trop élevé : vérifiez le revenu saisi.';
  } else if (question.household === 'alone' && incomes.length > 1) {
    problems.incomes = 'Une personne seule ne déclare qu’un revenu.';
  } else if (incomes.length > 2) {
    problems.incomes = 'Un couple déclare au plus deux revenus.';
  }
  if (typeof question.year !== 'number' || !LLI_YEARS.includes(question.year)) {
    problems.year = `Les plafonds disponibles sont ceux de ${LLI_YEARS.join(' et ')}.`;
  }
  return problems;
}

/** Compares the household's income with the LLI ceiling; an income equal to the ceiling is eligible. */
export function checkEligibility(question: EligibilityQuestion): EligibilityAnswer {
  const commune = findCommune(question.city);
  if (!commune) throw new RangeError(`Unknown commune ${question.city}`);
  const ceiling = incomeCeiling(question.year, commune.areas, question.household, question.dependants);
  const income = question.incomes.reduce((sum, value) => sum + value, 0);
  return { eligible: income <= ceiling, zone: commune.areas, year: question.year, ceiling, income };
}

/** The year whose ceilings apply today: this year's when published, else the latest. */
export function currentLliYear(now = new Date()): number {
  const year = now.getFullYear();
  return LLI_YEARS.includes(year) ? year : Math.max(...LLI_YEARS.filter((known) => known <= year), Math.min(...LLI_YEARS));
}
